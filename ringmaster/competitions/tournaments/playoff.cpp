#include "ringmaster/competitions/tournaments/playoff.hpp"

#include <stdexcept>

namespace rm::comp {
namespace {

std::vector<rm::control::MatchupSettings> playoff_matchups(const rm::control::ControlFile& cf) {
  const auto* s = std::get_if<rm::control::PlayoffSettings>(&cf.competition);
  if (cf.competition_type != "playoff" || s == nullptr)
    throw std::invalid_argument("not a playoff control file (competition_type '" +
                                cf.competition_type + "')");
  return s->matchups;
}

}  // namespace

Playoff::Playoff(const rm::control::ControlFile& cf) : Tournament(cf, playoff_matchups(cf)) {}

// gomill: "playoff: <code>", the description, the matchup blocks, the players.
std::string Playoff::short_report() const {
  std::string text = "playoff: " + cf_.code + "\n";
  if (!cf_.common.description.empty()) text += cf_.common.description + "\n";
  text += "\n";
  const std::string blocks = matchup_blocks();
  if (!blocks.empty()) text += blocks + "\n";
  return text + player_lines() + "\n";
}

std::string Playoff::full_report() const {
  return short_report() + openings_report();
}

std::string Playoff::screen_report(const std::vector<std::string>&) const {
  const std::string blocks = matchup_blocks();
  return blocks.empty() ? std::string("no games played yet\n") : blocks;
}

nlohmann::json Playoff::json_report() const {
  nlohmann::json report{{"competition_type", "playoff"},         {"code", cf_.code},
                        {"description", cf_.common.description}, {"games_played", games_played()},
                        {"matchups", matchups_json()},           {"players", players_json()}};
  add_openings_json(report);
  return report;
}

}  // namespace rm::comp
