// The `stop` command's remote control: the text "stop" in <code>.cmd, polled by the running
// ringmaster before it starts each new game.
#pragma once

#include <string>

namespace rm::run {

// Writes "stop" to the command file (replacing it). Throws RingmasterError if it cannot.
void request_stop(const std::string& cmd_path);

// True if the command file says "stop"; the file is then deleted so the request is acted on
// once. Any other content is left alone and ignored.
bool take_stop_request(const std::string& cmd_path);

// Whether a `run` holds the competition's lock file now (it is not taken: a run starting at
// the same moment is not disturbed). No lock file: false.
bool competition_is_running(const std::string& lock_path);

// Removes a command file left over from an earlier run (gomill does this at run start, so
// a stale "stop" does not end the new run at once).
void remove_stale_commands(const std::string& cmd_path);

}  // namespace rm::run
