#include "ringmaster/simulation/parameter_axes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "ringmaster/competitions/ce_tuner/ce_tuner_settings.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner_settings.hpp"

namespace rm::simulation {
namespace {

// Where a scale with no inverse (an expression) is searched: this many steps over [t_min, t_max].
constexpr int kSearchSteps = 4096;

double number(const rm::scales::Value& v) {
  if (const auto* d = std::get_if<double>(&v)) return *d;
  if (const auto* i = std::get_if<long long>(&v)) return static_cast<double>(*i);
  return std::nan("");
}

bool same_value(const nlohmann::json& a, const nlohmann::json& b) {
  if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>();
  return a == b;
}

}  // namespace

double ParameterAxis::grid_t(int i) const {
  return t_min + (t_max - t_min) * i / kSearchSteps;
}

double ParameterAxis::position(const nlohmann::json& value) const {
  const nlohmann::json def = scale->definition();
  const std::string type = def.value("type", std::string());
  const auto t_of_x = [&](double x) { return (x - x_lower) / (x_upper - x_lower); };
  if (type == "EXPLICIT") {
    const auto& values = def.at("values");
    for (std::size_t i = 0; i < values.size(); ++i)
      if (same_value(values[i], value))
        return t_of_x((static_cast<double>(i) + 0.5) / static_cast<double>(values.size()));
    throw std::invalid_argument("parameter " + code + ": " + value.dump() + " is not one of " +
                                range_text());
  }
  if (!value.is_number())
    throw std::invalid_argument("parameter " + code + ": " + value.dump() + " is not a number");
  const double v = value.get<double>();
  if (type == "LINEAR" || type == "LOG") {
    const double lo = def.at("lower").get<double>(), hi = def.at("upper").get<double>();
    if (lo == hi) return 0.5;
    if (type == "LINEAR") return t_of_x((v - lo) / (hi - lo));
    if (!(v / lo > 0.0))
      throw std::invalid_argument("parameter " + code + ": " + value.dump() +
                                  " is not on the scale " + range_text());
    return t_of_x(std::log(v / lo) / std::log(hi / lo));
  }
  // No inverse: the nearest engine value on a fine grid of positions; the middle of the first
  // run of grid points that give it (an integer scale gives each value over an interval).
  std::vector<double> gaps;
  for (int i = 0; i <= kSearchSteps; ++i)
    gaps.push_back(std::fabs(number(scale->at(x_lower + grid_t(i) * (x_upper - x_lower))) - v));
  const double best = *std::min_element(gaps.begin(), gaps.end());
  int first = 0;
  while (gaps[static_cast<std::size_t>(first)] != best) ++first;
  int last = first;
  while (last < kSearchSteps && gaps[static_cast<std::size_t>(last) + 1] == best) ++last;
  return (grid_t(first) + grid_t(last)) / 2.0;
}

rm::scales::Value ParameterAxis::value_at(double t) const {
  t = std::clamp(t, 0.0, 1.0);
  const nlohmann::json def = scale->definition();
  if (def.value("type", std::string()) == "EXPLICIT") {
    // gomill's EXPLICIT has no value at 1 (values[n]): the last cell's.
    const auto& values = def.at("values");
    const auto n = static_cast<double>(values.size());
    return rm::scales::value_from_json(
        values[static_cast<std::size_t>(std::min(n - 1, std::floor(t * n)))]);
  }
  return scale->at(x_lower + t * (x_upper - x_lower));
}

bool ParameterAxis::in_range(const nlohmann::json& value) const {
  constexpr double kSlack = 1e-9;
  const std::string type = scale->definition().value("type", std::string());
  if (type == "EXPLICIT" || type == "LINEAR" || type == "LOG") {
    const double t = position(value);
    return t >= -kSlack && t <= 1.0 + kSlack;
  }
  if (!value.is_number())
    throw std::invalid_argument("parameter " + code + ": " + value.dump() + " is not a number");
  // Between the smallest and largest engine values the range gives.
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (int i = 0; i <= kSearchSteps; ++i) {
    const double v = number(value_at(static_cast<double>(i) / kSearchSteps));
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  const double v = value.get<double>();
  return v >= lo - kSlack * std::max(1.0, std::fabs(lo)) &&
         v <= hi + kSlack * std::max(1.0, std::fabs(hi));
}

std::string ParameterAxis::range_text() const {
  if (x_lower == 0.0 && x_upper == 1.0) return scale->describe();
  return scale->describe() + " over " + rm::scales::python_str(x_lower) + " to " +
         rm::scales::python_str(x_upper);
}

std::vector<ParameterAxis> parameter_axes(const rm::control::ControlFile& control) {
  if (control.tuner() == nullptr)
    throw std::invalid_argument(
        control.code + ": a " + control.competition_type +
        " is not a tuner: simulate runs the tuners (mc_tuner, ce_tuner, model_tuner, "
        "spsa_tuner)");
  const auto* spsa = control.settings_if<rm::comp::SpsaTunerSettings>();
  const auto* ce = control.settings_if<rm::comp::CeTunerSettings>();
  std::vector<ParameterAxis> axes;
  const auto& parameters = control.tuner()->candidate.parameters;
  for (std::size_t k = 0; k < parameters.size(); ++k) {
    ParameterAxis axis;
    axis.code = parameters[k].code;
    axis.scale = parameters[k].scale;
    if (spsa) axis.stated_elo = spsa->parameters[k].elo;
    if (ce) {
      // Its range: the initial distribution's mean +- 2 standard deviations; its samples are
      // placed out to 4.
      const auto& p = ce->parameters[k];
      const double sd = std::sqrt(p.initial_variance);
      if (!(sd > 0.0))
        throw std::invalid_argument("parameter " + axis.code +
                                    ": initial_variance 0 gives no range to simulate over");
      axis.x_lower = p.initial_mean - 2.0 * sd;
      axis.x_upper = p.initial_mean + 2.0 * sd;
      axis.t_min = -0.5;
      axis.t_max = 1.5;
    }
    axes.push_back(std::move(axis));
  }
  return axes;
}

}  // namespace rm::simulation
