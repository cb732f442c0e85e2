#pragma once
// The settings of the tournament competition types, playoff and allplayall (gomill's
// playoffs.py and allplayalls.py). Reading and checks: tournament_settings.cpp; every
// setting: docs/control-file.md.
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/competitions/matchups/matchup_settings.hpp"

namespace rm::comp {

// The rating list of all players from all games (docs/rating-list.md): whose rating is
// fixed, and at what value. No anchor: the first player (allplayall: first competitor;
// playoff: player_1 of the first matchup, the gauntlet's player).
struct RatingSettings {
  std::optional<std::string> anchor;
  double anchor_rating = 0.0;
};

struct PlayoffSettings {
  std::vector<MatchupSettings> matchups;
  RatingSettings ratings;
  // Set when the matchups come from `gauntlet` (one player against each opponent).
  std::optional<std::string> gauntlet_player;
};

struct AllPlayAllSettings {
  std::vector<std::string> competitors;  // player codes, in control-file order (letters A, B, ...)
  std::optional<int> rounds;             // none = unlimited
  std::optional<SprtSettings> sprt;      // applied to every pair
  RatingSettings ratings;
};

}  // namespace rm::comp
