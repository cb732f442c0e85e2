#include "ringmaster/simulation/paired.hpp"

#include <algorithm>
#include <cmath>

namespace rm::simulation {

MeanAndError mean_and_error(const std::vector<double>& values) {
  MeanAndError out;
  double sum = 0.0;
  for (double v : values)
    if (!std::isnan(v)) {
      sum += v;
      ++out.runs;
    }
  if (out.runs == 0) return out;
  out.mean = sum / out.runs;
  if (out.runs < 2) return out;
  double squares = 0.0;  // about the mean: no cancellation when the spread is small
  for (double v : values)
    if (!std::isnan(v)) squares += (v - out.mean) * (v - out.mean);
  out.standard_error = std::sqrt(squares / (out.runs - 1) / out.runs);
  return out;
}

MeanAndError paired_difference(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> differences;
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isnan(a[i]) && !std::isnan(b[i])) differences.push_back(a[i] - b[i]);
  return mean_and_error(differences);
}

}  // namespace rm::simulation
