#pragma once
// Fixed handicap layouts of the GTP v2 specification (section 4.1.1).
#include <vector>

#include "engine/go/vertex.hpp"

namespace rm::go {

// 0 for sizes 7 and below, 4 for even sizes, 9 for odd sizes from 9 up.
int max_fixed_handicap(int board_size);

// The points for `stones` handicap stones, in the spec's order; an empty vector if that
// handicap is not allowed (size <= 7, stones < 2 or stones > max_fixed_handicap).
std::vector<Vertex> fixed_handicap_points(int board_size, int stones);

}  // namespace rm::go
