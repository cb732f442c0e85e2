#pragma once
// Reading the model_tuner settings: its SettingsType for the registry of competition types
// (competitions/competition_types.cpp); the reader itself is internal to rm_control.
#include "ringmaster/control/model_tuner_config.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control {

SettingsType model_tuner_settings_type();

}  // namespace rm::control

namespace rm::control::detail {

const std::vector<std::string>& model_tuner_keys();

// `control` already holds the common settings, players and game settings.
ModelTunerSettings read_model_tuner(const Reader& r, const Mapping& top,
                                    const ControlFile& control);

}  // namespace rm::control::detail
