// A tuned parameter given as a range rather than a grid (the model_tuner's and the
// spsa_tuner's): LINEAR or LOG over [lower, upper], real or integer. The tuners work in
// normalised coordinates u in [-1, 1]; `engine.scale` maps (u + 1) / 2 to the engine value.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ringmaster/control/yaml_reader.hpp"
#include "scales/parameter.hpp"
#include "scales/value.hpp"

namespace rm::comp {

struct RangeParameter {
  rm::scales::Parameter engine;  // code, LINEAR/LOG scale over [lower, upper], format
  double lower = 0.0, upper = 1.0;
  bool log_scale = false;
  bool integer = false;

  // The engine value at normalised u (integers rounded by the scale).
  rm::scales::Value value_at(double u) const;
  // The engine value a user typed (`candidates --values`): a number inside [lower, upper], a
  // whole one for an integer parameter. Throws std::invalid_argument saying why it is not.
  rm::scales::Value value_from_text(const std::string& text) const;
  // The normalised u of an engine value inside the range.
  double unit_of(double value) const;
  // code, lower, upper, scale ("LINEAR"/"LOG"), integer: for definitions and JSON reports.
  nlohmann::json range_json() const;
};

// The keys of a range parameter's mapping: code, lower, upper, scale, integer, format.
const std::vector<std::string>& range_parameter_keys();

// Reads the range keys of `m` (a mapping whose allowed keys include range_parameter_keys());
// `seen` collects the codes, a repeated one is an error at its position.
RangeParameter read_range_parameter(const rm::control::detail::Reader& r,
                                    const rm::control::detail::Mapping& m,
                                    std::set<std::string>& seen);

// The optional `start` of a range parameter's mapping `m` (the spsa_tuner's and the
// model_tuner's): an engine value inside [lower, upper], returned normalised; nullopt if absent.
std::optional<double> read_range_start(const rm::control::detail::Reader& r,
                                       const rm::control::detail::Mapping& m,
                                       const RangeParameter& p);

std::vector<rm::scales::Parameter> engine_parameters_of(const std::vector<RangeParameter>& params);

}  // namespace rm::comp
