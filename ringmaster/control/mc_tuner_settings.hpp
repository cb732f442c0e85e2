#pragma once
// Reading the mc_tuner settings: its SettingsType for the registry of competition types
// (competitions/competition_types.cpp); the reader itself is internal to rm_control.
#include "ringmaster/control/mc_tuner_config.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control {

SettingsType mc_tuner_settings_type();

}  // namespace rm::control

namespace rm::control::detail {

const std::vector<std::string>& mc_tuner_keys();

// `control` already holds the common settings, players and game settings.
McTunerSettings read_mc_tuner(const Reader& r, const Mapping& top, const ControlFile& control);

}  // namespace rm::control::detail
