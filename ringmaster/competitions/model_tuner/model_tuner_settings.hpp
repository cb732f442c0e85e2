#pragma once
// The settings of a model_tuner competition (the model-based tuner for continuous and integer
// parameters). Reading and checks: model_tuner_settings.cpp; every setting and the algorithm:
// docs/model-tuner.md.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/competitions/range_parameter.hpp"
#include "ringmaster/control/tuner_config.hpp"
#include "scales/parameter.hpp"

namespace rm::comp {

// One parameter: a range on a LINEAR or LOG scale, real or integer (range_parameter.hpp).
using ModelParameter = RangeParameter;

struct ModelTunerSettings : rm::control::TunerSettings {
  std::optional<int> number_of_games;  // none = unlimited
  std::vector<ModelParameter> parameters;
  // Two or more parameters: the sampling region's half-width is region_scale * n^(-1/6) of the
  // normalised range.
  double region_scale = 1.0;
  // One parameter only: the share of games chosen by a bandit over 8 coarse cells of the range,
  // so that the whole range keeps a balanced share of the games (0: no bandit); the rest go to
  // Thompson sampling from the Gaussian process.
  double cell_share = 0.2;
  // A user's start (normalised, per parameter; the middle where a parameter has none) and how
  // far from it the optimum may be (a fraction of each range): the opening plays within
  // start ± spread and the first region is that box. Empty: no start (the whole ranges).
  std::vector<double> start;
  double spread = 0.25;

  std::vector<rm::scales::Parameter> engine_parameters() const {
    return engine_parameters_of(parameters);
  }
};

// At most this many parameters (the quadratic model has 1 + d + d(d+1)/2 coefficients).
inline constexpr int kMaxModelParameters = 8;

}  // namespace rm::comp
