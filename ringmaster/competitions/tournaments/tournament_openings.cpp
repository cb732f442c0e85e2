// The tournaments' results per opening (openings: report: true).
#include "ringmaster/competitions/opening_results.hpp"
#include "ringmaster/competitions/tournaments/tournament.hpp"

namespace rm::comp {

std::string Tournament::openings_report() const {
  if (!openings_.report()) return "";
  return "\n" + opening_results_text(tally_openings(cf_.openings->openings, opening_counts_));
}

void Tournament::add_openings_json(nlohmann::json& report) const {
  if (!openings_.report()) return;
  report["openings"] =
      opening_results_json(tally_openings(cf_.openings->openings, opening_counts_));
}

}  // namespace rm::comp
