// What every executor that plays whole games in another process shares (an srun per game,
// long-lived workers): the job as sent there, and the checks on the result that comes back.
#pragma once

#include <string>

#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"

namespace rm::run {

// Where the engines' stderr goes here: the file (the event log) of engines whose stderr
// would be appended to one, and whether some engine passes it through to ours.
struct StderrHome {
  std::string file;
  bool pass_through = false;
};

// The job as the other process gets it: the SGF record comes back inside the result
// (return_sgf: no shared file system needed), and engines whose stderr would go to a file on
// this machine write it to the player process's stderr instead (the file may not exist
// there), which comes back to `home`.
rm::game::GameJob remote_job(const rm::game::GameJob& job, StderrHome* home = nullptr);

// Empty, or why `result` cannot be this job's: "the result is for another game (ID)".
std::string result_mismatch(const rm::game::GameJob& job, const rm::game::GameResult& result);

void write_all(int fd, const std::string& text);
// Appends text to the file (created if need be); a failure is ignored, as for an engine
// writing there: the game does not depend on it.
void append_to_file(const std::string& path, const std::string& text);

}  // namespace rm::run
