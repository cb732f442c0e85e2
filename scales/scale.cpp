// LINEAR, LOG and EXPLICIT scales with gomill's arithmetic.
#include "scales/scale.hpp"

#include <cmath>
#include <string>
#include <utility>

namespace rm::scales {

long long round_like_gomill(double x) {
  double shifted = x + 0.5;
  // 2^63 bounds: outside them the conversion would be undefined behaviour.
  if (!(shifted > -9.2e18 && shifted < 9.2e18))
    throw ScaleError("integer scale value out of range: " + python_repr(x));
  return static_cast<long long>(shifted);  // truncation toward zero, as Python's int()
}

namespace {

std::string integer_suffix(bool integer) {
  return integer ? ", integer=True" : "";
}

// Every value of a LINEAR or LOG scale lies between its bounds, so bounds that are finite
// (and within round_like_gomill's range for an integer scale) give finite, printable
// values, provided the arithmetic between them is finite too (checked by each scale).
void check_bounds(double lo, double hi, bool integer) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) throw ScaleError("bounds must be finite numbers");
  if (integer && !(std::fabs(lo) <= 9e18 && std::fabs(hi) <= 9e18))
    throw ScaleError("the bounds of an integer scale must be within -9e18..9e18");
}

class LinearScale final : public Scale {
 public:
  LinearScale(double lo, double hi, bool integer)
      : lo_(lo), hi_(hi), range_(hi - lo), integer_(integer) {
    check_bounds(lo, hi, integer);
    if (!std::isfinite(range_))
      throw ScaleError("upper bound - lower bound is beyond a double (" + python_repr(hi) + " - " +
                       python_repr(lo) + ")");
  }
  Value at(double f) const override {
    double result = f * range_ + lo_;
    if (integer_) return round_like_gomill(result);
    return result;
  }
  std::string describe() const override {
    return "LINEAR(" + python_repr(lo_) + ", " + python_repr(hi_) + integer_suffix(integer_) + ")";
  }
  nlohmann::json definition() const override {
    return {{"type", "LINEAR"}, {"lower", lo_}, {"upper", hi_}, {"integer", integer_}};
  }
  std::optional<double> fraction_of(double value) const override { return (value - lo_) / range_; }

 private:
  double lo_, hi_, range_;
  bool integer_;
};

class LogScale final : public Scale {
 public:
  LogScale(double lo, double hi, bool integer) : lo_(lo), hi_(hi), integer_(integer) {
    check_bounds(lo, hi, integer);
    if (lo == 0.0) throw ScaleError("lower bound is zero");
    double ratio = hi / lo;
    if (!(ratio > 0.0))
      throw ScaleError("math domain error: upper bound / lower bound must be positive");
    if (!std::isfinite(ratio))
      throw ScaleError("upper bound / lower bound is beyond a double (" + python_repr(hi) + " / " +
                       python_repr(lo) + ")");
    rate_ = std::log(ratio);
  }
  Value at(double f) const override {
    double result = std::exp(rate_ * f) * lo_;
    if (integer_) return round_like_gomill(result);
    return result;
  }
  std::string describe() const override {
    return "LOG(" + python_repr(lo_) + ", " + python_repr(hi_) + integer_suffix(integer_) + ")";
  }
  nlohmann::json definition() const override {
    return {{"type", "LOG"}, {"lower", lo_}, {"upper", hi_}, {"integer", integer_}};
  }
  std::optional<double> fraction_of(double value) const override {
    return std::log(value / lo_) / rate_;
  }

 private:
  double lo_, hi_, rate_ = 0.0;
  bool integer_;
};

class ExplicitScale final : public Scale {
 public:
  explicit ExplicitScale(std::vector<Value> values) : values_(std::move(values)) {
    if (values_.empty()) throw ScaleError("empty value list");
  }
  Value at(double f) const override {
    double scaled = static_cast<double>(values_.size()) * f;
    // int() truncates toward zero; Python would wrap negative indexes, we refuse them.
    if (!(scaled >= 0.0 && scaled < static_cast<double>(values_.size())))
      throw ScaleError("list index out of range (EXPLICIT with " + std::to_string(values_.size()) +
                       " values applied to " + python_repr(f) + ")");
    return values_[static_cast<std::size_t>(scaled)];
  }
  std::string describe() const override {
    std::string out = "EXPLICIT([";
    for (std::size_t i = 0; i < values_.size(); ++i) {
      if (i > 0) out += ", ";
      out += python_repr(values_[i]);
    }
    return out + "])";
  }
  nlohmann::json definition() const override {
    nlohmann::json values = nlohmann::json::array();
    for (const auto& v : values_) values.push_back(value_to_json(v));
    return {{"type", "EXPLICIT"}, {"values", values}};
  }

 private:
  std::vector<Value> values_;
};

}  // namespace

std::unique_ptr<Scale> make_linear(double lo, double hi, bool integer) {
  return std::make_unique<LinearScale>(lo, hi, integer);
}
std::unique_ptr<Scale> make_log(double lo, double hi, bool integer) {
  return std::make_unique<LogScale>(lo, hi, integer);
}
std::unique_ptr<Scale> make_explicit(std::vector<Value> values) {
  return std::make_unique<ExplicitScale>(std::move(values));
}

}  // namespace rm::scales
