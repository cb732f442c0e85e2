// What the tuners take from a finished game besides its outcome: the game number of a numbered
// tuner's game id, and the opponent's description for the reports.
#pragma once

#include <optional>
#include <string>

#include "ringmaster/game/game_result.hpp"

namespace rm::comp {

// "17" -> 17; nullopt for anything but a plain non-negative decimal number that fits an int.
std::optional<int> parse_game_number(const std::string& game_id);

// The opponent's long description if its engine gave one, else its short one; `description`
// is left as it was when the engine gave neither (gomill's behaviour).
void note_opponent_description(std::string& description, const rm::game::GameResult& r,
                               const std::string& opponent);

}  // namespace rm::comp
