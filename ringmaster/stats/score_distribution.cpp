#include "ringmaster/stats/score_distribution.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "ringmaster/stats/wilson.hpp"

namespace rm::stats::detail {

ScoreMoments score_moments(std::span<const double> values, std::span<const std::int64_t> counts) {
  ScoreMoments moments;
  double weighted = 0.0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i] < 0) throw std::invalid_argument("result counts must not be negative");
    moments.samples += counts[i];
    weighted += static_cast<double>(counts[i]) * values[i];
  }
  if (moments.samples == 0) return moments;
  const double n = static_cast<double>(moments.samples);
  moments.mean = weighted / n;
  double squares = 0.0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const double deviation = values[i] - moments.mean;
    squares += static_cast<double>(counts[i]) * deviation * deviation;
  }
  moments.variance = squares / n;
  return moments;
}

EloEstimate elo_interval(const ScoreMoments& moments, std::int64_t games, double z) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (!(z > 0.0) || !std::isfinite(z))
    throw std::invalid_argument("Elo interval: z must be a positive number");
  EloEstimate estimate;
  estimate.games = games;
  estimate.samples = moments.samples;
  if (moments.samples == 0) {
    estimate.elo_lower = -kInf;
    estimate.elo_upper = kInf;
    estimate.margin = kInf;
    return estimate;
  }
  estimate.score = moments.mean;
  estimate.variance = moments.variance;
  estimate.elo = score_to_elo(moments.mean);
  const double standard_error = std::sqrt(moments.variance / static_cast<double>(moments.samples));
  double low = moments.mean - z * standard_error;
  double high = moments.mean + z * standard_error;
  // The normal approximation fails where the sample shows no variation (all won, all drawn,
  // every pair alike: a zero-width interval) or reaches past a certain result (an infinite
  // bound): the Wilson interval of the score over the games is honest there, and finite
  // except at a score of exactly 0 or 1.
  const auto wilson = wilson_interval_of_proportion(moments.mean, static_cast<double>(games), z);
  if (moments.variance == 0.0) {
    low = wilson.lower;
    high = wilson.upper;
  }
  if (low < 0.0) low = wilson.lower;
  if (high > 1.0) high = wilson.upper;
  estimate.elo_lower = score_to_elo(low);
  estimate.elo_upper = score_to_elo(high);
  // inf - inf (all won or all lost) would be NaN: the margin is unbounded there.
  estimate.margin = (std::isinf(estimate.elo_lower) || std::isinf(estimate.elo_upper))
                        ? kInf
                        : (estimate.elo_upper - estimate.elo_lower) / 2.0;
  return estimate;
}

}  // namespace rm::stats::detail
