#include "ringmaster/stats/chi_square.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace rm::stats {
namespace {

// P(a, x) by its power series (Numerical Recipes 6.2), which converges fast for x < a + 1.
double gamma_p_series(double a, double x) {
  double term = 1.0 / a;
  double sum = term;
  for (int n = 1; n < 10000; ++n) {
    term *= x / (a + n);
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * 1e-17) break;
  }
  return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}

// Q(a, x) = 1 - P(a, x) by its continued fraction (modified Lentz, Numerical Recipes 6.2), for
// x >= a + 1, where the series would need many terms.
double gamma_q_fraction(double a, double x) {
  constexpr double kTiny = 1e-300;
  double b = x + 1.0 - a;
  double c = 1.0 / kTiny;
  double d = 1.0 / b;
  double h = d;
  for (int i = 1; i < 10000; ++i) {
    const double an = -i * (i - a);
    b += 2.0;
    d = an * d + b;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = b + an / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1.0) < 1e-17) break;
  }
  return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}

}  // namespace

double chi_square_cdf(double x, int degrees) {
  if (degrees < 1)
    throw std::invalid_argument("chi_square_cdf: degrees of freedom must be at least 1");
  if (!(x > 0.0)) return 0.0;
  const double a = 0.5 * degrees;
  const double half = 0.5 * x;
  return half < a + 1.0 ? gamma_p_series(a, half) : 1.0 - gamma_q_fraction(a, half);
}

double chi_square_quantile(double p, int degrees) {
  if (!(p > 0.0 && p < 1.0))
    throw std::invalid_argument("chi_square_quantile: probability must be in (0, 1), got " +
                                std::to_string(p));
  if (degrees < 1)
    throw std::invalid_argument("chi_square_quantile: degrees of freedom must be at least 1");
  // Bisection, as normal_quantile: called once per design, so exactness beats speed. The
  // upper end is far in the tail for any p a caller means (the mean plus 40 standard
  // deviations, and more), doubled until it holds.
  double low = 0.0;
  double high = degrees + 40.0 * std::sqrt(2.0 * degrees) + 100.0;
  while (chi_square_cdf(high, degrees) < p) high *= 2.0;
  for (int i = 0; i < 400 && high - low > 0.0; ++i) {
    const double mid = 0.5 * (low + high);
    if (mid <= low || mid >= high) break;
    if (chi_square_cdf(mid, degrees) < p)
      low = mid;
    else
      high = mid;
  }
  return 0.5 * (low + high);
}

}  // namespace rm::stats
