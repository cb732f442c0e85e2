// Internal: the mean and variance of a sample's score from counts over a few score values,
// and the Elo interval they give. Shared by the trinomial (per game) and pentanomial (per
// pair, scores halved to a per-game scale) estimates and by the SPRT.
#pragma once

#include <cstdint>
#include <span>

#include "ringmaster/stats/elo.hpp"

namespace rm::stats::detail {

struct ScoreMoments {
  std::int64_t samples = 0;
  double mean = 0.5;
  double variance = 0.0;  // of one sample's score (population variance of the counts)
};

// `values[i]` is a score in [0, 1], `counts[i]` how many samples had it.
// Throws std::invalid_argument for a negative count.
ScoreMoments score_moments(std::span<const double> values, std::span<const std::int64_t> counts);

// Fills games, samples, score, variance, elo, elo_lower, elo_upper and margin (not los).
EloEstimate elo_interval(const ScoreMoments& moments, std::int64_t games, double z);

}  // namespace rm::stats::detail
