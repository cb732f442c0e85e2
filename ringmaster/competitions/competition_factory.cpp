// make_competition: the registered competition type named by the control file.
#include <stdexcept>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/competition_type.hpp"

namespace rm::comp {

std::unique_ptr<Competition> make_competition(const rm::control::ControlFile& cf) {
  if (const CompetitionType* type = find_competition_type(cf.competition_type))
    return type->make(cf);
  throw std::invalid_argument("competition type '" + cf.competition_type + "' is not supported");
}

}  // namespace rm::comp
