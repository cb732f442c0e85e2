// One simulated tuning run: the competition (any tuner, unchanged) asks for games as in a real
// run; up to `in_flight` games are outstanding at once and they finish in the order they were
// started; each is won by the candidate with the problem's probability at its point. At each
// budget the tuner's recommendation is scored by its simple regret.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ringmaster/control/control_file.hpp"
#include "ringmaster/simulation/problem.hpp"

namespace rm::comp {
class Competition;
}

namespace rm::simulation {

struct RunResult {
  std::vector<double> regrets;  // one per budget (ascending); NaN if the tuner finished earlier
  long games = 0;               // games simulated
  double choose_seconds = 0.0;  // time spent in next_job() (choosing candidates)
  double result_seconds = 0.0;  // time spent in on_result()
};

// Called after each result: the number of results so far, the point that game played, and the
// competition (to ask for its recommendation).
using GameObserver = std::function<void(long games, const std::vector<double>& played,
                                        const rm::comp::Competition&)>;

// `budgets` ascending. The competition's own seed must already be set (set_seed); `seed`
// drives the game outcomes.
RunResult simulate_run(const rm::control::ControlFile& control, const Problem& problem,
                       int in_flight, const std::vector<int>& budgets, std::uint64_t seed,
                       const GameObserver& observe = {});

// A tuner's behaviour in a few numbers, for golden tests: every `every` results, the point the
// last game played, the tuner's recommendation then, and its phase (the JSON report's "phase";
// empty for a tuner without phases).
struct TraceLine {
  long game = 0;
  std::vector<double> played;
  std::vector<double> recommended;
  std::string phase;
};
std::vector<TraceLine> trace_run(const rm::control::ControlFile& control, const Problem& problem,
                                 int in_flight, int games, int every, std::uint64_t seed);

}  // namespace rm::simulation
