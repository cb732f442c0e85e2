// What `run -q --rating-interval N` prints every N games of a playoff or allplayall (as
// cutechess's -ratinginterval does): each matchup's score, Elo with its 95% interval (paired
// when the games are paired) and the SPRT's LLR, then the rating list when there is one.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace rm::report {

// From the competition's JSON report; empty for a tuner or before any game. e.g.
// "score of a v b: 12 - 7 - 1 [0.625] 20 games, Elo +88.7 ± 120.3 (paired), LOS 97.9%, SPRT
// [0, 50] llr 1.23 (-2.94, 2.94) continue".
std::vector<std::string> rating_lines(const nlohmann::json& report);

}  // namespace rm::report
