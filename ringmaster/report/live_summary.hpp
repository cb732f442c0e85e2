// The live display's summary of where the competition stands, from its JSON report: for the
// tuners the current best (or estimated optimum) with its interval, for tournaments one Elo
// line per matchup. Redrawn with every frame, so the Elo lines follow the games.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace rm::report {

// e.g. {"best now: pl: 129, win rate 55.0% (95%: 45.1% to 64.5%) from 40 games"} or
// {"elo uct-50 v uct-25: +35 ± 60 (40 games, LOS 87.3%)", ...}; empty before any game.
std::vector<std::string> live_summary_lines(const nlohmann::json& report);

}  // namespace rm::report
