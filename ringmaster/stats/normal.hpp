// The standard normal distribution: the few functions the match statistics need.
#pragma once

namespace rm::stats {

// z for a two-sided 95% interval: normal_quantile(0.975).
inline constexpr double kZ95 = 1.959963984540054;

// P(Z <= x) for a standard normal Z.
double normal_cdf(double x);

// The x with normal_cdf(x) == p, for p in (0, 1); throws std::invalid_argument otherwise.
double normal_quantile(double p);

// z for a two-sided interval of the given confidence (0.95 -> 1.95996...), confidence in (0, 1).
double two_sided_z(double confidence);

}  // namespace rm::stats
