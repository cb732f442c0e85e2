#include "ringmaster/competitions/tournaments/allplayall.hpp"

#include <algorithm>
#include <stdexcept>

#include "ringmaster/competitions/ascii_table.hpp"
#include "ringmaster/competitions/tournaments/rating_list.hpp"

namespace rm::comp {
namespace {

const AllPlayAllSettings& allplayall_settings(const rm::control::ControlFile& cf) {
  const auto* s = cf.settings_if<AllPlayAllSettings>();
  if (cf.competition_type != "allplayall" || s == nullptr)
    throw std::invalid_argument("not an allplayall control file (competition_type '" +
                                cf.competition_type + "')");
  return *s;
}

std::vector<MatchupSettings> pairings(const rm::control::ControlFile& cf) {
  const auto& s = allplayall_settings(cf);
  std::vector<MatchupSettings> matchups;
  for (std::size_t i = 0; i < s.competitors.size(); ++i)
    for (std::size_t j = i + 1; j < s.competitors.size(); ++j) {
      MatchupSettings m;
      m.id = AllPlayAll::letter(i) + "v" + AllPlayAll::letter(j);
      m.player_1 = s.competitors[i];
      m.player_2 = s.competitors[j];
      m.name = m.player_1 + " v " + m.player_2;
      m.game = cf.game;
      m.alternating = true;
      m.number_of_games = s.rounds;
      m.sprt = s.sprt;
      matchups.push_back(m);
    }
  return matchups;
}

}  // namespace

std::string AllPlayAll::letter(std::size_t index) {
  const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  if (index < 26) return std::string(1, alphabet[index]);
  return letter(index / 26 - 1) + alphabet[index % 26];
}

AllPlayAll::AllPlayAll(const rm::control::ControlFile& cf)
    : Tournament(cf, pairings(cf)), competitors_(allplayall_settings(cf).competitors) {}

void AllPlayAll::add_extra_state(nlohmann::json& state) const {
  state["competitors"] = competitors_;
}

// gomill: competitors may only be appended between runs.
void AllPlayAll::restore_extra(const nlohmann::json& state) {
  const auto stored = state.at("competitors").get<std::vector<std::string>>();
  for (const auto& code : stored)
    if (std::find(competitors_.begin(), competitors_.end(), code) == competitors_.end())
      throw IncompatibleState("competitor has been removed from control file: " + code);
  if (stored.size() > competitors_.size() ||
      !std::equal(stored.begin(), stored.end(), competitors_.begin()))
    throw IncompatibleState(
        "competitors have changed in the control file (new competitors may only be added at the "
        "end)");
}

// "3/8 games played" and the cross-table: row player's wins-losses against each column player.
std::string AllPlayAll::grid() const {
  int expected = 0;
  bool limited = true;
  for (const auto& m : matchups_) {
    if (m.is_ghost) continue;
    if (m.settings.number_of_games)
      expected += *m.settings.number_of_games;
    else
      limited = false;
  }
  std::string text = std::to_string(games_played()) +
                     (limited ? "/" + std::to_string(expected) : "") + " games played\n\n";

  const std::size_t n = competitors_.size();
  std::vector<std::vector<std::string>> cells(n, std::vector<std::string>(n));
  for (const auto& m : matchups_) {
    auto i = std::find(competitors_.begin(), competitors_.end(), m.settings.player_1) -
             competitors_.begin();
    auto j = std::find(competitors_.begin(), competitors_.end(), m.settings.player_2) -
             competitors_.begin();
    if (m.accumulator.games() == 0 || static_cast<std::size_t>(i) >= n ||
        static_cast<std::size_t>(j) >= n)
      continue;
    const MatchupStats s = stats_of(m);
    cells[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
        format_score(s.player_1.wins) + "-" + format_score(s.player_2.wins);
    cells[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] =
        format_score(s.player_2.wins) + "-" + format_score(s.player_1.wins);
  }
  AsciiTable t(static_cast<int>(n));
  t.add_heading("");
  int c = t.add_column(AsciiTable::Align::Left, 1);
  std::vector<std::string> letters, codes;
  for (std::size_t i = 0; i < n; ++i) {
    letters.push_back(letter(i));
    codes.push_back(competitors_[i]);
  }
  t.set_column_values(c, letters);
  t.add_heading("");
  c = t.add_column(AsciiTable::Align::Left, 1);
  t.set_column_values(c, codes);
  for (std::size_t j = 0; j < n; ++j) {
    // gomill's headings stand one character in from their column.
    t.add_heading(" " + letter(j));
    c = t.add_column(AsciiTable::Align::Left, 1);
    std::vector<std::string> column;
    for (std::size_t i = 0; i < n; ++i) column.push_back(cells[i][j]);
    t.set_column_values(c, column);
  }
  for (const auto& line : t.render()) text += line + "\n";
  return text;
}

// gomill's (show and report alike): the grid, each pair's block, the players.
std::string AllPlayAll::short_report() const {
  std::string text = "allplayall: " + cf_.code + "\n";
  if (!cf_.common.description.empty()) text += cf_.common.description + "\n";
  text += "\n" + grid() + "\n";
  if (auto ratings = tournament_rating_list(*this, allplayall_settings(cf_).ratings))
    text += rating_list_text(*ratings) + "\n";
  const std::string blocks = matchup_blocks();
  if (!blocks.empty()) text += blocks + "\n";
  return text + player_lines() + "\n";
}

std::string AllPlayAll::full_report() const {
  return short_report() + openings_report();
}

std::string AllPlayAll::screen_report(const std::vector<std::string>&) const {
  std::string text = grid();
  if (auto ratings = tournament_rating_list(*this, allplayall_settings(cf_).ratings))
    text += "\n" + rating_list_text(*ratings);
  return text;
}

nlohmann::json AllPlayAll::json_report() const {
  nlohmann::json competitors = nlohmann::json::array();
  for (std::size_t i = 0; i < competitors_.size(); ++i)
    competitors.push_back({{"letter", letter(i)}, {"code", competitors_[i]}});
  const auto ratings = tournament_rating_list(*this, allplayall_settings(cf_).ratings);
  nlohmann::json report{
      {"competition_type", "allplayall"},
      {"code", cf_.code},
      {"description", cf_.common.description},
      {"games_played", games_played()},
      {"competitors", competitors},
      {"matchups", matchups_json()},
      {"players", players_json()},
      {"rating_list", ratings ? rating_list_json(*ratings) : nlohmann::json(nullptr)}};
  add_openings_json(report);
  return report;
}

}  // namespace rm::comp
