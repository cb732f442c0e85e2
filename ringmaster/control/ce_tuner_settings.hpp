#pragma once
// Reading the ce_tuner settings. Internal to rm_control.
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control::detail {

const std::vector<std::string>& ce_tuner_keys();

// `control` already holds the common settings, players and game settings.
CeTunerSettings read_ce_tuner(const Reader& r, const Mapping& top, const ControlFile& control);

}  // namespace rm::control::detail
