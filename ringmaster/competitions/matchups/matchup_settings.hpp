#pragma once
// The settings of one pairing of two players: a playoff's matchup, an allplayall's pair, the
// tuners' candidate pool. Read by tournaments/tournament_settings.cpp.
#include <optional>
#include <string>

#include "ringmaster/game/game_job.hpp"
#include "ringmaster/stats/sprt.hpp"

namespace rm::comp {

// Our addition: stop a matchup once a sequential probability ratio test decides between
// "player_1 is elo0 stronger than player_2" (H0) and "elo1 stronger" (H1).
struct SprtSettings {
  double elo0 = 0.0;
  double elo1 = 5.0;
  double alpha = 0.05;
  double beta = 0.05;
  // normalized (the default, as fastchess 1.x and fishtest) or logistic Elo bounds.
  rm::stats::SprtModel model = rm::stats::SprtModel::kNormalized;
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

}  // namespace rm::comp
