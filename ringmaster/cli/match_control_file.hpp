// `ringmaster match`: the options of a one-line match and the control file it writes (a
// playoff of one matchup), so that the run can be resumed, reported and changed like any
// other. Parsing and text only; cmd_match.cpp writes the file and runs it.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ringmaster/cli/command_line.hpp"

namespace rm::cli {

struct MatchOptions {
  std::vector<std::string> black, white;  // engine commands, split into whole arguments
  std::string black_code, white_code;     // player codes (default: the programs' names)
  int games = 100;
  int board_size = 19;
  double komi = 7.5;
  int handicap = 0;
  std::optional<int> move_limit;
  std::string scorer = "players";  // or "internal"
  bool alternate = false;          // swap colours every game
  bool reuse = false;              // keep engines alive between games
  std::string code = "match";      // competition code: <dir>/<code>.yaml
  std::string directory = ".";
  CommandLine run;  // -j, -q, --log-gtp (control_file set to <dir>/<code>.yaml)
};

// `args`: the arguments after "match". Usage errors and --help are a ParseExit.
std::variant<MatchOptions, ParseExit> parse_match_command_line(
    const std::vector<std::string>& args);

// The control file's text. Relative program paths that name a directory ("./bot") are made
// absolute against `cwd`, as the shell would have found them.
std::string match_control_file(const MatchOptions& options, const std::string& cwd);

}  // namespace rm::cli
