#include "ringmaster/competitions/wilson.hpp"

#include <algorithm>
#include <cmath>

namespace rm::comp {

std::optional<std::pair<double, double>> wilson_interval(int wins, int games, double z) {
  if (games <= 0) return std::nullopt;
  const double n = games;
  const double p = wins / n;
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half_width = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return std::make_pair(std::max(0.0, centre - half_width), std::min(1.0, centre + half_width));
}

}  // namespace rm::comp
