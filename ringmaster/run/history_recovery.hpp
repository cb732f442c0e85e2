// The history file is written after each game's commit, so a SIGKILL in between leaves the
// database with a game whose lines are missing from <code>.hist. The database keeps each
// game's lines (schema v2); the next run appends what the file lacks.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ringmaster/store/store.hpp"

namespace rm::run {

// The text to append to a history file holding `file_text` so that it ends with the lines of
// every stored game. `stored`: each game's lines in commit order ("\n"-terminated), nullopt
// for games committed before the database kept them. Returns "" when nothing is missing or
// when the file does not end as expected (edited by hand: it is left alone).
std::string missing_history(const std::string& file_text,
                            const std::vector<std::optional<std::string>>& stored);

// Reads the file (missing = empty) and appends what missing_history() finds; returns the
// number of lines appended.
int restore_missing_history(const std::string& hist_path,
                            const std::vector<std::optional<std::string>>& stored);

// The same for a run, at a cost that does not grow with the games: the lines of the last games
// only (missing_history looks no further back) against the end of the file. Every game's
// lines are read only when the file is missing or empty.
int restore_missing_history(const std::string& hist_path, rm::store::Store& store);

}  // namespace rm::run
