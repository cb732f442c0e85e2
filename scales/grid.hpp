#pragma once
// The parameter space tree (gomill's mcts_tuners.Tree geometry): every node is a cuboid of
// [0,1]^N; an expanded node has prod(splits) children tiling it; a node is reached from the
// root by a path of child indices. Pure arithmetic, no statistics.
#include <string>
#include <vector>

#include "scales/parameter.hpp"
#include "scales/value.hpp"

namespace rm::scales {

// prod(splits); throws ScaleError if a split is not positive or the product overflows int.
int branching_factor(const std::vector<int>& splits);

// Child index -> coordinates, first dimension varying slowest: splits [3,3]: 0->(0,0),
// 1->(0,1), 3->(1,0). Throws ScaleError if child_index is out of range.
std::vector<int> child_coordinates(int child_index, const std::vector<int>& splits);
// Coordinates -> child index (the inverse).
int child_index(const std::vector<int>& coordinates, const std::vector<int>& splits);

// Optimiser values of the centre of the cuboid reached by `path` (depth = path.size(),
// the empty path is the root: 0.5 in every dimension), computed exactly as gomill does:
// breadth_d /= split_d per level, lo_d += breadth_d * coord_d, centre = lo + breadth/2.
std::vector<double> optimiser_point(const std::vector<int>& path, const std::vector<int>& splits);

// The splits of a parameter list.
std::vector<int> splits_of(const std::vector<Parameter>& params);

// Each parameter's scale applied to optimiser_point(path, splits_of(params)).
std::vector<Value> engine_values(const std::vector<int>& path,
                                 const std::vector<Parameter>& params);

// gomill's coordinate text: str(tuple) without spaces: "(1,)", "(0,1)".
std::string format_coordinates(const std::vector<int>& coordinates);
// One child index as coordinates text.
std::string format_choice(int child_index, const std::vector<int>& splits);
// A path: each step's coordinates, space-separated: "(1,)" at depth 1, "(1,) (0,)" at depth 2.
std::string format_path(const std::vector<int>& path, const std::vector<int>& splits);

}  // namespace rm::scales
