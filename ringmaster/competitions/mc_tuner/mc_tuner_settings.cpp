// mc_tuner settings (what every tuner shares is read by control/tuner_settings.cpp).
#include "ringmaster/competitions/mc_tuner/mc_tuner_settings.hpp"

#include <cmath>

#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "ringmaster/control/parameters.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "ringmaster/control/tuner_settings.hpp"
#include "scales/grid.hpp"

namespace rm::comp {
namespace {

using namespace rm::control;          // ControlFile and the settings every tuner has
using namespace rm::control::detail;  // the YAML reader and its helpers

const std::vector<std::string>& mc_tuner_keys() {
  static const std::vector<std::string> keys{"number_of_games",
                                             "candidate_colour",
                                             "opponent",
                                             "parameters",
                                             "candidate",
                                             "exploration_coefficient",
                                             "initial_visits",
                                             "initial_wins",
                                             "max_depth",
                                             "summary_spec",
                                             "log_tree_to_history_period",
                                             "number_of_running_simulations_to_show",
                                             "seed",
                                             "in_flight_visits",
                                             "validation"};
  return keys;
}

McTunerSettings read_mc_tuner(const Reader& r, const Mapping& top, const ControlFile& control) {
  McTunerSettings s;
  if (auto f = top.find("number_of_games"))
    s.number_of_games = read_int_in(r, *f, 0, 2147483647LL, "must be a non-negative integer");
  s.candidate_colour = read_candidate_colour(r, top.require("candidate_colour"));
  // gomill checks komi after the settings above (so a missing candidate_colour comes first).
  if (std::floor(control.game.komi) == control.game.komi)
    r.fail(top.require("komi"), "must be fractional to prevent jigos");

  s.opponent = read_opponent(r, top.require("opponent"), control);

  Field params_field = top.require("parameters");
  std::vector<ReadParameter> read_params = read_parameters(r, params_field);
  for (const auto& rp : read_params) s.parameters.push_back(rp.parameter);
  // Every expansion creates prod(splits) nodes at once: refuse sizes that cannot be run.
  constexpr long long kMaxCandidatesPerLevel = 1000000;
  long long product = 1;
  for (int split : s.splits()) {
    product *= split;
    if (product > kMaxCandidatesPerLevel)
      r.fail(params_field, "too many candidates per level (the product of the splits exceeds " +
                               std::to_string(kMaxCandidatesPerLevel) + ")");
  }
  s.candidate = read_candidate(r, top.require("candidate"), read_params, control);

  s.exploration_coefficient = read_number(r, top.require("exploration_coefficient"));
  s.initial_visits = read_positive_int(r, top.require("initial_visits"));
  s.initial_wins = read_positive_int(r, top.require("initial_wins"));
  if (auto f = top.find("max_depth")) s.max_depth = read_positive_int(r, *f);
  if (auto f = top.find("summary_spec")) {
    s.summary_spec.clear();
    for (const auto& item : sequence_items(r, *f))
      s.summary_spec.push_back(read_int_in(r, item, 0, 1000000, "must be a non-negative integer"));
  }
  if (auto f = top.find("log_tree_to_history_period"))
    s.log_tree_to_history_period = read_positive_int(r, *f);
  if (auto f = top.find("number_of_running_simulations_to_show"))
    s.number_of_running_simulations_to_show =
        read_int_in(r, *f, 0, 1000000, "must be a non-negative integer");
  if (auto f = top.find("seed")) s.seed = read_seed(r, *f);
  if (auto f = top.find("validation")) s.validation = read_validation(r, *f, s.number_of_games);
  if (auto f = top.find("in_flight_visits")) {
    const std::string mode = read_enum(r, *f, {"none", "virtual_loss", "virtual_visit"});
    s.in_flight_visits = mode == "virtual_loss"    ? InFlightVisits::VirtualLoss
                         : mode == "virtual_visit" ? InFlightVisits::VirtualVisit
                                                   : InFlightVisits::None;
  }
  return s;
}

}  // namespace

std::vector<int> McTunerSettings::splits() const {
  return rm::scales::splits_of(parameters);
}

rm::control::SettingsType McTuner::settings_type() {
  return {.name = "mc_tuner",
          .keys = mc_tuner_keys(),
          .read = rm::control::store_settings<read_mc_tuner>,
          .tuner = rm::control::tuner_part<McTunerSettings>};
}

}  // namespace rm::comp
