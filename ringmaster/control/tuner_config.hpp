#pragma once
// The settings every tuner (mc_tuner, ce_tuner, model_tuner) has and reads the same way; each
// tuner's settings extend this struct, and the tuner shell (competitions/tuner_shell.hpp) takes
// it as it is. Read by the helpers in tuner_settings.cpp.
#include <cstdint>
#include <optional>
#include <string>

#include "ringmaster/control/candidate_colour.hpp"
#include "ringmaster/control/candidate_template.hpp"
#include "ringmaster/control/validation_config.hpp"

namespace rm::control {

struct TunerSettings {
  std::string opponent;  // a key of ControlFile::players
  // The candidate's player, with placeholders; its `parameters` are the engine parameters.
  CandidateTemplate candidate;
  CandidateColour candidate_colour = CandidateColour::White;
  std::optional<std::uint64_t> seed;  // our addition: repeatable choices; none: from the clock
  ValidationSettings validation;      // our addition: games of the recommendation, not tuning
};

}  // namespace rm::control
