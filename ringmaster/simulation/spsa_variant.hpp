// The SPSA variants ringmaster-simulate-spsa compares, written as NAME[:key=value]...:
//   plain             SPSA with the designed c and r (spsa_design.hpp), recommending theta
//   avg               the same, recommending the mean of theta over the budget's last half
//   budget            the tuner's settings for the run's budget (spsa_search.hpp's
//                     settings_for_budget): avg with c=budget, early=2 and until=0.25
// and the keys r=F (r times F), c=F (c times F), c=budget (c for the run's budget,
// spsa_design.hpp's c_for_budget), cmax=F (its max_factor, 1.5), from=F (avg: average from F
// of the budget on), early=F and until=F (r times F for the first F of the budget). E.g.
// "avg:r=2:from=0.25", "avg:c=budget". Each run of a variant is given its budget, as an event knows
// its number of games.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ringmaster/competitions/spsa_tuner/spsa_design.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_search.hpp"

namespace rm::simulation {

struct SpsaVariant {
  std::string name;  // as written
  double r_factor = 1.0;
  double c_factor = 1.0;
  bool c_from_budget = false;  // c_for_budget(design, budget, c_max) instead of c * c_factor
  double c_max = 1.5;
  double early_r = 1.0;        // r times early_r...
  double early_until = 0.0;    // ...for this share of the budget
  double average_from = -1.0;  // share of the budget; negative: recommend theta itself
};

// Throws std::invalid_argument for an unknown name or key, or a value out of range.
SpsaVariant parse_spsa_variant(const std::string& text);

// The search settings of a variant for one run.
rm::comp::spsa::SearchSettings variant_settings(const SpsaVariant& variant,
                                                const rm::comp::spsa::Design& design,
                                                const std::vector<double>& start,
                                                std::uint64_t seed, long budget);

}  // namespace rm::simulation
