#pragma once
// Reading a `time_control` mapping (game settings, or a player's own for time odds).
// Internal to rm_control.
#include "ringmaster/control/yaml_reader.hpp"
#include "ringmaster/game/time_control.hpp"

namespace rm::control::detail {

// system: absolute (main_time) | canadian (main_time, period_time, period_moves) |
// japanese (main_time, period_time, periods) | per_move (move_time); times in seconds.
rm::game::TimeControl read_time_control(const Reader& r, const Field& f);

}  // namespace rm::control::detail
