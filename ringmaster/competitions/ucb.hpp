// The UCB1 urgency of the grid bandits: the mc_tuner's (gomill's formula, operation for operation,
// so that its choices stay exactly gomill's) and the model_tuner's bandit over coarse cells. Also
// the bandit settings of gomill's sample control file, which the simulator's mcN presets and the
// cell bandit use, so that "the mc_tuner's own bandit" means the same numbers everywhere.
#pragma once

#include <cmath>

namespace rm::comp {

inline constexpr double kSampleExplorationCoefficient = 0.45;
inline constexpr int kSampleInitialVisits = 10;
inline constexpr int kSampleInitialWins = 5;

// win_rate + exploration * sqrt(log(parent_visits)) * sqrt(1 / visits), evaluated in gomill's
// order (a different order can differ in the last bit and break a tie another way).
inline double ucb_urgency(double win_rate, double visits, double parent_visits,
                          double exploration) {
  const double uct_numerator = exploration * std::sqrt(std::log(parent_visits));
  const double rsqrt_visits = std::sqrt(1.0 / visits);
  return win_rate + uct_numerator * rsqrt_visits;
}

}  // namespace rm::comp
