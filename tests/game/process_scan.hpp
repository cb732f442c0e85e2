// Finding processes a test left behind: descendants of this test process (live or zombie),
// read from /proc, so every referee test can assert that all engines were reaped.
#pragma once

#include <string>
#include <vector>

namespace rm::game::test {

// "pid state comm" for every descendant of the current process.
std::vector<std::string> descendant_processes();

// Waits up to `seconds` for descendants to disappear (process teardown is asynchronous
// only for grandchildren re-parented elsewhere); returns what is left.
std::vector<std::string> leftover_processes(double seconds = 2.0);

// Processes anywhere on the machine whose environment has GOMILL_GAME_ID=<game_id>: catches
// engines' own children that were re-parented to init when their parent died.
std::vector<std::string> processes_with_game_id(const std::string& game_id);

}  // namespace rm::game::test
