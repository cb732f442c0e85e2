// A tuner's parameters seen as axes of a true Elo surface (`ringmaster FILE simulate`): each
// engine value has a unit position t, 0 and 1 the ends of the parameter's range on the scale the
// tuner searches (a LOG parameter's logarithm), so that "half a range" means the same for every
// parameter and every tuner type.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ringmaster/control/control_file.hpp"
#include "scales/scale.hpp"
#include "scales/value.hpp"

namespace rm::simulation {

struct ParameterAxis {
  std::string code;
  std::shared_ptr<const rm::scales::Scale> scale;  // engine value at an optimiser value
  double x_lower = 0.0, x_upper = 1.0;             // the optimiser values at t = 0 and t = 1
  // The optimiser values searched when the position is found numerically (a ce_tuner's
  // Gaussian samples fall outside its range).
  double t_min = 0.0, t_max = 1.0;
  double stated_elo = 20.0;  // the spsa_tuner's `elo`; 20 for the other tuners

  // The unit position of an engine value (a JSON number or string). Throws
  // std::invalid_argument naming the parameter for a value its scale cannot give.
  double position(const nlohmann::json& value) const;
  // The engine value at unit position t (in [0, 1]).
  rm::scales::Value value_at(double t) const;
  // Whether an engine value is within the range (t in [0, 1]).
  bool in_range(const nlohmann::json& value) const;
  // "LINEAR(0.0, 8.0)"-like text of the range, for messages.
  std::string range_text() const;

 private:
  double grid_t(int i) const;  // the i-th position of the numerical search
};

// The axes of a tuner's parameters, in the file's order. Throws std::invalid_argument for a
// control file that is not a tuner's or a parameter without a range (a ce_tuner's
// initial_variance 0).
std::vector<ParameterAxis> parameter_axes(const rm::control::ControlFile& control);

}  // namespace rm::simulation
