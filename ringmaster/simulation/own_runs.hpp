// The runs of `ringmaster FILE simulate`: the user's tuner, unchanged, run again and again on
// true surfaces drawn for each run, on a few threads; the same results for any number of threads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ringmaster/control/control_file.hpp"
#include "ringmaster/simulation/own_run.hpp"
#include "ringmaster/simulation/truth_spec.hpp"

namespace rm::simulation {

struct OwnRunsSpec {
  int runs = 1;
  std::uint64_t seed = 1;
  int threads = 1;
  // Where the runs' candidates write their files (a directory per run, removed after it): the
  // control file's own directory must stay untouched.
  std::string scratch_directory;
  Truth truth;  // parse_truth's
  // The true surfaces' shape and interactions (elo_surface.hpp): a rotation drawn per run.
  SurfaceShape shape = SurfaceShape::Quadratic;
  bool rotated = false;
  int in_flight = 1;  // games in progress at once in each run (own_run.hpp)
};

struct OwnRunRecord {
  std::vector<rm::scales::Value> optimum;  // the true surface's, as engine values
  std::vector<double> elo_at_half_range;
  OwnRunResult result;
};

// One record per run, in run order. Run r's surface, tuner seed and game outcomes come from
// (seed, r) only. The control file's validation rounds are skipped (its tuning games only).
// Throws std::invalid_argument for a tuner with no number of games (it would never end), an
// opponent's Elo for a tuner without an opponent, and
// what the competition throws.
std::vector<OwnRunRecord> simulate_own_runs(const rm::control::ControlFile& control,
                                            const OwnRunsSpec& spec);

}  // namespace rm::simulation
