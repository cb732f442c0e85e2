// Results per opening ("openings: report: true"): each opening's games, wins by colour and by
// player, from the finished games' results. Text for the full report, JSON for the report.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ringmaster/game/game_result.hpp"
#include "ringmaster/game/opening.hpp"

namespace rm::comp {

struct OpeningTally {
  std::string name;
  int games = 0, black_wins = 0, white_wins = 0, no_winner = 0;
  std::map<std::string, int> wins;  // player code -> wins
};

// One tally per opening, in the openings' order; openings without games are included.
std::vector<OpeningTally> tally_openings(const std::vector<rm::game::Opening>& openings,
                                         const std::vector<const rm::game::GameResult*>& results);

// "results per opening:" and a table: opening, games, B wins, W wins, no winner, then each
// player's wins ("code N").
std::string opening_results_text(const std::vector<OpeningTally>& tallies);
// [{"name", "games", "black_wins", "white_wins", "no_winner", "wins": {code: n}}]
nlohmann::json opening_results_json(const std::vector<OpeningTally>& tallies);

}  // namespace rm::comp
