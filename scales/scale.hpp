#pragma once
// Scales: functions from an optimiser value in [0, 1) to an engine parameter value,
// with exactly gomill's arithmetic (gomill/mcts_tuners.py: LINEAR, LOG, EXPLICIT).
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "scales/value.hpp"

namespace rm::scales {

class Scale {
 public:
  virtual ~Scale() = default;
  // Throws ScaleError if the value cannot be mapped (e.g. an EXPLICIT index out of range,
  // an expression that gives NaN, an integer result too large for 64 bits).
  virtual Value at(double optimiser_value) const = 0;
  // Short form for listings and messages: "LINEAR(0.0, 8.0)", "LOG(10.0, 10000.0, integer=True)",
  // "EXPLICIT(['a', 'b'])", "EXPRESSION('1000*sqrt(x)', integer=True)".
  virtual std::string describe() const = 0;
  // Full definition, stored in the database so that an incompatible change of the control
  // file between runs can be refused. {"type": "LINEAR"|"LOG"|"EXPLICIT"|"EXPRESSION", ...}
  virtual nlohmann::json definition() const = 0;
  // The optimiser value f whose unrounded engine value is `value`: the inverse of at(), for
  // the scales that have one (LINEAR, LOG; the tuners of ranges start from a user's value).
  // std::nullopt for EXPLICIT and EXPRESSION.
  virtual std::optional<double> fraction_of(double value) const {
    (void)value;
    return std::nullopt;
  }
};

// gomill's LINEAR: f*(hi-lo)+lo; with integer, int(x+0.5) (see round_like_gomill).
std::unique_ptr<Scale> make_linear(double lo, double hi, bool integer);
// gomill's LOG: exp(log(hi/lo)*f)*lo. Throws ScaleError "lower bound is zero" for lo == 0 and
// "math domain error: upper bound / lower bound must be positive" when hi/lo <= 0.
std::unique_ptr<Scale> make_log(double lo, double hi, bool integer);
// gomill's EXPLICIT: values[int(len*f)]. Throws ScaleError "empty value list".
std::unique_ptr<Scale> make_explicit(std::vector<Value> values);
// A muparser expression in the variable x (the optimiser value), e.g. "1000*sqrt(x)".
// Besides muparser's built-ins (exp, ln, log (natural), log10, log2, sqrt, abs, sign, rint,
// min, max, sum, avg, sin, cos, ...; constants _pi, _e) there is round(y) (Python's: half away
// from zero), floor, ceil, trunc and pow(a, b). The result is a double, or with integer an
// int(x+0.5). Throws ScaleError for a syntax error or an unknown name (muparser's message).
std::unique_ptr<Scale> make_expression(std::string expr, bool integer);

// gomill's integer rounding, int(x + 0.5): truncation toward zero, so it rounds to nearest
// for x >= -0.5 only (-1.7 -> -1, not -2). Kept for compatibility with gomill's candidates.
// Throws ScaleError if the result does not fit in a long long (or x is NaN).
long long round_like_gomill(double x);

}  // namespace rm::scales
