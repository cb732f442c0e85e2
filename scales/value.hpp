#pragma once
// An engine parameter value (the output of a scale) and its Python-like text forms.
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <variant>

namespace rm::scales {

// An engine parameter value: gomill allowed any Python object; a control file can only
// produce integers, floats and strings, so these three are enough.
using Value = std::variant<long long, double, std::string>;

// A scale could not be built or could not map an optimiser value (gomill's wording where it has
// one, e.g. "lower bound is zero", "empty value list").
struct ScaleError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Python 2's str(): integers in decimal, strings as they are, doubles with 12 significant
// digits (exponent form when the decimal exponent is < -4 or > 11) and a trailing ".0" when
// the result would otherwise look like an integer: 4.0 -> "4.0", 1.0/3 -> "0.333333333333".
std::string python_str(const Value& v);
// Python 2.7's repr(): doubles as the shortest text that reads back to the same double
// (exponent form below 1e-4 or from 1e16), strings quoted like Python ('abc', "it's").
std::string python_repr(const Value& v);
std::string python_str(double v);
std::string python_repr(double v);

// JSON round trip: integers stay JSON integers, doubles JSON floats, strings JSON strings.
nlohmann::json value_to_json(const Value& v);
Value value_from_json(const nlohmann::json& j);  // throws ScaleError for other JSON types

}  // namespace rm::scales
