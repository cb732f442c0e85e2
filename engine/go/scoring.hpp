#pragma once
// Area (Chinese) scoring with every stone on the board counted as alive.
#include "engine/go/board.hpp"

namespace rm::go {

// Each side's stones plus the empty regions bordered by that side's stones only.
// Regions touching both colours (dame) or no stones at all count for nobody. Komi is not included.
struct AreaScore {
  int black = 0;
  int white = 0;
};

AreaScore area_score(const Board& b);

}  // namespace rm::go
