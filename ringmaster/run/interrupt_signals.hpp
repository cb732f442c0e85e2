// SIGINT (Ctrl-C) and SIGTERM: the handler only records the signal; the run loop polls
// interrupted() and stops at once (aborting games in progress). SIGPIPE is ignored so that
// writing to an engine that has died gives EPIPE instead of killing Ringmaster.
#pragma once

namespace rm::run {

void install_interrupt_handlers();
bool interrupted();
// For tests: forget a recorded signal.
void clear_interrupted();

}  // namespace rm::run
