// ce_tuner settings. The cross-entropy tuner is not implemented yet: a ce_tuner control file is
// recognised (its settings are gomill's) and refused with the position of competition_type.
#include "ringmaster/control/ce_tuner_settings.hpp"

namespace rm::control::detail {

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
                                             "seed"};
  return keys;
}

CeTunerSettings read_ce_tuner(const Reader& r, const Mapping& top, const ControlFile&) {
  r.fail(top.require("competition_type"),
         "competition type ce_tuner is not supported yet (playoff, allplayall and mc_tuner are)");
}

}  // namespace rm::control::detail
