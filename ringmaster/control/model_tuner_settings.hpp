#pragma once
// Reading the model_tuner settings. Internal to rm_control.
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control::detail {

const std::vector<std::string>& model_tuner_keys();

// `control` already holds the common settings, players and game settings.
ModelTunerSettings read_model_tuner(const Reader& r, const Mapping& top,
                                    const ControlFile& control);

}  // namespace rm::control::detail
