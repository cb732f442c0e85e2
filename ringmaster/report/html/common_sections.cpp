#include "ringmaster/report/html/common_sections.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "ringmaster/report/html/game_series.hpp"
#include "ringmaster/report/html/html_text.hpp"
#include "ringmaster/report/svg/plots.hpp"

namespace rm::report::html {
namespace {

// Tuner candidates have a code per game ("#17", "g4#0"): they are shown as one player.
// A tuner's candidates (each its own code) count as one player: the one the game records, and
// in an spsa_tuner's head to head the other side too (any code that is not a control-file
// player), so that tables and plots stay one row per player however many candidates played.
std::string player_group(const ReportInputs& in, const GameRecord& g, const std::string& code) {
  const bool candidate = (!g.candidate.empty() && code == g.candidate) ||
                         (!in.parameter_codes.empty() && !in.players.empty() &&
                          std::none_of(in.players.begin(), in.players.end(),
                                       [&](const PlayerInfo& p) { return p.code == code; }));
  if (candidate) return g.validation ? "candidate (validation)" : "candidates";
  return code;
}

std::string description_of(const rm::game::GameResult& r, bool black) {
  const std::string& long_d = black ? r.black_long_description : r.white_long_description;
  return long_d.empty() ? (black ? r.black_short_description : r.white_short_description) : long_d;
}

std::string percent_encode_path(const std::string& path) {
  std::string out;
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) != 0 || c == '/' || c == '.' || c == '-' || c == '_' || c == '~')
      out += static_cast<char>(c);
    else
      out += fmt::format("%{:02X}", c);
  }
  return out;
}

}  // namespace

std::string sgf_href(const rm::game::GameResult& r, const ReportInputs& in) {
  if (r.sgf_path.empty()) return "";
  std::string path = r.sgf_path;
  if (!in.sgf_url_base.empty()) {
    // Void games' records are in <code>.void/, the others' in <code>.games/.
    const auto slash = path.rfind('/');
    return in.sgf_url_base + (r.is_void ? "void/" : "games/") +
           percent_encode_path(slash == std::string::npos ? path : path.substr(slash + 1));
  }
  const std::string prefix = in.directory.empty() ? "" : in.directory + "/";
  if (!prefix.empty() && path.rfind(prefix, 0) == 0) path = path.substr(prefix.size());
  return percent_encode_path(path);
}

std::string players_section(const ReportInputs& in) {
  struct Seen {
    std::string description;
    int black = 0, white = 0;
  };
  std::map<std::string, Seen> seen;
  for (const auto& g : in.games) {
    for (bool black : {true, false}) {
      const std::string& code = black ? g.result.black_code : g.result.white_code;
      Seen& s = seen[player_group(in, g, code)];
      (black ? s.black : s.white)++;
      const std::string d = description_of(g.result, black);
      if (!d.empty()) s.description = d;
    }
  }
  std::vector<std::vector<std::string>> rows;
  for (const auto& p : in.players) {
    const auto found = seen.find(p.code);
    rows.push_back({p.code, p.command, found == seen.end() ? "" : found->second.description,
                    found == seen.end() ? "0" : std::to_string(found->second.black),
                    found == seen.end() ? "0" : std::to_string(found->second.white)});
  }
  for (const auto& [code, s] : seen) {
    const bool listed =
        std::any_of(in.players.begin(), in.players.end(),
                    [&wanted = code](const PlayerInfo& p) { return p.code == wanted; });
    if (!listed)
      rows.push_back({code, "(from the candidate template)", s.description, std::to_string(s.black),
                      std::to_string(s.white)});
  }
  return section("players", "Players",
                 table({"player", "command", "description (from the engine)", "games as Black",
                        "games as White"},
                       rows, "players"));
}

std::string causes_section(const ReportInputs& in) {
  std::map<std::pair<std::string, std::string>, int> forfeits;  // (loser, cause) -> games
  for (const auto& g : in.games) {
    if (!g.result.is_forfeit) continue;
    const std::string loser = g.result.losing_code();
    forfeits[{loser.empty() ? "(unknown)" : player_group(in, g, loser),
              g.result.forfeit_cause.empty() ? "(unknown)" : g.result.forfeit_cause}]++;
  }
  std::map<std::string, int> voids;
  for (const auto& g : in.void_games)
    voids[g.result.void_reason.empty() ? "(no reason recorded)" : g.result.void_reason]++;
  std::string body;
  if (forfeits.empty()) {
    body += "<p>No game was lost by forfeit.</p>\n";
  } else {
    std::vector<std::vector<std::string>> rows;
    for (const auto& [key, n] : forfeits)
      rows.push_back({key.first, key.second, std::to_string(n)});
    body += "<h3>Forfeits</h3>\n" + table({"player (lost)", "cause", "games"}, rows, "forfeits");
  }
  if (voids.empty()) {
    body += "<p>No void games.</p>\n";
  } else {
    std::vector<std::vector<std::string>> rows;
    for (const auto& [reason, n] : voids) rows.push_back({reason, std::to_string(n)});
    body += "<h3>Void games</h3>\n" + table({"reason", "games"}, rows, "voids");
  }
  return section("causes", "Forfeits and void games", body);
}

