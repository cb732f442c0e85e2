#include "ringmaster/competitions/tournaments/playoff.hpp"

#include <set>
#include <stdexcept>

#include "ringmaster/competitions/tournaments/rating_list.hpp"

namespace rm::comp {
namespace {

std::vector<MatchupSettings> playoff_matchups(const rm::control::ControlFile& cf) {
  const auto* s = cf.settings_if<PlayoffSettings>();
  if (cf.competition_type != "playoff" || s == nullptr)
    throw std::invalid_argument("not a playoff control file (competition_type '" +
                                cf.competition_type + "')");
  return s->matchups;
}

const PlayoffSettings& playoff_settings(const rm::control::ControlFile& cf) {
  return cf.settings<PlayoffSettings>();
}

}  // namespace

// The rating list adds nothing to one matchup's Elo: shown for three or more players, or
// when a rating_anchor asks for it.
std::optional<RatingListReport> Playoff::rating_list() const {
  const auto& settings = playoff_settings(cf_);
  std::set<std::string> players;
  for (const auto& m : matchups_) {
    players.insert(m.settings.player_1);
    players.insert(m.settings.player_2);
  }
  if (players.size() < 3 && !settings.ratings.anchor) return std::nullopt;
  return tournament_rating_list(*this, settings.ratings);
}

Playoff::Playoff(const rm::control::ControlFile& cf) : Tournament(cf, playoff_matchups(cf)) {}

// gomill: "playoff: <code>", the description, the matchup blocks, the players.
std::string Playoff::short_report() const {
  std::string text = "playoff: " + cf_.code + "\n";
  if (!cf_.common.description.empty()) text += cf_.common.description + "\n";
  text += "\n";
  const std::string blocks = matchup_blocks();
  if (!blocks.empty()) text += blocks + "\n";
  if (auto ratings = rating_list()) text += rating_list_text(*ratings) + "\n";
  return text + player_lines() + "\n";
}

std::string Playoff::full_report() const {
  return short_report() + openings_report();
}

std::string Playoff::screen_report(const std::vector<std::string>&) const {
  const std::string blocks = matchup_blocks();
  if (blocks.empty()) return "no games played yet\n";
  auto ratings = rating_list();
  return ratings ? blocks + "\n" + rating_list_text(*ratings) : blocks;
}

nlohmann::json Playoff::json_report() const {
  const auto ratings = rating_list();
  const auto& gauntlet = playoff_settings(cf_).gauntlet_player;
  nlohmann::json report{
      {"competition_type", "playoff"},
      {"code", cf_.code},
      {"description", cf_.common.description},
      {"games_played", games_played()},
      {"matchups", matchups_json()},
      {"players", players_json()},
      {"gauntlet_player", gauntlet ? nlohmann::json(*gauntlet) : nlohmann::json(nullptr)},
      {"rating_list", ratings ? rating_list_json(*ratings) : nlohmann::json(nullptr)}};
  add_openings_json(report);
  return report;
}

}  // namespace rm::comp
