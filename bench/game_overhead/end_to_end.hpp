// The end-to-end mode of bench_game_overhead: the whole `ringmaster CONTROL run` command on a
// playoff of N games between two copies of an engine (one game at a time, SGF records on),
// timed from outside. What the referee-only modes leave out is in it: start-up, the startup
// checks, the per-game commit, the SGF, history and log writes, the display.
#pragma once

#include <string>

#include "run_cost.hpp"

namespace rm::bench {

struct EndToEndOptions {
  std::string ringmaster;  // the ringmaster executable
  // Another ringmaster (e.g. a build of an older commit) timed in the same runs, interleaved,
  // so that the comparison is made under the same load; "" for none.
  std::string compare_with;
  std::string engine;  // both players
  int games = 200;
  int moves = 75;         // move_limit
  int runs = 3;           // each run a fresh competition; figures for each and their range
  bool quiet = false;     // pass --quiet (no live display) to ringmaster
  bool affinity = false;  // pass --affinity
};

// Runs the playoff `runs` times in fresh temporary directories and prints the figures per game
// and against gomill's (32-34 ms wall, 29-31 ms CPU per game, itself plus engines, measured on
// the same workload); `referee_wall_ms` and `referee_cpu_ms` are the referee-only figures of
// the same run (the baseline printed beside them). Returns 0, or 1 when a run failed.
int run_end_to_end(const EndToEndOptions& options, double referee_wall_ms, double referee_cpu_ms);

}  // namespace rm::bench
