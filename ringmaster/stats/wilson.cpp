#include "ringmaster/stats/wilson.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace rm::stats {

std::optional<Interval> wilson_interval(std::int64_t successes, std::int64_t trials, double z) {
  if (trials < 0 || successes < 0 || successes > trials)
    throw std::invalid_argument("wilson_interval: need 0 <= successes <= trials, got " +
                                std::to_string(successes) + " of " + std::to_string(trials));
  if (!(z > 0.0) || !std::isfinite(z))
    throw std::invalid_argument("wilson_interval: z must be a positive number");
  if (trials == 0) return std::nullopt;
  return wilson_interval_of_proportion(static_cast<double>(successes) / static_cast<double>(trials),
                                       static_cast<double>(trials), z);
}

Interval wilson_interval_of_proportion(double p, double n, double z) {
  if (!(n > 0.0) || !(p >= 0.0 && p <= 1.0))
    throw std::invalid_argument("wilson_interval: need a proportion in [0, 1] and trials > 0");
  if (!(z > 0.0) || !std::isfinite(z))
    throw std::invalid_argument("wilson_interval: z must be a positive number");
  const double z2 = z * z;
  const double denominator = 1.0 + z2 / n;
  const double centre = (p + z2 / (2.0 * n)) / denominator;
  const double half_width = z * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denominator;
  // At p = 0 and p = 1 one end is exactly 0 or 1; rounding would leave it a hair off.
  const double lower = p == 0.0 ? 0.0 : std::max(0.0, centre - half_width);
  const double upper = p == 1.0 ? 1.0 : std::min(1.0, centre + half_width);
  return Interval{lower, upper};
}

}  // namespace rm::stats
