// model_tuner settings: ranges instead of grids; the candidate template, opponent, colour and
// seed are read as for the other tuners (tuner_settings.cpp).
#include "ringmaster/competitions/model_tuner/model_tuner_settings.hpp"

#include <cmath>
#include <set>

#include "ringmaster/competitions/model_tuner/model_tuner.hpp"
#include "ringmaster/control/parameters.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "ringmaster/control/tuner_settings.hpp"
#include "scales/python_format.hpp"
#include "scales/scale.hpp"

namespace rm::comp {
namespace {

using namespace rm::control;          // ControlFile and the settings every tuner has
using namespace rm::control::detail;  // the YAML reader and its helpers

const std::vector<std::string>& model_tuner_keys() {
  static const std::vector<std::string> keys{
      "number_of_games", "candidate_colour", "opponent",    "parameters",
      "candidate",       "region_scale",     "exploration", "seed",
      "thompson_share",  "cell_share",       "validation"};
  return keys;
}

ModelParameter read_model_parameter(const Reader& r, const Field& item,
                                    std::set<std::string>& seen) {
  Mapping m(r, item, {"code", "lower", "upper", "scale", "integer", "format"});
  ModelParameter p;
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

ModelTunerSettings read_model_tuner(const Reader& r, const Mapping& top,
                                    const ControlFile& control) {
  ModelTunerSettings s;
  if (auto f = top.find("number_of_games"))
    s.number_of_games = read_int_in(r, *f, 0, 2147483647LL, "must be a non-negative integer");
  s.candidate_colour = read_candidate_colour(r, top.require("candidate_colour"));
  s.opponent = read_opponent(r, top.require("opponent"), control);

  Field params_field = top.require("parameters");
  std::vector<Field> items = sequence_items(r, params_field);
  if (items.empty()) r.fail(params_field, "empty list");
  if (items.size() > static_cast<std::size_t>(kMaxModelParameters))
    r.fail(params_field, "at most " + std::to_string(kMaxModelParameters) + " parameters (got " +
                             std::to_string(items.size()) + ")");
  std::set<std::string> seen;
  std::vector<ReadParameter> read_params;
  for (const auto& item : items) {
    s.parameters.push_back(read_model_parameter(r, item, seen));
    read_params.push_back(ReadParameter{s.parameters.back().engine, item});
  }
  s.candidate = read_candidate(r, top.require("candidate"), read_params, control);

  if (auto f = top.find("region_scale")) {
    s.region_scale = read_number(r, *f);
    if (!(s.region_scale >= 0.05 && s.region_scale <= 10.0))
      r.fail(*f,
             "must be between 0.05 and 10 (got " + rm::scales::python_repr(s.region_scale) + ")");
  }
  // Settings of the search before it was rebuilt (docs/model-tuner.md): refused by name, so
  // that a user knows what to delete.
  for (const char* removed : {"exploration", "thompson_share"})
    if (auto f = top.find(removed))
      r.fail(*f,
             "is no longer a setting: the search was rebuilt without it (delete the line; "
             "docs/model-tuner.md)");
  if (auto f = top.find("cell_share")) {
    s.cell_share = read_number(r, *f);
    if (!(s.cell_share >= 0.0 && s.cell_share <= 0.5))
      r.fail(*f, "must be between 0 and 0.5 (got " + rm::scales::python_repr(s.cell_share) + ")");
  }
  if (auto f = top.find("seed")) s.seed = read_seed(r, *f);
  if (auto f = top.find("validation"))
    s.validation = read_validation(r, *f, s.number_of_games.has_value());
  return s;
}

}  // namespace

rm::control::SettingsType ModelTuner::settings_type() {
  return {.name = "model_tuner",
          .keys = model_tuner_keys(),
          .read = rm::control::store_settings<read_model_tuner>,
          .tuner = rm::control::tuner_part<ModelTunerSettings>};
}

}  // namespace rm::comp
