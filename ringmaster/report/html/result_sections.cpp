#include "ringmaster/report/html/result_sections.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <map>

#include "ringmaster/report/html/common_sections.hpp"
#include "ringmaster/report/html/html_text.hpp"

namespace rm::report::html {
namespace {

std::string signed_rating(double v) {
  if (std::isnan(v)) return "\u2013";
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.0f}", v);
}

struct OpeningTally {
  int games = 0, black_wins = 0, white_wins = 0, no_winner = 0;
  std::map<std::string, double> wins;
};

// "a 3, b 1": wins by player, in code order.
std::string wins_text(const std::map<std::string, double>& wins) {
  std::string text;
  for (const auto& [code, n] : wins)
    if (n > 0) text += (text.empty() ? "" : ", ") + code + " " + json_text(nlohmann::json(n), 1);
  return text.empty() ? "\u2013" : text;
}

std::vector<std::string> opening_row(const std::string& name, const OpeningTally& t) {
  return {name,
          std::to_string(t.games),
          std::to_string(t.black_wins),
          std::to_string(t.white_wins),
          std::to_string(t.no_winner),
          wins_text(t.wins)};
}

}  // namespace

std::string rating_list_section(const ReportInputs& in) {
  const auto& list = in.report.value("rating_list", nlohmann::json());
  if (!list.is_object()) return "";
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<std::vector<std::string>> rows;
  for (const auto& p : list.value("players", nlohmann::json::array())) {
    const std::string code = p.value("code", std::string());
    const bool anchor = code == list.value("anchor", std::string());
    rows.push_back({json_text(p.value("rank", nlohmann::json())),
                    code + (anchor ? " (anchor)" : ""), signed_rating(number_at(p, "rating", nan)),
                    anchor ? "fixed"
                           : signed_rating(number_at(p, "lower", nan)) + " to " +
                                 signed_rating(number_at(p, "upper", nan)),
                    json_text(p.value("games", nlohmann::json())),
                    json_text(p.value("points", nlohmann::json()), 1)});
  }
  const std::string caption = fmt::format(
      "Bradley\u2013Terry ratings from every game, anchored on {} at {}; 95% intervals{}.",
      list.value("anchor", std::string()), json_text(list.value("anchor_rating", nlohmann::json())),
      number_at(list, "prior_draws") > 0
          ? fmt::format(", with {} virtual draws per pair",
                        json_text(list.value("prior_draws", nlohmann::json())))
          : "");
  return section(
      "ratings", "Rating list",
      note(caption) +
          table({"rank", "player", "rating", "95% interval", "games", "points"}, rows, "ratings"));
}

std::string openings_section(const ReportInputs& in) {
  std::vector<std::vector<std::string>> rows;
  std::string body;
  const auto& reported = in.report.value("openings", nlohmann::json());
  if (reported.is_array()) {
    for (const auto& o : reported) {
      OpeningTally t{o.value("games", 0),
                     o.value("black_wins", 0),
                     o.value("white_wins", 0),
                     o.value("no_winner", 0),
                     {}};
      const nlohmann::json wins = o.value("wins", nlohmann::json::object());
      for (const auto& [code, n] : wins.items())
        t.wins[code] = n.is_number() ? n.get<double>() : 0.0;
      rows.push_back(opening_row(o.value("name", std::string()), t));
    }
  } else {
    // Without `report: true` the JSON report has no table: counted from the stored games.
    std::vector<std::string> order;
    std::map<std::string, OpeningTally> tallies;
    for (const auto& g : in.games) {
      const auto& r = g.result;
      if (r.opening.empty() || r.is_void) continue;
      if (!tallies.count(r.opening)) order.push_back(r.opening);
      OpeningTally& t = tallies[r.opening];
      ++t.games;
      if (const auto winner = r.winner_colour()) {
        ++(*winner == rm::go::Colour::Black ? t.black_wins : t.white_wins);
        t.wins[r.winning_code()] += 1.0;
      } else {
        ++t.no_winner;
      }
    }
    for (const auto& name : order) rows.push_back(opening_row(name, tallies[name]));
    if (!rows.empty() && in.games_total > static_cast<int>(in.games.size()))
      body +=
          note(fmt::format("From the last {} of the {} games.", in.games.size(), in.games_total));
  }
  if (rows.empty()) return "";
  body += table({"opening", "games", "B wins", "W wins", "no winner", "wins"}, rows, "openings");
  return section("openings", "Results per opening", body);
}

std::string decisions_section(const ReportInputs& in) {
  std::map<std::string, int> by_whom;
  std::vector<const GameRecord*> decided;
  for (const auto& g : in.games)
    if (!g.result.decided_by.empty()) {
      ++by_whom[g.result.decided_by];
      decided.push_back(&g);
    }
  if (decided.empty()) return "";
  std::vector<std::vector<std::string>> summary;
  for (const auto& [who, n] : by_whom) summary.push_back({escape(who), std::to_string(n)});
  std::vector<std::vector<std::string>> rows;
  const std::size_t first =
      decided.size() > kDecisionsListed ? decided.size() - kDecisionsListed : 0;
  for (std::size_t i = first; i < decided.size(); ++i) {
    const auto& r = decided[i]->result;
    const std::string href = sgf_href(r, in);
    rows.push_back({escape(r.game_id), escape(r.black_code), escape(r.white_code),
                    escape(r.sgf_result), escape(r.decided_by), escape(r.detail),
                    href.empty() ? "\u2013"
                                 : "<a class=\"sgf-link\" href=\"" + escape(href) + "\">" +
                                       escape(r.game_id) + ".sgf</a>"});
  }
  std::string body = note(fmt::format(
      "{} of {} games were decided by an arbiter or an adjudication, not by the players.",
      decided.size(), in.games.size()));
  body += table({"decided by", "games"}, summary, "decisions-summary", true);
  if (first > 0)
    body += note(
        fmt::format("The latest {} of them; `report --csv` lists them all.", kDecisionsListed));
  body += table({"game", "Black", "White", "result", "decided by", "detail", "SGF record"}, rows,
                "decisions", true);
  return section("decisions", "Arbiter and adjudication decisions", body);
}

}  // namespace rm::report::html
