// spsa_tuner settings: ranges with a start and an expected Elo each, the budget, the stated
// precision, the mode; the candidate template, opponent, colour, seed and validation are read
// as for the other tuners (tuner_settings.cpp).
#include "ringmaster/competitions/spsa_tuner/spsa_tuner_settings.hpp"

#include <algorithm>
#include <set>

#include "ringmaster/competitions/spsa_tuner/spsa_tuner.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "ringmaster/control/tuner_settings.hpp"
#include "scales/python_format.hpp"

namespace rm::comp {
namespace {

using namespace rm::control;          // ControlFile and the settings every tuner has
using namespace rm::control::detail;  // the YAML reader and its helpers

const std::vector<std::string>& spsa_tuner_keys() {
  static const std::vector<std::string> keys{
      "number_of_games", "mode",       "opponent", "candidate_colour", "parameters", "candidate",
      "precision",       "confidence", "seed",     "validation"};
  return keys;
}

std::string number_text(double x) {
  return rm::scales::python_repr(x);
}

double read_in(const Reader& r, const Field& f, double lo, double hi, bool lo_open,
               const std::string& range) {
  const double x = read_number(r, f);
  if (!((lo_open ? x > lo : x >= lo) && x <= hi))
    r.fail(f, "must be " + range + " (got " + number_text(x) + ")");
  return x;
}

SpsaParameter read_spsa_parameter(const Reader& r, const Field& item, std::set<std::string>& seen) {
  std::vector<std::string> keys = range_parameter_keys();
  keys.insert(keys.end(), {"start", "elo"});
  Mapping m(r, item, keys);
  SpsaParameter p;
  static_cast<RangeParameter&>(p) = read_range_parameter(r, m, seen);
  if (const auto start = read_range_start(r, m, p)) p.start = *start;
  p.elo = read_in(r, m.require("elo"), 0.0, 1000.0, true,
                  "more than 0 and at most 1000 (the Elo lost half a range from the optimum)");
  return p;
}

SpsaTunerSettings read_spsa_tuner(const Reader& r, const Mapping& top, const ControlFile& control) {
  SpsaTunerSettings s;
  Field games = top.require("number_of_games");
  s.number_of_games =
      read_int_in(r, games, 2, 2147483646LL, "must be an even number of games from 2");
  if (s.number_of_games % 2 != 0)
    r.fail(games,
           "must be even (every pair is two games; got " + std::to_string(s.number_of_games) + ")");
  if (auto f = top.find("mode"))
    s.mode = read_enum(r, *f, {"head_to_head", "against_opponent"}) == "head_to_head"
                 ? SpsaMode::HeadToHead
                 : SpsaMode::AgainstOpponent;
  const bool against = s.mode == SpsaMode::AgainstOpponent;
  // Head to head the two candidates play each other: an opponent and its colour would be
  // settings without an effect, so they are refused. Validation games play the start there.
  s.candidate_colour = CandidateColour::Random;
  for (const char* key : {"opponent", "candidate_colour"})
    if (auto f = top.find(key); f && !against)
      r.fail(*f,
             "is a setting of mode: against_opponent (head to head the candidates play "
             "each other)");
  if (against) {
    s.opponent = read_opponent(r, top.require("opponent"), control);
    if (auto f = top.find("candidate_colour")) s.candidate_colour = read_candidate_colour(r, *f);
  }

  Field params_field = top.require("parameters");
  std::vector<Field> items = sequence_items(r, params_field);
  if (items.empty()) r.fail(params_field, "empty list");
  if (items.size() > static_cast<std::size_t>(kMaxSpsaParameters))
    r.fail(params_field, "at most " + std::to_string(kMaxSpsaParameters) + " parameters (got " +
                             std::to_string(items.size()) + ")");
  std::set<std::string> seen;
  std::vector<ReadParameter> read_params;
  for (const auto& item : items) {
    s.parameters.push_back(read_spsa_parameter(r, item, seen));
    read_params.push_back(ReadParameter{s.parameters.back().engine, item});
  }
  s.candidate = read_candidate(r, top.require("candidate"), read_params, control);
  const Field precision = top.require("precision");
  s.precision = read_in(r, precision, 0.0, 1000.0, true, "more than 0 and at most 1000 (Elo)");
  if (auto f = top.find("confidence"))
    s.confidence = read_in(r, *f, 0.5, 0.999, false, "from 0.5 to 0.999");
  try {
    (void)spsa_design_of(s);
  } catch (const std::invalid_argument& e) {
    r.fail(precision, e.what());
  }
  if (auto f = top.find("seed")) s.seed = read_seed(r, *f);
  if (auto f = top.find("validation")) s.validation = read_validation(r, *f, s.number_of_games);
  return s;
}

}  // namespace

rm::control::SettingsType SpsaTuner::settings_type() {
  return {.name = "spsa_tuner",
          .keys = spsa_tuner_keys(),
          .players_required = false,  // against an opponent, `opponent` must name one
          .read = rm::control::store_settings<read_spsa_tuner>,
          .tuner = rm::control::tuner_part<SpsaTunerSettings>};
}

}  // namespace rm::comp
