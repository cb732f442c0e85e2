// Equal bins of the model_tuner's normalised range [-1, 1]: the whole-range process's bins
// (binned_gp.hpp) and the cell bandit's cells (cell_bandit.hpp) are both cut this way.
#pragma once

#include <algorithm>

namespace rm::comp::model {

// The bin of u among `bins` equal bins (u outside the range goes to the end bins).
inline int range_bin(double u, int bins) {
  return std::clamp(static_cast<int>((u + 1.0) / 2.0 * bins), 0, bins - 1);
}

}  // namespace rm::comp::model
