// model_tuner settings: ranges instead of grids; the candidate template, opponent, colour and
// seed are read as for the other tuners (tuner_settings.cpp).
#include "ringmaster/competitions/model_tuner/model_tuner_settings.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
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
      "thompson_share",  "cell_share",       "validation",  "spread"};
  return keys;
}

// A parameter and its optional start (normalised; nullopt: none given).
ModelParameter read_model_parameter(const Reader& r, const Field& item, std::set<std::string>& seen,
                                    std::optional<double>& start) {
  std::vector<std::string> keys = range_parameter_keys();
  keys.push_back("start");
  const Mapping m(r, item, keys);
  ModelParameter p = read_range_parameter(r, m, seen);
  start = read_range_start(r, m, p);
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
  std::vector<std::optional<double>> starts;
  for (const auto& item : items) {
    s.parameters.push_back(read_model_parameter(r, item, seen, starts.emplace_back()));
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
  // A start on any parameter, or a spread, turns the start on; a parameter without one starts
  // at the middle of its range.
  const auto spread = top.find("spread");
  if (spread) {
    s.spread = read_number(r, *spread);
    if (!(s.spread >= 0.05 && s.spread <= 1.0))
      r.fail(*spread, "must be between 0.05 and 1 (a fraction of each range; got " +
                          rm::scales::python_repr(s.spread) + ")");
  }
  if (spread || std::any_of(starts.begin(), starts.end(), [](auto& v) { return v.has_value(); }))
    for (const auto& v : starts) s.start.push_back(v.value_or(0.0));
  if (auto f = top.find("seed")) s.seed = read_seed(r, *f);
  if (auto f = top.find("validation")) s.validation = read_validation(r, *f, s.number_of_games);
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
