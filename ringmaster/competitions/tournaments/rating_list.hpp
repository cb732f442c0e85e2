// The rating list of a tournament: every player, from every game of every matchup (ghost
// matchups included: their games were played), by Bradley-Terry maximum likelihood
// (ringmaster/stats/bradley_terry.hpp). Shown by allplayall, and by playoffs of three or
// more players (a gauntlet) or with a rating_anchor. Docs: docs/rating-list.md.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/competitions/tournaments/tournament.hpp"
#include "ringmaster/competitions/tournaments/tournament_settings.hpp"
#include "ringmaster/stats/bradley_terry.hpp"

namespace rm::comp {

struct RatingListReport {
  std::vector<std::string> players;  // in order of first appearance in the matchups
  std::string anchor;
  double anchor_rating = 0;
  rm::stats::RatingList list;  // parallel to players
};

// Nullopt before the first game with a known result.
std::optional<RatingListReport> tournament_rating_list(const Tournament& t,
                                                       const RatingSettings& s);

// "rating list (Bradley-Terry ...):" and a table, best first; ends with a newline.
std::string rating_list_text(const RatingListReport& r);
// The "rating_list" object of the JSON reports (docs/json-reports.md).
nlohmann::json rating_list_json(const RatingListReport& r);

}  // namespace rm::comp
