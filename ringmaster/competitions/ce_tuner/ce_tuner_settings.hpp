#pragma once
// The settings of a ce_tuner competition (gomill's cross-entropy tuner). Reading and checks:
// ce_tuner_settings.cpp; every setting and the algorithm: docs/ce-tuner.md.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/control/tuner_config.hpp"
#include "scales/parameter.hpp"

namespace rm::comp {

// One dimension of the Gaussian (gomill's ce_tuner Parameter). The engine value is
// `engine.scale->at(optimiser value)`: the scale is the parameter's `transform` (a muparser
// expression in x, identity by default); `engine.split` is unused (always 1). Holding a
// scales::Parameter lets the candidate template and the formatting code serve both tuners.
struct CeParameter {
  rm::scales::Parameter engine;  // code, transform (as the scale), format
  double initial_mean = 0.0;
  double initial_variance = 0.0;  // >= 0
};

struct CeTunerSettings : rm::control::TunerSettings {
  std::vector<CeParameter> parameters;
  int number_of_generations = 1;
  int samples_per_generation = 1;
  int batch_size = 1;             // games per sample and generation
  double elite_proportion = 0.1;  // strictly between 0 and 1
  double step_size = 0.5;         // strictly between 0 and 1 (gomill's alpha)

  // The engine-side parameters in order (what the candidate template and formats use).
  std::vector<rm::scales::Parameter> engine_parameters() const {
    std::vector<rm::scales::Parameter> out;
    for (const auto& p : parameters) out.push_back(p.engine);
    return out;
  }
};

}  // namespace rm::comp
