// Elo difference between two players from their game results (logistic Elo, as cutechess and
// fastchess): the estimate, its 95% confidence interval and the likelihood of superiority.
#pragma once

#include <cstdint>

#include "ringmaster/stats/normal.hpp"

namespace rm::stats {

// Results of player A against player B, from A's point of view. Draws are jigos.
struct Wdl {
  std::int64_t wins = 0;
  std::int64_t draws = 0;
  std::int64_t losses = 0;

  std::int64_t games() const { return wins + draws + losses; }
  // A's points: a win is 1, a draw 1/2.
  double points() const;
};

// An Elo estimate of A - B. Infinities are real values here, never NaN:
//  - all games won: elo = elo_lower = elo_upper = +inf (all lost: -inf), margin = +inf;
//  - a bound of the score interval beyond 0 or 1 gives an infinite Elo bound and margin;
//  - no games: elo = 0, bounds -inf/+inf, margin +inf, los 0.5 (check `games`).
struct EloEstimate {
  std::int64_t games = 0;    // games behind the estimate
  std::int64_t samples = 0;  // independent samples: games (trinomial) or pairs (pentanomial)
  double score = 0.5;        // A's mean score per game, in [0, 1]
  double variance = 0.0;     // variance of one sample's score (per game or per pair)
  double elo = 0.0;          // score_to_elo(score)
  double elo_lower = 0.0;    // Elo of the lower end of the score's confidence interval
  double elo_upper = 0.0;    // Elo of the upper end
  double margin = 0.0;       // (elo_upper - elo_lower) / 2, the "±" cutechess and fastchess print
  double los = 0.5;          // likelihood of superiority: P(A is stronger than B), in [0, 1]

  bool has_games() const { return games > 0; }
};

// Logistic Elo of a mean score: -400 log10(1/score - 1); score <= 0 is -inf, >= 1 is +inf.
double score_to_elo(double score);
// Expected score of a player `elo` points stronger: 1 / (1 + 10^(-elo/400)).
double elo_to_score(double elo);

// Elo from win/draw/loss counts with the trinomial variance (cutechess Elo::errorMargin,
// fastchess EloWDL) and the LOS of cutechess. `z` sets the interval (default 95%).
// Throws std::invalid_argument for negative counts or z not positive.
EloEstimate estimate_elo(const Wdl& wdl, double z = kZ95);

// Likelihood of superiority from decisive games only (cutechess, chessprogramming wiki):
// 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))); 0.5 when there are no decisive games.
double likelihood_of_superiority(const Wdl& wdl);

}  // namespace rm::stats
