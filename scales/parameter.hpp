#pragma once
// One tuned parameter (gomill's Parameter(code, scale=, split=, format=)).
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scales/scale.hpp"
#include "scales/value.hpp"

namespace rm::scales {

struct Parameter {
  std::string code;  // identifier, used in messages and in the default format
  std::shared_ptr<const Scale> scale;
  int split = 1;       // samples per dimension per tree level (positive)
  std::string format;  // Python %-format of one value; default "<code>: %s"

  // python_format(format, v); throws FormatError.
  std::string format_value(const Value& v) const;
  // {"code", "split", "scale": scale->definition()}. The format is left out on purpose:
  // changing it between runs is allowed (it only affects reports).
  nlohmann::json definition() const;
};

// The default format for a parameter code: "<code>: %s" (gomill's docs; gomill's code used
// "<code>:%s" without the space).
std::string default_format(const std::string& code);

// gomill's format_engine_parameters: each value through its parameter's format, joined with
// "; " ("pl: 300; c: 0.45"); a value whose format fails shows as "[code?value]".
std::string format_engine_parameters(const std::vector<Parameter>& params,
                                     const std::vector<Value>& values);

}  // namespace rm::scales
