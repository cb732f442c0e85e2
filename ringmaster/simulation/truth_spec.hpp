// `--truth` of `ringmaster FILE simulate`: the true surface where it differs from the default
// (a random optimum in the range, the stated Elo), written CODE=OPTIMUM:ELO,... with either part
// left out: "c=0.3:20,pl=300:0,k=:40,m=7". OPTIMUM is an engine value within the parameter's
// range; ELO, the Elo lost half a range from the optimum (0: the parameter has no effect). The
// item opponent=ELO (unless a parameter is called so) sets the opponent's Elo relative to the
// optimum (default 0: the candidates win half their games at the optimum).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ringmaster/simulation/parameter_axes.hpp"

namespace rm::simulation {

struct AxisTruth {
  std::optional<double> optimum;  // unit position; none: drawn for each run
  std::optional<double> elo;      // none: the axis's stated Elo
};

struct Truth {
  std::vector<AxisTruth> axes;  // one per axis, in the axes' order
  double opponent_elo = 0.0;
};

// Throws std::invalid_argument naming the item for an unknown or repeated code, an item not of
// the form CODE=OPTIMUM:ELO, an optimum out of the parameter's range, an Elo that is not a
// number in [0, 1000], or an opponent's Elo not in [-1000, 1000].
Truth parse_truth(const std::string& text, const std::vector<ParameterAxis>& axes);

}  // namespace rm::simulation
