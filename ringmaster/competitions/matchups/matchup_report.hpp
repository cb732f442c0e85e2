// One matchup's block in a tournament report: gomill's layout (name and games, unknown
// results, game settings, the wins table) followed by our statistics lines; and the same
// figures as JSON (schema: docs/json-reports.md).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "ringmaster/competitions/matchups/matchup_settings.hpp"
#include "ringmaster/competitions/matchups/matchup_stats.hpp"

namespace rm::comp {

// What a report shows of a matchup besides its games.
struct MatchupHeading {
  const MatchupSettings* settings;
  bool is_ghost = false;  // no longer in the control file: played games only
  // Another matchup has the same name: the heading adds "[matchup <id>]" so that the
  // blocks can be told apart (gomill's headings, otherwise unchanged).
  bool name_is_shared = false;
};

// "board size: 9   handicap: 3 (fixed)   komi: 7.5"
std::string describe_game_settings(const rm::game::GameSettings& g);

// gomill's write_matchup_summary (+ our lines); ends with a newline.
std::string matchup_block(const MatchupHeading& heading, const MatchupStats& stats);

nlohmann::json matchup_json(const MatchupHeading& heading, const MatchupStats& stats);

// Elo figures as JSON: infinite values become the strings "inf" / "-inf".
nlohmann::json elo_json(const rm::stats::EloEstimate& e);

}  // namespace rm::comp
