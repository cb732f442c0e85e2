// The tournaments' results per opening (openings: report: true).
#include "ringmaster/competitions/opening_results.hpp"
#include "ringmaster/competitions/tournaments/tournament.hpp"

namespace rm::comp {

namespace {

std::vector<const rm::game::GameResult*> all_results(
    const std::vector<Tournament::Matchup>& matchups) {
  std::vector<const rm::game::GameResult*> results;
  for (const auto& m : matchups)
    for (const auto& r : m.results) results.push_back(&r);
  return results;
}

}  // namespace

std::string Tournament::openings_report() const {
  if (!openings_.report()) return "";
  return "\n" +
         opening_results_text(tally_openings(cf_.openings->openings, all_results(matchups_)));
}

void Tournament::add_openings_json(nlohmann::json& report) const {
  if (!openings_.report()) return;
  report["openings"] =
      opening_results_json(tally_openings(cf_.openings->openings, all_results(matchups_)));
}

}  // namespace rm::comp
