#include "ringmaster/competitions/matchups/matchup_report.hpp"

#include <fmt/format.h>

#include <cmath>

#include "ringmaster/competitions/ascii_table.hpp"
#include "ringmaster/stats/format.hpp"
#include "scales/value.hpp"

namespace rm::comp {
namespace {

std::string handicap_style_name(rm::game::HandicapStyle s) {
  return s == rm::game::HandicapStyle::Free ? "free" : "fixed";
}

// gomill's make_matchup_stats_table.
std::vector<std::string> wins_table(const MatchupStats& ms) {
  using Align = AsciiTable::Align;
  const PlayerTally& p1 = ms.player_1;
  const PlayerTally& p2 = ms.player_2;
  AsciiTable t(3);
  t.add_heading("");
  int i = t.add_column(Align::Left, 3);
  t.set_column_values(i, {p1.code, p2.code});
  t.add_heading("wins");
  i = t.add_column(Align::Right);
  t.set_column_values(i, {format_score(p1.wins), format_score(p2.wins)});
  t.add_heading("");
  i = t.add_column(Align::Right);
  t.set_column_values(i, {format_percent(p1.wins, ms.total), format_percent(p2.wins, ms.total)});
  if (ms.alternating) {
    t.set_right_padding(i, 7);
    t.add_heading("black", 2);
    i = t.add_column(Align::Left);
    t.set_column_values(
        i, {format_score(p1.wins_black), format_score(p2.wins_black), format_score(ms.wins_black)});
    i = t.add_column(Align::Right, 5);
    t.set_column_values(i, {format_percent(p1.wins_black, p1.played_black),
                            format_percent(p2.wins_black, p2.played_black),
                            format_percent(ms.wins_black, ms.total)});
    t.add_heading("white", 2);
    i = t.add_column(Align::Left);
    t.set_column_values(
        i, {format_score(p1.wins_white), format_score(p2.wins_white), format_score(ms.wins_white)});
    i = t.add_column(Align::Right, 3);
    t.set_column_values(i, {format_percent(p1.wins_white, p1.played_white),
                            format_percent(p2.wins_white, p2.played_white),
                            format_percent(ms.wins_white, ms.total)});
  } else {
    t.set_right_padding(i, 3);
    t.add_heading("");
    i = t.add_column(Align::Left);
    const bool p1_black = p1.played_black > 0 || p2.played_white > 0 || ms.total == 0;
    t.set_column_values(i, {p1_black ? "(black)" : "(white)", p1_black ? "(white)" : "(black)"});
  }
  if (p1.forfeits != 0 || p2.forfeits != 0) {
    t.add_heading("forfeits");
    i = t.add_column(Align::Right);
    t.set_column_values(i, {std::to_string(p1.forfeits), std::to_string(p2.forfeits)});
  }
  const auto a1 = p1.average_cpu_s();
  const auto a2 = p2.average_cpu_s();
  if ((a1 && *a1 != 0) || (a2 && *a2 != 0)) {
    const auto cpu = [](std::optional<double> a) {
      return a ? fmt::format("{:7.2f}", *a) : std::string("   ----");
    };
    t.add_heading("avg cpu");
    i = t.add_column(Align::Right, 2);
    t.set_column_values(i, {cpu(a1), cpu(a2)});
  }
  return t.render();
}

std::string causes_text(const PlayerTally& p) {
  std::string text;
  for (const auto& [cause, count] : p.forfeits_by_cause)
    text += (text.empty() ? "" : ", ") + cause + " " + std::to_string(count);
  return p.code + " " + std::to_string(p.forfeits) + (text.empty() ? "" : " (" + text + ")");
}

std::string pairs_text(const rm::stats::PairedResults& pr) {
  const auto& p = pr.pairs;
  return fmt::format(
      "pairs (player 1's score over a pair): 0: {}  0.5: {}  1: {}  1.5: {}  2: {}  ({} pairs, {} "
      "unpaired games)",
      p.ll, p.ld, p.wl_dd, p.wd, p.ww, p.pairs(), pr.unpaired_games);
}

nlohmann::json number_or_infinity(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return nullptr;
  return v;
}

nlohmann::json tally_json(const PlayerTally& p, int total) {
  const auto cpu = p.average_cpu_s();
  return {{"code", p.code},
          {"wins", p.wins},
          {"win_rate", total == 0 ? nlohmann::json(nullptr) : nlohmann::json(p.wins / total)},
          {"played_black", p.played_black},
          {"wins_black", p.wins_black},
          {"played_white", p.played_white},
          {"wins_white", p.wins_white},
          {"forfeits", p.forfeits},
          {"forfeits_by_cause", p.forfeits_by_cause},
          {"average_cpu_s", cpu ? nlohmann::json(*cpu) : nlohmann::json(nullptr)}};
}

}  // namespace

std::string describe_game_settings(const rm::game::GameSettings& g) {
  std::string s = "board size: " + std::to_string(g.board_size) + "   ";
  if (g.handicap != 0)
    s += "handicap: " + std::to_string(g.handicap) + " (" + handicap_style_name(g.handicap_style) +
         ")   ";
  return s + "komi: " + rm::scales::python_str(g.komi);
}

std::string matchup_block(const MatchupHeading& heading, const MatchupStats& ms) {
  const auto& m = *heading.settings;
  std::string played = std::to_string(ms.total);
  if (!heading.is_ghost && m.number_of_games) played += "/" + std::to_string(*m.number_of_games);
  std::string name = m.name + (heading.name_is_shared ? " [matchup " + m.id + "]" : "") +
                     (heading.is_ghost ? " (missing from control file)" : "");
  std::string text = name + " (" + played + " games)\n";
  if (ms.unknown > 0)
    text += "unknown results: " + std::to_string(ms.unknown) + " " +
            format_percent(ms.unknown, ms.total) + "\n";
  text += describe_game_settings(m.game) + "\n";
  for (const auto& line : wins_table(ms)) text += line + "\n";
  // Ours, after gomill's table.
  if (ms.player_1.forfeits != 0 || ms.player_2.forfeits != 0)
    text += "forfeits: " + causes_text(ms.player_1) + "; " + causes_text(ms.player_2) + "\n";
  if (ms.jigos != 0) text += "jigos: " + std::to_string(ms.jigos) + "\n";
  if (ms.total > 0) {
    text += m.player_1 + " v " + m.player_2 + ": " + rm::stats::format_elo(ms.elo) + "\n";
    if (ms.pairs && ms.pairs->pairs.pairs() > 0) {
      text += pairs_text(*ms.pairs) + "\n";
      text += "paired: " + rm::stats::format_elo(*ms.pair_elo) + "\n";
    }
  }
  if (ms.sprt && m.sprt) text += rm::stats::format_sprt(make_sprt(*m.sprt), *ms.sprt) + "\n";
  return text;
}

nlohmann::json elo_json(const rm::stats::EloEstimate& e) {
  return {{"games", e.games},
          {"samples", e.samples},
          {"score", e.score},
          {"elo", number_or_infinity(e.elo)},
          {"elo_lower", number_or_infinity(e.elo_lower)},
          {"elo_upper", number_or_infinity(e.elo_upper)},
          {"margin", number_or_infinity(e.margin)},
          {"los", e.los}};
}

nlohmann::json matchup_json(const MatchupHeading& heading, const MatchupStats& ms) {
  const auto& m = *heading.settings;
  const auto& g = m.game;
  nlohmann::json j;
  j["id"] = m.id;
  j["name"] = m.name;
  j["is_ghost"] = heading.is_ghost;
  j["player_1"] = m.player_1;
  j["player_2"] = m.player_2;
  j["board_size"] = g.board_size;
  j["komi"] = g.komi;
  j["handicap"] = g.handicap == 0 ? nlohmann::json(nullptr) : nlohmann::json(g.handicap);
  j["handicap_style"] = handicap_style_name(g.handicap_style);
  j["alternating"] = m.alternating;
  j["number_of_games"] = heading.is_ghost || !m.number_of_games
                             ? nlohmann::json(nullptr)
                             : nlohmann::json(*m.number_of_games);
  j["games_played"] = ms.total;
  j["jigos"] = ms.jigos;
  j["unknown_results"] = ms.unknown;
  j["wins_black"] = ms.wins_black;
  j["wins_white"] = ms.wins_white;
  j["players"] =
      nlohmann::json::array({tally_json(ms.player_1, ms.total), tally_json(ms.player_2, ms.total)});
  j["wdl"] = {{"wins", ms.wdl.wins}, {"draws", ms.wdl.draws}, {"losses", ms.wdl.losses}};
  j["elo"] = elo_json(ms.elo);
  if (ms.pairs) {
    const auto& p = ms.pairs->pairs;
    j["pairs"] = {{"ll", p.ll},
                  {"ld", p.ld},
                  {"wl_dd", p.wl_dd},
                  {"wd", p.wd},
                  {"ww", p.ww},
                  {"unpaired_games", ms.pairs->unpaired_games},
                  {"elo", elo_json(*ms.pair_elo)}};
  } else {
    j["pairs"] = nullptr;
  }
  if (ms.sprt && m.sprt) {
    j["sprt"] = {{"elo0", m.sprt->elo0},
                 {"elo1", m.sprt->elo1},
                 {"alpha", m.sprt->alpha},
                 {"beta", m.sprt->beta},
                 {"model", rm::stats::to_string(m.sprt->model)},
                 {"llr", ms.sprt->llr},
                 {"lower_bound", ms.sprt->lower_bound},
                 {"upper_bound", ms.sprt->upper_bound},
                 {"pentanomial", ms.sprt->pentanomial},
                 {"decision", rm::stats::to_string(ms.sprt->decision)}};
  } else {
    j["sprt"] = nullptr;
  }
  return j;
}

}  // namespace rm::comp
