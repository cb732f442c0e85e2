// Turning an SGF game tree into an Opening for a given board size, refusing what cannot be
// an opening (wrong board size, illegal or malformed moves, setup after the first move) with
// the position in the file.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "ringmaster/game/opening.hpp"
#include "ringmaster/game/sgf_reader.hpp"

namespace rm::game {

// what() is "line L column C: <what>".
class OpeningError : public std::runtime_error {
 public:
  OpeningError(SgfPosition p, const std::string& what);
  SgfPosition position;
};

// The tree's setup stones (AB/AW before the first move, points and FF[4] rectangles) and the
// first `max_moves` moves of its main line (all of them when nullopt), checked by playing
// them on a board of `board_size` (suicide is illegal). PL in a record without moves says
// who moves first. `name` becomes Opening::name.
Opening opening_from_sgf(const SgfGameTree& tree, int board_size, std::optional<int> max_moves,
                         const std::string& name);

}  // namespace rm::game
