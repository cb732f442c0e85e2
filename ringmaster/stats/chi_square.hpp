// The chi-square distribution: what the SPSA design needs (its sum of squared, normalised
// parameter errors is chi-square with one degree of freedom per parameter).
#pragma once

namespace rm::stats {

// P(X <= x) for X chi-square with `degrees` degrees of freedom (degrees >= 1, x >= 0): the
// regularized lower incomplete gamma function P(degrees / 2, x / 2).
double chi_square_cdf(double x, int degrees);

// The x with chi_square_cdf(x, degrees) == p, for p in (0, 1); throws std::invalid_argument
// otherwise or for degrees < 1.
double chi_square_quantile(double p, int degrees);

}  // namespace rm::stats
