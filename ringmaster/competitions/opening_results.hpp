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

// The tallies kept game by game (a tournament's statistics), by opening name; a game without
// an opening, or void, counts nowhere.
using OpeningCounts = std::map<std::string, OpeningTally>;
void count_opening(OpeningCounts& counts, const rm::game::GameResult& r);
// Exact round trip of the counts (committed with each game); from_json throws
// nlohmann::json::exception for a malformed value.
nlohmann::json opening_counts_to_json(const OpeningCounts& counts);
OpeningCounts opening_counts_from_json(const nlohmann::json& j);

// One tally per opening, in the openings' order; openings without games are included, and
// openings no longer in the files (changed between runs) come last.
std::vector<OpeningTally> tally_openings(const std::vector<rm::game::Opening>& openings,
                                         const OpeningCounts& counts);

// "results per opening:" and a table: opening, games, B wins, W wins, no winner, then each
// player's wins ("code N").
std::string opening_results_text(const std::vector<OpeningTally>& tallies);
// [{"name", "games", "black_wins", "white_wins", "no_winner", "wins": {code: n}}]
nlohmann::json opening_results_json(const std::vector<OpeningTally>& tallies);

}  // namespace rm::comp
