#include "ringmaster/stats/pentanomial.hpp"

#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include "ringmaster/stats/score_distribution.hpp"

namespace rm::stats {

namespace {

// 0 for a loss, 1 for a jigo, 2 for a win: A's score counted in half points.
int half_points(const GameOutcome& outcome) {
  const double doubled = outcome.score * 2.0;
  if (doubled == 0.0) return 0;
  if (doubled == 1.0) return 1;
  if (doubled == 2.0) return 2;
  throw std::invalid_argument("game in pair '" + outcome.pair_key + "' has score " +
                              std::to_string(outcome.score) + "; expected 0, 0.5 or 1");
}

void add_game(Wdl& wdl, int half) {
  if (half == 2)
    ++wdl.wins;
  else if (half == 1)
    ++wdl.draws;
  else
    ++wdl.losses;
}

}  // namespace

std::string consecutive_pair_key(std::int64_t game_number) {
  if (game_number < 0)
    throw std::invalid_argument("game numbers must not be negative, got " +
                                std::to_string(game_number));
  return std::to_string(game_number / 2);
}

PairedResults pair_outcomes(const std::vector<GameOutcome>& outcomes) {
  PairedResults result;
  // pair key -> (games seen, half points so far)
  std::map<std::string, std::pair<int, int>> pairs;
  for (const GameOutcome& outcome : outcomes) {
    const int half = half_points(outcome);
    add_game(result.games, half);
    auto& [seen, total] = pairs[outcome.pair_key];
    if (seen == 2)
      throw std::invalid_argument("more than two games in pair '" + outcome.pair_key + "'");
    ++seen;
    total += half;
  }
  for (const auto& [key, entry] : pairs) {
    const auto [seen, total] = entry;
    if (seen < 2) {
      ++result.unpaired_games;
      continue;
    }
    switch (total) {
      case 0:
        ++result.pairs.ll;
        break;
      case 1:
        ++result.pairs.ld;
        break;
      case 2:
        ++result.pairs.wl_dd;
        break;
      case 3:
        ++result.pairs.wd;
        break;
      default:
        ++result.pairs.ww;
        break;
    }
  }
  return result;
}

Wdl count_outcomes(const std::vector<GameOutcome>& outcomes) {
  Wdl wdl;
  for (const GameOutcome& outcome : outcomes) add_game(wdl, half_points(outcome));
  return wdl;
}

EloEstimate estimate_elo(const Pentanomial& pairs, double z) {
  // A pair's score on the per-game scale (its total halved), so that the Elo is per game.
  static constexpr std::array<double, 5> kScores{0.0, 0.25, 0.5, 0.75, 1.0};
  const std::array<std::int64_t, 5> counts = pairs.counts();
  const detail::ScoreMoments moments = detail::score_moments(kScores, counts);
  EloEstimate estimate = detail::elo_interval(moments, pairs.games(), z);
  if (moments.samples > 0) {
    const double variance = moments.variance > 0.0 ? moments.variance : 0.25;
    estimate.los = normal_cdf((moments.mean - 0.5) /
                              std::sqrt(variance / static_cast<double>(moments.samples)));
  }
  return estimate;
}

}  // namespace rm::stats
