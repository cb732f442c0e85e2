#include "ringmaster/stats/normal.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace rm::stats {

double normal_cdf(double x) {
  return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

double normal_quantile(double p) {
  if (!(p > 0.0 && p < 1.0))
    throw std::invalid_argument("normal_quantile: probability must be in (0, 1), got " +
                                std::to_string(p));
  // Bisection on the cdf: 200 halvings of [-40, 40] reach the resolution of a double, and
  // this is called once per report, so exactness beats speed.
  double low = -40.0;
  double high = 40.0;
  for (int i = 0; i < 200 && high - low > 0.0; ++i) {
    const double mid = 0.5 * (low + high);
    if (mid <= low || mid >= high) break;
    if (normal_cdf(mid) < p)
      low = mid;
    else
      high = mid;
  }
  return 0.5 * (low + high);
}

double two_sided_z(double confidence) {
  if (!(confidence > 0.0 && confidence < 1.0))
    throw std::invalid_argument("two_sided_z: confidence must be in (0, 1), got " +
                                std::to_string(confidence));
  return normal_quantile(0.5 + confidence / 2.0);
}

}  // namespace rm::stats
