// The Wilson score interval of a binomial proportion (a win rate): well-behaved for small
// samples and for 0 or n successes, unlike the normal approximation p ± z sqrt(p(1-p)/n).
#pragma once

#include <cstdint>
#include <optional>

#include "ringmaster/stats/normal.hpp"

namespace rm::stats {

struct Interval {
  double lower = 0.0;
  double upper = 0.0;
};

// Interval for `successes` out of `trials` (95% by default); nullopt when trials == 0.
// Throws std::invalid_argument unless 0 <= successes <= trials and z > 0.
std::optional<Interval> wilson_interval(std::int64_t successes, std::int64_t trials,
                                        double z = kZ95);

// The same formula for a mean score in [0, 1] over `trials` games (draws count 1/2, so the
// "successes" need not be whole). Throws std::invalid_argument unless trials > 0, 0 <=
// proportion <= 1 and z > 0.
Interval wilson_interval_of_proportion(double proportion, double trials, double z = kZ95);

}  // namespace rm::stats
