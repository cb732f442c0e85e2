// make_competition: the competition type named by the control file.
#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"
#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"
#include "ringmaster/competitions/tournaments/allplayall.hpp"
#include "ringmaster/competitions/tournaments/playoff.hpp"

namespace rm::comp {

std::unique_ptr<Competition> make_competition(const rm::control::ControlFile& cf) {
  if (cf.competition_type == "mc_tuner") return std::make_unique<McTuner>(cf);
  if (cf.competition_type == "playoff") return std::make_unique<Playoff>(cf);
  if (cf.competition_type == "allplayall") return std::make_unique<AllPlayAll>(cf);
  if (cf.competition_type == "ce_tuner") return std::make_unique<CeTuner>(cf);
  if (cf.competition_type == "model_tuner") return std::make_unique<ModelTuner>(cf);
  throw std::invalid_argument("competition type '" + cf.competition_type + "' is not supported");
}

}  // namespace rm::comp
