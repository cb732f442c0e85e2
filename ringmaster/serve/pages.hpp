// The pages of `ringmaster serve`: the list of competitions and one page per competition
// (the HTML report's sections and plots), each with a live part that the page's script
// (live_script.cpp) fetches again every 2 s and swaps in place; and the JSON behind them.
// Every value from a competition is escaped as in the HTML report.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ringmaster/serve/snapshot.hpp"

namespace rm::serve {

using Snapshots = std::vector<std::shared_ptr<const Snapshot>>;

// GET /api/competitions: one object per competition (id, code, type, status, games_played,
// games_total, validation_games_played, validation_games_total, headline, description,
// error, control_file, page, json, taken_at).
nlohmann::json competitions_json(const Snapshots& snapshots);

// GET /: the whole page; GET /fragment/index.html: its live part.
std::string index_page(const Snapshots& snapshots, const std::vector<std::string>& dirs);
std::string index_fragment(const Snapshots& snapshots, const std::vector<std::string>& dirs);

// GET /competition/<id>: the whole page; GET /competition/<id>/fragment.html: its live part.
std::string competition_page(const Snapshot& snapshot);
std::string competition_fragment(const Snapshot& snapshot);

// The plain page of an error status (404 "no such competition"...).
std::string error_page(int status, const std::string& message);

}  // namespace rm::serve
