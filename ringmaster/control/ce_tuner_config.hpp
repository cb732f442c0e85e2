#pragma once
// The settings of a ce_tuner competition (gomill's cross-entropy tuner). Reading and checks:
// ce_tuner_settings.cpp; every setting: docs/control-file.md.
#include "ringmaster/control/candidate_colour.hpp"
#include "ringmaster/control/candidate_template.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rm::control {

struct CeTunerSettings {
  // Filled in by the ce_tuner work (skeleton).
  std::string opponent;
};

}  // namespace rm::control
