// The registry: one line per competition type. A new type adds its line here (docs/
// architecture.md, "Adding a competition type").
#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"
#include "ringmaster/competitions/tournaments/allplayall.hpp"
#include "ringmaster/competitions/tournaments/playoff.hpp"
#include "ringmaster/control/ce_tuner_settings.hpp"
#include "ringmaster/control/mc_tuner_settings.hpp"
#include "ringmaster/control/model_tuner_settings.hpp"
#include "ringmaster/control/tournament_settings.hpp"

namespace rm::comp {

const std::vector<CompetitionType>& competition_types() {
  using namespace rm::control;
  static const std::vector<CompetitionType> types{
      {playoff_settings_type(), make_competition_of<Playoff>, Tournament::live_lines},
      {allplayall_settings_type(), make_competition_of<AllPlayAll>, Tournament::live_lines},
      {mc_tuner_settings_type(), make_competition_of<McTuner>, McTuner::live_lines,
       describe_candidates},
      {ce_tuner_settings_type(), make_competition_of<CeTuner>, CeTuner::live_lines},
      {model_tuner_settings_type(), make_competition_of<ModelTuner>, ModelTuner::live_lines},
  };
  return types;
}

}  // namespace rm::comp
