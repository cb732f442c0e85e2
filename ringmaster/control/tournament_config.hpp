#pragma once
// The settings of the tournament competition types, playoff and allplayall (gomill's
// playoffs.py and allplayalls.py). Reading and checks: tournament_settings.cpp; every
// setting: docs/control-file.md.
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/game/game_job.hpp"

namespace rm::control {

// Our addition: stop a matchup once a sequential probability ratio test decides between
// "player_1 is elo0 stronger than player_2" (H0) and "elo1 stronger" (H1).
struct SprtSettings {
  double elo0 = 0.0;
  double elo1 = 5.0;
  double alpha = 0.05;
  double beta = 0.05;
};

struct MatchupSettings {
  std::string id;                  // identifier; default: the matchup's index as a decimal string
  std::string name;                // default "<player_1> v <player_2>"
  bool name_given = false;         // SGF EV is "<code> (<name>)" only for a given name
  std::string player_1, player_2;  // player codes; player_2 is "<p1>#2" when both are the same
  rm::game::GameSettings game;
  bool alternating = false;
  std::optional<int> number_of_games;  // none = unlimited
  std::optional<SprtSettings> sprt;
};

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

}  // namespace rm::control
