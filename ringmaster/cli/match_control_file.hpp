// `ringmaster match`: the control file a one-line match writes (a playoff: one matchup, a
// round robin's pairs, or a gauntlet), so that the run can be resumed, reported and changed
// like any other. Text only; cmd_match.cpp writes the file and runs it.
#pragma once

#include <optional>
#include <string>

#include "ringmaster/cli/match_options.hpp"

namespace rm::cli {

// The control file's text. Relative program paths that name a directory ("./bot") are made
// absolute against `cwd`, as the shell would have found them.
std::string match_control_file(const MatchOptions& options, const std::string& cwd);

// When `existing` is `wanted` but for its number of games (the same match, run again with
// another --games): the existing number, so that the caller can say what changes.
std::optional<std::string> games_changed_only(const std::string& existing,
                                              const std::string& wanted);

}  // namespace rm::cli
