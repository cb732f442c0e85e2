// The statistics of ringmaster-simulate's tables: a mean with its standard error over runs, and
// the paired difference of two tuners run on the same runs (same problem, range and game
// outcomes), which removes the runs' shared luck from the comparison.
#pragma once

#include <vector>

namespace rm::simulation {

struct MeanAndError {
  int runs = 0;  // values used (NaN ones are skipped: a budget the run did not reach)
  double mean = 0.0;
  double standard_error = 0.0;  // 0 with fewer than two values
};

MeanAndError mean_and_error(const std::vector<double>& values);

// Of a[i] - b[i] over the runs where both are numbers. a and b are per run, in the same order.
MeanAndError paired_difference(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace rm::simulation
