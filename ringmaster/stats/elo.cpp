#include "ringmaster/stats/elo.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "ringmaster/stats/score_distribution.hpp"

namespace rm::stats {

double Wdl::points() const {
  return static_cast<double>(wins) + 0.5 * static_cast<double>(draws);
}

double score_to_elo(double score) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (score <= 0.0) return -kInf;
  if (score >= 1.0) return kInf;
  // 400 log10(s / (1 - s)): the same value without the -0.0 of -400 log10(1) at s = 1/2.
  return 400.0 * std::log10(score / (1.0 - score));
}

double elo_to_score(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

double likelihood_of_superiority(const Wdl& wdl) {
  const std::int64_t decisive = wdl.wins + wdl.losses;
  if (decisive == 0) return 0.5;
  const double difference = static_cast<double>(wdl.wins - wdl.losses);
  return 0.5 * (1.0 + std::erf(difference / std::sqrt(2.0 * static_cast<double>(decisive))));
}

EloEstimate estimate_elo(const Wdl& wdl, double z) {
  static constexpr std::array<double, 3> kScores{0.0, 0.5, 1.0};
  const std::array<std::int64_t, 3> counts{wdl.losses, wdl.draws, wdl.wins};
  EloEstimate estimate =
      detail::elo_interval(detail::score_moments(kScores, counts), wdl.games(), z);
  estimate.los = likelihood_of_superiority(wdl);
  return estimate;
}

}  // namespace rm::stats
