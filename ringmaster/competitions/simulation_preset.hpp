#pragma once
// What the tuners' presets in the simulation bench share (CompetitionType::simulation_preset):
// the parameters are x1..xd, and their engine values are the coordinates in [-1, 1].
#include <string>

namespace rm::comp {

inline std::string simulation_parameter_code(int k) {
  return "x" + std::to_string(k + 1);
}

}  // namespace rm::comp
