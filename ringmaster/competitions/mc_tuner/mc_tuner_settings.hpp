#pragma once
// The settings of an mc_tuner competition (gomill's Monte-Carlo tuner over a grid). Reading and
// checks: mc_tuner_settings.cpp; every setting: docs/control-file.md.
#include <cstdint>
#include <optional>
#include <vector>

#include "ringmaster/control/tuner_config.hpp"
#include "scales/parameter.hpp"

namespace rm::comp {

enum class InFlightVisits { None, VirtualLoss, VirtualVisit };

struct McTunerSettings : rm::control::TunerSettings {
  std::optional<int> number_of_games;  // none = unlimited
  std::vector<rm::scales::Parameter> parameters;
  double exploration_coefficient = 0.0;
  int initial_visits = 1;
  int initial_wins = 1;
  int max_depth = 1;
  std::vector<int> summary_spec{30};
  std::optional<int> log_tree_to_history_period;
  int number_of_running_simulations_to_show = 12;
  // Our addition: how games in flight count when choosing (in_flight_visits: none, gomill's,
  // virtual_loss: each counts as a visit its candidate lost; virtual_visit: as a visit at the
  // candidate's win rate).
  InFlightVisits in_flight_visits = InFlightVisits::None;

  std::vector<int> splits() const;  // one per parameter
};

}  // namespace rm::comp