std::string cpu_section(const ReportInputs& in) {
  struct Totals {
    double sum = 0.0, max = 0.0;
    int known = 0, unknown = 0;
    std::vector<rm::svg::Point> points;
  };
  std::map<std::string, Totals> by_player;
  for (std::size_t i = 0; i < in.games.size(); ++i) {
    const auto& g = in.games[i];
    for (bool black : {true, false}) {
      const std::string group =
          player_group(in, g, black ? g.result.black_code : g.result.white_code);
      const auto& cpu = black ? g.result.black_cpu_s : g.result.white_cpu_s;
      Totals& t = by_player[group];
      if (!cpu) {
        t.unknown++;
        continue;
      }
      t.known++;
      t.sum += *cpu;
      t.max = std::max(t.max, *cpu);
      rm::svg::Point p;
      p.x = static_cast<double>(i + 1);
      p.y = *cpu;
      p.tooltip = fmt::format("game {}: {} {:.3f}s", g.result.game_id, group, *cpu);
      t.points.push_back(p);
    }
  }
  std::vector<std::vector<std::string>> rows;
  rm::svg::XYPlot plot;
  plot.css_class = "cpu-per-game";
  plot.title = "CPU time per game";
  plot.x_label = "game (in the order played)";
  plot.y_label = "CPU time (s)";
  plot.y_min = 0.0;
  for (auto& [player, t] : by_player) {
    rows.push_back({player, t.known ? fmt::format("{:.3f}", t.sum / t.known) : "\u2013",
                    t.known ? fmt::format("{:.3f}", t.max) : "\u2013", std::to_string(t.known),
                    std::to_string(t.unknown)});
    if (t.points.empty()) continue;
    rm::svg::Series s;
    s.name = player;
    s.line = false;
    // Thin long runs so the page stays light: at most 400 dots per player.
    const std::size_t stride = std::max<std::size_t>(1, t.points.size() / 400);
    for (std::size_t i = 0; i < t.points.size(); i += stride) s.points.push_back(t.points[i]);
    plot.series.push_back(std::move(s));
  }
  std::string body = table(
      {"player", "average CPU s per game", "max CPU s", "games with CPU time", "games without"},
      rows, "cpu");
  body += figure(rm::svg::render(plot),
                 "Each dot is one player's CPU time in one game (as reported by the engine or "
                 "measured by ringmaster); a rising trend or outliers point to a problem.");
  return section("cpu", "CPU time", body);
}

std::string settings_section(const ReportInputs& in) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& [key, value] : in.report.items())
    if (value.is_primitive() && key != "description") rows.push_back({key, json_text(value, 6)});
  std::string body = table({"setting or figure", "value"}, rows, "settings");
  body += "<details open><summary>Control file " + escape(in.control_file_name) +
          "</summary>\n<pre class=\"control-file\">" + escape(in.control_text) +
          "</pre>\n</details>\n";
  return section("settings", "Settings", body);
}

std::string games_section(const ReportInputs& in) {
  const bool tuner = !in.parameter_codes.empty();
  std::vector<std::string> header{"game", "Black", "White", "result", "moves"};
  if (tuner) header.push_back("candidate parameters");
  header.push_back("SGF record");
  std::vector<std::vector<std::string>> rows;
  const std::size_t first = in.games.size() > kGamesListed ? in.games.size() - kGamesListed : 0;
  auto add = [&](const GameRecord& g) {
    const auto& r = g.result;
    std::vector<std::string> row{escape(r.game_id), escape(r.black_code), escape(r.white_code),
                                 escape(r.is_void ? "void: " + r.void_reason : r.describe()),
                                 std::to_string(r.move_count)};
    if (tuner) row.push_back(escape(g.parameters));
    const std::string href = sgf_href(r, in);
    row.push_back(href.empty() ? (r.sgf_write_error.empty() ? "\u2013" : "kept in the database")
                               : "<a class=\"sgf-link\" href=\"" + escape(href) + "\">" +
                                     escape(r.game_id) + ".sgf</a>");
    rows.push_back(std::move(row));
  };
  for (std::size_t i = first; i < in.games.size(); ++i) add(in.games[i]);
  for (const auto& g : in.void_games) add(g);
  std::string body;
  if (first > 0)
    body += note(fmt::format("The latest {} of {} games; `report --csv` lists them all.",
                             kGamesListed, in.games.size()));
  body += table(header, rows, "games", true);
  return section("games", "Games and SGF records", body);
}

std::string text_report_section(const ReportInputs& in) {
  return section("text-report", "Text report",
                 "<details><summary>The full text report (as in the .report file)</summary>\n"
                 "<pre class=\"text-report\">" +
                     escape(in.text_report) + "</pre>\n</details>\n");
}

}  // namespace rm::report::html
