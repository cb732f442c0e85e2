// One rating list for many players from all their games: the Bradley-Terry model fitted
// by maximum likelihood, as Ordo and BayesElo do. P(i beats j) = 1 / (1 + 10^((r_j - r_i)
// / 400)); a jigo counts half a win for each. Ratings are anchored: the anchor player's
// rating is fixed (its value is anchor_rating) and every other rating is relative to it.
//
// Intervals come from the curvature of the log-likelihood at its maximum (the observed
// Fisher information: the Hessian with the anchor's row and column removed, inverted), so
// they are relative to the anchor, whose own error is 0 by definition.
//
// When the maximum does not exist (a player won or lost every game it played, or the
// results split the players into groups that never lost to each other), every pair that
// played gets `prior_draws` virtual draws (BayesElo's prior): 1 by default. Players not
// connected to the anchor by games have no rating.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ringmaster/stats/normal.hpp"

namespace rm::stats {

// The games between two players (indices into the player list), from i's point of view.
struct PairResults {
  std::size_t i = 0, j = 0;
  double wins_i = 0;  // games i won
  double wins_j = 0;  // games j won
  double draws = 0;
};

struct PlayerRating {
  std::optional<double> rating;  // none: not connected to the anchor by games
  double error = 0;              // standard error (Elo), 0 for the anchor
  double lower = 0, upper = 0;   // rating -/+ z * error
  double games = 0;
  double points = 0;  // wins + draws / 2
};

struct RatingList {
  std::vector<PlayerRating> players;  // in the order of the input
  double prior_draws = 0;             // virtual draws per pair that were needed (0: none)
  int iterations = 0;                 // Newton steps to converge
};

struct RatingOptions {
  std::size_t anchor = 0;
  double anchor_rating = 0;
  double z = kZ95;           // interval width in standard errors (95% by default)
  double prior_draws = 1.0;  // used only when the plain maximum does not exist
};

// Throws std::invalid_argument for an anchor or pair index out of range, a pair of a
// player with itself, or negative counts.
RatingList bradley_terry(std::size_t player_count, const std::vector<PairResults>& results,
                         const RatingOptions& options = {});

}  // namespace rm::stats
