// SIGINT (Ctrl-C), SIGTERM and SIGHUP (the terminal or ssh session went away): the handler
// only records the signal; the run loop polls interrupted() and stops at once (aborting games
// in progress). SIGPIPE is ignored so that writing to an engine that has died gives EPIPE
// instead of killing Ringmaster.
#pragma once

#include <string>

namespace rm::run {

void install_interrupt_handlers();
bool interrupted();
// The name of the signal that interrupted the run ("SIGHUP"), "" if none.
std::string interrupt_signal_name();
// For tests: forget a recorded signal.
void clear_interrupted();

}  // namespace rm::run
