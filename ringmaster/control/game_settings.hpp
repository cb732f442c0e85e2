#pragma once
// Game settings shared by all competition types. For rm_control and the playoff's reader of
// each matchup's own game settings (competitions/tournaments/).
#include <map>
#include <string>
#include <vector>

#include "ringmaster/control/yaml_reader.hpp"
#include "ringmaster/game/game_job.hpp"

namespace rm::control::detail {

const std::vector<std::string>& game_setting_keys();

// gomill's game_settings with its checks: board_size 2..25 (required), komi (required),
// handicap none or >= 2 and within the style's maximum for the board size, move_limit
// positive, scorer players/internal, internal_scorer_handicap_compensation no/full/short.
// `players` (may be null) resolves an engine arbiter (adjudication.arbiter: <player code>).
rm::game::GameSettings read_game_settings(
    const Reader& r, const Mapping& top,
    const std::map<std::string, rm::game::PlayerSpec>* players = nullptr);
// The same, each setting taken from the first of `layers` that has it (a playoff matchup, then
// the top level); a missing board_size or komi is reported at the first layer.
rm::game::GameSettings read_game_settings(
    const Reader& r, const std::vector<const Mapping*>& layers,
    const std::map<std::string, rm::game::PlayerSpec>* players = nullptr);

// The largest handicap of a style on a board size (gomill's rule): fixed: 0 up to 7x7,
// 4 on even sizes, 9 on odd sizes; free: size*size - 1.
int max_handicap(rm::game::HandicapStyle style, int board_size);

}  // namespace rm::control::detail
