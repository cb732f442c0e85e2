// `ringmaster CONTROL_FILE [COMMAND]` with options anywhere: parsing only, no side effects.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace rm::cli {

inline constexpr const char* kVersionText = "ringmaster 0.1.0";
inline constexpr int kExitOk = 0, kExitError = 1, kExitUsage = 2, kExitInterrupted = 3,
                     kExitInternal = 4;

struct CommandLine {
  std::string control_file;
  std::string command = "run";  // run stop show report reset check candidates playoff-file simulate
  int parallel = 1;             // --parallel/-j: worker threads, 1..1023
  std::optional<int> max_games;  // --max-games/-g
  bool quiet = false;            // --quiet/-q
  int rating_interval = 0;       // --rating-interval (run -q): Elo lines every N games; 0 none
  bool log_gtp = false;          // --log-gtp
  bool json = false;             // --json (report/show)
  bool html = false;             // --html (report): print the HTML report
  bool csv = false;              // --csv (report): print one CSV row per game
  std::string sgf_collection;    // --sgf-collection FILE (report): every game's SGF in one file
  bool affinity = false;         // --affinity (run): pin each worker and its engines to a CPU
  std::string executor;          // --executor (run): "local" or "slurm"; "" = the control file's
  bool parallel_given = false;   // -j was given (it is for local threads only)
  std::string baseline;          // --baseline (playoff-file): player_2 ("" = the opponent)
  std::string output;            // --output/-o (playoff-file): the file to write ("-": stdout)
  std::optional<std::string> values;  // --values (candidates): "c=0.4,pl=300", a point to render
  int runs = 100;                     // --runs (simulate): simulated runs of the tuner
  std::uint64_t seed = 1;  // --seed (simulate): the runs' surfaces, tuner seeds, outcomes
  std::string truth;       // --truth (simulate): the true surface (truth_spec.hpp)
  std::string surface;     // --surface (simulate): its shape (elo_surface.hpp); "": quadratic
  bool rotate = false;     // --rotate (simulate): interactions, a random rotation per run
  int in_flight = 1;       // --in-flight (simulate): games in progress at once in a run
  std::string json_file;   // --json FILE (simulate): every run's recommendation and loss
};

// Parsing ended without a command to run: --help, --version, or a usage error.
struct ParseExit {
  int status = kExitOk;  // 0 for --help/--version, 2 for a usage error
  std::string out, err;  // text for stdout / stderr
};

const std::vector<std::string>& command_names();

std::variant<CommandLine, ParseExit> parse_command_line(const std::vector<std::string>& args);

}  // namespace rm::cli
