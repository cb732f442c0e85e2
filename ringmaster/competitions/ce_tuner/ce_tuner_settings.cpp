// ce_tuner settings: gomill's cem_tuners.py settings, checks and messages, in YAML; the
// candidate template is the mc_tuner's (same keys, same placeholder rules).
#include "ringmaster/competitions/ce_tuner/ce_tuner_settings.hpp"

#include <set>

#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"
#include "ringmaster/control/parameters.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "ringmaster/control/tuner_settings.hpp"
#include "scales/python_format.hpp"
#include "scales/scale.hpp"

namespace rm::comp {
namespace {

using namespace rm::control;          // ControlFile and the settings every tuner has
using namespace rm::control::detail;  // the YAML reader and its helpers

const std::vector<std::string>& ce_tuner_keys() {
  static const std::vector<std::string> keys{"candidate_colour",
                                             "opponent",
                                             "parameters",
                                             "candidate",
                                             "number_of_generations",
                                             "samples_per_generation",
                                             "batch_size",
                                             "elite_proportion",
                                             "step_size",
                                             "seed",
                                             "validation"};
  return keys;
}

// Samples (and their statistics) live in memory and in the state saved with every game, so an
// absurd generation size is refused here rather than failing later.
constexpr int kMaxSamplesPerGeneration = 100000;

// --- Parameters ---

// `transform`: a muparser expression in x ("max(10, 10^x)"), or {expression: .., integer: ..}
// (integer rounds like gomill's int(x + 0.5)). Absent: the identity, like gomill's float.
std::shared_ptr<const rm::scales::Scale> read_transform(const Reader& r,
                                                        const std::optional<Field>& f) {
  std::string expression = "x";
  bool integer = false;
  Field where = f ? *f : Field{};
  if (f && f->node.IsMap()) {
    Mapping m(r, *f, {"expression", "integer"});
    where = m.require("expression");
    expression = read_string(r, where);
    if (auto g = m.find("integer")) integer = read_bool(r, *g);
  } else if (f) {
    if (!f->node.IsScalar())
      r.fail(*f,
             "must be an expression in x (\"max(10, 10^x)\") or {expression: .., integer: true}");
    expression = read_string(r, *f);
  }
  try {
    return rm::scales::make_expression(expression, integer);
  } catch (const rm::scales::ScaleError& e) {
    r.fail(where, e.what());
  }
}

std::vector<ReadParameter> read_ce_parameters(const Reader& r, const Field& f,
                                              std::vector<CeParameter>& out) {
  std::vector<Field> items = sequence_items(r, f);
  if (items.empty()) r.fail(f, "empty list");
  std::vector<ReadParameter> read;
  std::set<std::string> seen;
  for (const auto& item : items) {
    Mapping m(r, item, {"code", "initial_mean", "initial_variance", "transform", "format"});
    CeParameter p;
    Field code_field = m.require("code");
    p.engine.code = read_identifier(r, code_field);
    if (!seen.insert(p.engine.code).second)
      r.fail(code_field, "duplicate parameter code: " + p.engine.code);
    p.initial_mean = read_number(r, m.require("initial_mean"));
    Field variance = m.require("initial_variance");
    p.initial_variance = read_number(r, variance);
    if (p.initial_variance < 0.0) r.fail(variance, "must be nonnegative");
    const auto transform_field = m.find("transform");
    p.engine.scale = read_transform(r, transform_field);
    // gomill applies the transform to initial_mean at load time, then the format to the result.
    rm::scales::Value sample;
    try {
      sample = p.engine.scale->at(p.initial_mean);
    } catch (const rm::scales::ScaleError& e) {
      r.fail(transform_field ? *transform_field : item,
             "error from transform (applied to initial_mean " +
                 rm::scales::python_repr(p.initial_mean) + "): " + e.what());
    }
    p.engine.format = rm::scales::default_format(p.engine.code);
    if (auto fmt = m.find("format")) {
      p.engine.format = read_string(r, *fmt);
      try {
        rm::scales::python_format(p.engine.format, sample);
      } catch (const rm::scales::FormatError& e) {
        r.fail(*fmt, "invalid format string (applied to " + rm::scales::python_repr(sample) +
                         "): " + e.what());
      }
    }
    read.push_back(ReadParameter{p.engine, item});
    out.push_back(std::move(p));
  }
  return read;
}

// A number strictly between 0 and 1, with gomill's message.
double read_proportion(const Reader& r, const Field& f) {
  const double v = read_number(r, f);
  if (!(v > 0.0 && v < 1.0))
    r.fail(f, "out of range (0.0 to 1.0): must be strictly between 0 and 1 (got " +
                  rm::scales::python_repr(v) + ")");
  return v;
}

CeTunerSettings read_ce_tuner(const Reader& r, const Mapping& top, const ControlFile& control) {
  CeTunerSettings s;
  // gomill's order: the plain settings first, then opponent, parameters and the candidate.
  s.candidate_colour = read_candidate_colour(r, top.require("candidate_colour"));
  s.batch_size = read_positive_int(r, top.require("batch_size"));
  s.samples_per_generation = read_positive_int(r, top.require("samples_per_generation"));
  if (s.samples_per_generation > kMaxSamplesPerGeneration)
    r.fail(top.require("samples_per_generation"),
           "must be at most " + std::to_string(kMaxSamplesPerGeneration) + " (got " +
               std::to_string(s.samples_per_generation) + ")");
  s.number_of_generations = read_positive_int(r, top.require("number_of_generations"));
  s.elite_proportion = read_proportion(r, top.require("elite_proportion"));
  s.step_size = read_proportion(r, top.require("step_size"));

  s.opponent = read_opponent(r, top.require("opponent"), control);

  std::vector<ReadParameter> read_params =
      read_ce_parameters(r, top.require("parameters"), s.parameters);
  s.candidate = read_candidate(r, top.require("candidate"), read_params, control);

  if (auto f = top.find("seed")) s.seed = read_seed(r, *f);
  if (auto f = top.find("validation"))
    s.validation = read_validation(
        r, *f,
        static_cast<long long>(s.number_of_generations) * s.samples_per_generation * s.batch_size);
  return s;
}

}  // namespace

rm::control::SettingsType CeTuner::settings_type() {
  return {.name = "ce_tuner",
          .keys = ce_tuner_keys(),
          .read = rm::control::store_settings<read_ce_tuner>,
          .tuner = rm::control::tuner_part<CeTunerSettings>};
}

}  // namespace rm::comp
