#pragma once
// Reading the `adjudication` mapping of the game settings. Internal to rm_control.
#include <map>
#include <string>

#include "ringmaster/control/yaml_reader.hpp"
#include "ringmaster/game/game_job.hpp"

namespace rm::control::detail {

// arbiter: internal | <code of a player in `players`>; cleanup_moves; resign_score,
// resign_moves, resign_after_moves; score_at_move_limit. `players` may be null when no
// player definitions are known (then an engine arbiter is refused).
rm::game::Adjudication read_adjudication(
    const Reader& r, const Field& f, const std::map<std::string, rm::game::PlayerSpec>* players);

}  // namespace rm::control::detail
