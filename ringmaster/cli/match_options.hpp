// `ringmaster match`: the options of a one-line match, parsed from its command line. The
// control file they make is match_control_file.hpp's; cmd_match.cpp writes and runs it.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ringmaster/cli/command_line.hpp"

namespace rm::cli {

struct MatchEngine {
  std::vector<std::string> command;  // split into whole arguments, never run by a shell
  std::string code;                  // the player code (default: the program's name)
};

// At most one clock for both players (docs/time-controls.md): system "" is none.
struct MatchClock {
  std::string system;  // "", "absolute", "canadian", "japanese", "per_move"
  double main_time = 0, period_time = 0, move_time = 0;
  int period_moves = 0, periods = 0;
  std::optional<double> margin;  // time_margin
};

struct MatchSprt {
  double elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05;
  std::optional<std::string> model;  // "normalized" (the default when absent) or "logistic"
};

struct MatchOpenings {
  std::string path;  // absolute; empty: no openings
  std::string order = "sequential";
  std::optional<int> moves;
  std::optional<long long> seed;
  bool pairs = true;  // each opening twice, colours swapped (cutechess's -repeat)
};

struct MatchAdjudication {
  std::string arbiter;                       // "", "internal", or a player code
  std::vector<std::string> arbiter_command;  // for an engine arbiter not among the engines
  std::optional<double> resign_score;
  std::optional<int> resign_moves, resign_after_moves;
};

struct MatchOptions {
  std::vector<MatchEngine> engines;  // player_1 first (--black is player_1)
  bool gauntlet = false;             // the first engine against each of the others
  int games = 100;                   // per pair of engines
  int board_size = 19;
  double komi = 7.5;
  int handicap = 0;
  std::optional<int> move_limit;
  std::string scorer = "players";  // or "internal"
  bool alternate = true;           // swap colours every game
  bool reuse = false;              // keep engines alive between games
  // Every player's timeouts.startup (seconds) and startup_banner_lines, when given.
  std::optional<double> startup_timeout;
  int startup_banner_lines = 0;
  MatchClock clock;
  std::optional<MatchSprt> sprt;
  MatchOpenings openings;
  MatchAdjudication adjudication;
  std::string code = "match";  // competition code: <dir>/<code>.yaml
  std::string directory = ".";
  CommandLine run;  // -j, -q, --log-gtp, --rating-interval (control_file <dir>/<code>.yaml)
};

// `args`: the arguments after "match"; `cwd` makes relative paths (openings) absolute. Usage
// errors and --help are a ParseExit.
std::variant<MatchOptions, ParseExit> parse_match_command_line(const std::vector<std::string>& args,
                                                               const std::string& cwd = ".");

}  // namespace rm::cli
