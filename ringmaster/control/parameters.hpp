#pragma once
// Reading the mc_tuner `parameters` list and scales; ReadParameter, which every tuner's
// settings reader (competitions/<tuner>/) passes to read_candidate (tuner_settings.hpp).
#include <vector>

#include "ringmaster/control/yaml_reader.hpp"
#include "scales/parameter.hpp"

namespace rm::control::detail {

struct ReadParameter {
  rm::scales::Parameter parameter;
  Field field;  // where it was defined, for later errors (e.g. unused by the candidate)
};

// Each item: {code, scale, split, format}. Checks gomill's rules: non-empty list, identifier
// codes, no duplicate codes, positive split, the scale evaluated at 1/(2*split) and the
// format applied to that value.
std::vector<ReadParameter> read_parameters(const Reader& r, const Field& f);

// A scale from its YAML forms: "LOG(50, 5000, integer)", "LINEAR(0, 1)", "EXPLICIT([a, b])",
// or a mapping {type: LINEAR|LOG, lower, upper, integer} / {type: EXPLICIT, values: [...]} /
// {expression: "...", integer}.
std::shared_ptr<const rm::scales::Scale> read_scale(const Reader& r, const Field& f);

// A YAML scalar as an engine value: quoted -> string; plain -> integer, float or string.
rm::scales::Value scalar_value(const Reader& r, const Field& f);

}  // namespace rm::control::detail
