#pragma once
// Reading the ce_tuner settings: its SettingsType for the registry of competition types
// (competitions/competition_types.cpp); the reader itself is internal to rm_control.
#include "ringmaster/control/ce_tuner_config.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control {

SettingsType ce_tuner_settings_type();

}  // namespace rm::control

namespace rm::control::detail {

const std::vector<std::string>& ce_tuner_keys();

// `control` already holds the common settings, players and game settings.
CeTunerSettings read_ce_tuner(const Reader& r, const Mapping& top, const ControlFile& control);

}  // namespace rm::control::detail
