#include "ringmaster/competitions/range_parameter.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "ringmaster/competitions/candidate_values.hpp"
#include "scales/python_format.hpp"
#include "scales/scale.hpp"

namespace rm::comp {

using namespace rm::control::detail;  // the YAML reader and its helpers

namespace {
constexpr double kMinRelativeRangeWidth = 1e-9;
constexpr double kMinRangeWidth = 1e-200;
}  // namespace

nlohmann::json RangeParameter::range_json() const {
  return {{"code", engine.code},
          {"lower", lower},
          {"upper", upper},
          {"scale", log_scale ? "LOG" : "LINEAR"},
          {"integer", integer}};
}

rm::scales::Value RangeParameter::value_at(double u) const {
  return engine.scale->at((u + 1.0) / 2.0);
}

rm::scales::Value RangeParameter::value_from_text(const std::string& text) const {
  const double value = number_from_text(engine.code, text);
  if (value < lower || value > upper)
    throw std::invalid_argument(engine.code + ": " + text + " is outside its range, " +
                                rm::scales::python_str(lower) + " to " +
                                rm::scales::python_str(upper));
  if (!integer) return value;
  if (value != std::floor(value) || std::abs(value) >= 9.2e18)
    throw std::invalid_argument(engine.code + ": " + text +
                                " is not a whole number (an integer parameter)");
  return static_cast<long long>(value);
}

double RangeParameter::unit_of(double value) const {
  // A range's scale is LINEAR or LOG, which have an inverse.
  return 2.0 * engine.scale->fraction_of(value).value() - 1.0;
}

const std::vector<std::string>& range_parameter_keys() {
  static const std::vector<std::string> keys{"code",  "lower",   "upper",
                                             "scale", "integer", "format"};
  return keys;
}

RangeParameter read_range_parameter(const Reader& r, const Mapping& m,
                                    std::set<std::string>& seen) {
  RangeParameter p;
  Field code_field = m.require("code");
  p.engine.code = read_identifier(r, code_field);
  if (!seen.insert(p.engine.code).second)
    r.fail(code_field, "duplicate parameter code: " + p.engine.code);
  Field lower_field = m.require("lower");
  Field upper_field = m.require("upper");
  p.lower = read_number(r, lower_field);
  p.upper = read_number(r, upper_field);
  if (!(p.upper > p.lower))
    r.fail(upper_field, "must be greater than lower (" + rm::scales::python_repr(p.lower) + ")");
  // A tuner steps through the range in fractions of its width, and the reports plot it: a
  // range only a few doubles wide cannot be stepped through (it once made the report endless).
  const double magnitude = std::max(std::fabs(p.lower), std::fabs(p.upper));
  if (p.upper - p.lower < kMinRelativeRangeWidth * magnitude || p.upper - p.lower < kMinRangeWidth)
    r.fail(upper_field, "the range from " + rm::scales::python_repr(p.lower) + " to " +
                            rm::scales::python_repr(p.upper) +
                            " is too narrow to tune: upper - lower must be at least " +
                            "1e-9 of the bounds' size and at least 1e-200");
  if (auto f = m.find("scale")) {
    const std::string scale = read_string(r, *f);
    if (scale != "LINEAR" && scale != "LOG")
      r.fail(*f, "must be LINEAR or LOG (got '" + scale + "')");
    p.log_scale = scale == "LOG";
    if (p.log_scale && !(p.lower > 0.0))
      r.fail(lower_field,
             "must be positive for a LOG scale (got " + rm::scales::python_repr(p.lower) + ")");
  }
  if (auto f = m.find("integer")) p.integer = read_bool(r, *f);
  if (p.integer && std::floor(p.upper) - std::ceil(p.lower) < 2.0)
    r.fail(upper_field, "an integer parameter needs at least three whole numbers in its range");
  try {
    p.engine.scale = p.log_scale ? rm::scales::make_log(p.lower, p.upper, p.integer)
                                 : rm::scales::make_linear(p.lower, p.upper, p.integer);
  } catch (const rm::scales::ScaleError& e) {
    r.fail(upper_field, e.what());  // bounds too far apart, or too large for an integer
  }
  p.engine.split = 1;
  p.engine.format = rm::scales::default_format(p.engine.code);
  if (auto fmt = m.find("format")) {
    p.engine.format = read_string(r, *fmt);
    const rm::scales::Value sample = p.engine.scale->at(0.5);
    try {
      rm::scales::python_format(p.engine.format, sample);
    } catch (const rm::scales::FormatError& e) {
      r.fail(*fmt, "invalid format string (applied to " + rm::scales::python_repr(sample) +
                       "): " + e.what());
    }
  }
  return p;
}

std::vector<rm::scales::Parameter> engine_parameters_of(const std::vector<RangeParameter>& params) {
  std::vector<rm::scales::Parameter> out;
  for (const auto& p : params) out.push_back(p.engine);
  return out;
}

std::optional<double> read_range_start(const Reader& r, const Mapping& m, const RangeParameter& p) {
  const auto f = m.find("start");
  if (!f) return std::nullopt;
  const double start = read_number(r, *f);
  if (!(start >= p.lower && start <= p.upper))
    r.fail(*f, "must be within the range, " + rm::scales::python_repr(p.lower) + " to " +
                   rm::scales::python_repr(p.upper) + " (got " + rm::scales::python_repr(start) +
                   ")");
  return std::clamp(p.unit_of(start), -1.0, 1.0);
}

}  // namespace rm::comp
