// The registry: one entry per competition type. A new type adds its entry here
// (docs/architecture.md, "Adding a competition type").
#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner.hpp"
#include "ringmaster/competitions/tournaments/allplayall.hpp"
#include "ringmaster/competitions/tournaments/playoff.hpp"

namespace rm::comp {

const std::vector<CompetitionType>& competition_types() {
  static const std::vector<CompetitionType> types{
      {.settings = Playoff::settings_type(),
       .make = make_competition_of<Playoff>,
       .live_lines = Tournament::live_lines},
      {.settings = AllPlayAll::settings_type(),
       .make = make_competition_of<AllPlayAll>,
       .live_lines = Tournament::live_lines},
      {.settings = McTuner::settings_type(),
       .make = make_competition_of<McTuner>,
       .live_lines = McTuner::live_lines,
       .describe_candidates = McTuner::describe_candidates,
       .simulation_preset = McTuner::simulation_preset},
      {.settings = CeTuner::settings_type(),
       .make = make_competition_of<CeTuner>,
       .live_lines = CeTuner::live_lines,
       .simulation_preset = CeTuner::simulation_preset,
       .set_simulation_games = CeTuner::set_simulation_games},
      {.settings = ModelTuner::settings_type(),
       .make = make_competition_of<ModelTuner>,
       .live_lines = ModelTuner::live_lines,
       .simulation_preset = ModelTuner::simulation_preset},
      {.settings = SpsaTuner::settings_type(),
       .make = make_competition_of<SpsaTuner>,
       .live_lines = SpsaTuner::live_lines},
  };
  return types;
}

}  // namespace rm::comp
