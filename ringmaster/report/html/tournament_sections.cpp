// playoff and allplayall: Elo with its interval per matchup, the cross-table as a coloured
// grid, Elo over time per matchup and SPRT progress (the LLR against its bounds), the last
// two recomputed from the stored games.
// Listed in type_sections.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "ringmaster/report/html/game_series.hpp"
#include "ringmaster/report/html/html_text.hpp"
#include "ringmaster/report/report_inputs.hpp"
#include "ringmaster/report/svg/palette.hpp"
#include "ringmaster/report/svg/plots.hpp"
#include "ringmaster/stats/elo.hpp"
#include "ringmaster/stats/pentanomial.hpp"
#include "ringmaster/stats/sprt.hpp"

namespace rm::report::html {
namespace {

constexpr std::size_t kMaxMatchupPlots = 12;

// player_1's score in each of the matchup's games, in commit order, with the game numbers.
struct MatchupGames {
  std::vector<double> scores;
  std::vector<long long> numbers;
};

MatchupGames games_of(const ReportInputs& in, const nlohmann::json& m) {
  MatchupGames out;
  const std::string prefix = m.value("id", std::string()) + "_";
  const std::string p1 = m.value("player_1", std::string());
  for (const auto& g : in.games) {
    const auto& r = g.result;
    if (r.game_id.rfind(prefix, 0) != 0) continue;
    double score;
    if (r.is_jigo)
      score = 0.5;
    else if (r.winning_code() == p1)
      score = 1.0;
    else if (r.losing_code() == p1)
      score = 0.0;
    else
      continue;  // no winner known: not counted, as in the statistics
    long long number = 0;
    try {
      number = std::stoll(r.game_id.substr(prefix.size()));
    } catch (const std::exception&) {
      continue;
    }
    out.scores.push_back(score);
    out.numbers.push_back(number);
  }
  return out;
}

rm::stats::Wdl wdl_of(const std::vector<double>& scores, std::size_t count) {
  rm::stats::Wdl wdl;
  for (std::size_t i = 0; i < count; ++i) {
    if (scores[i] == 1.0)
      wdl.wins++;
    else if (scores[i] == 0.0)
      wdl.losses++;
    else
      wdl.draws++;
  }
  return wdl;
}

std::string elo_chart(const nlohmann::json& matchups) {
  rm::svg::BarChart chart;
  chart.css_class = "elo-per-matchup";
  chart.title = "Elo difference per matchup (player 1 minus player 2)";
  chart.value_label = "Elo difference, with its 95% interval";
  chart.reference = 0.0;
  double widest = 100.0;
  for (const auto& m : matchups) {
    const auto& e = m.value("elo", nlohmann::json::object());
    for (const char* key : {"elo", "elo_lower", "elo_upper"}) {
      const double v = number_at(e, key);
      if (std::isfinite(v)) widest = std::max(widest, std::fabs(v));
    }
  }
  widest = std::min(widest, 1000.0);
  chart.value_min = -widest;
  chart.value_max = widest;
  for (const auto& m : matchups) {
    const auto& e = m.value("elo", nlohmann::json::object());
    rm::svg::Bar bar;
    bar.label = m.value("name", m.value("id", std::string()));
    const double elo = number_at(e, "elo");
    bar.value = std::clamp(elo, -widest, widest);
    bar.low = std::clamp(number_at(e, "elo_lower", -std::numeric_limits<double>::infinity()),
                         -widest, widest);
    bar.high = std::clamp(number_at(e, "elo_upper", std::numeric_limits<double>::infinity()),
                          -widest, widest);
    bar.colour = elo >= 0 ? "#d55e00" : "#0072b2";
    bar.note = elo_note(e);
    bar.tooltip = fmt::format("{}: {} games, LOS {}", bar.label, e.value("games", 0),
                              percent(e.value("los", nlohmann::json())));
    chart.bars.push_back(std::move(bar));
  }
  return figure(rm::svg::render(chart),
                "Bars right of zero: player 1 is stronger. The whisker is the 95% interval "
                "(cut at the chart's edge when unbounded).");
}

std::string cross_table(const ReportInputs& in, const nlohmann::json& matchups) {
  std::vector<std::string> players;
  for (const auto& c : in.report.value("competitors", nlohmann::json::array()))
    players.push_back(c.value("code", std::string()));
  auto add = [&](const std::string& p) {
    if (std::find(players.begin(), players.end(), p) == players.end()) players.push_back(p);
  };
  for (const auto& m : matchups) {
    add(m.value("player_1", std::string()));
    add(m.value("player_2", std::string()));
  }
  std::map<std::pair<std::string, std::string>, std::pair<double, long long>> score;
  for (const auto& m : matchups) {
    const auto& wdl = m.value("wdl", nlohmann::json::object());
    const double w = number_at(wdl, "wins"), d = number_at(wdl, "draws"),
                 l = number_at(wdl, "losses");
    const auto n = static_cast<long long>(w + d + l);
    const std::string p1 = m.value("player_1", std::string()),
                      p2 = m.value("player_2", std::string());
    auto& a = score[{p1, p2}];
    a.first += w + d / 2;
    a.second += n;
    auto& b = score[{p2, p1}];
    b.first += l + d / 2;
    b.second += n;
  }
  rm::svg::Heatmap map;
  map.css_class = "crosstable";
  map.title = "Cross-table: score of the row's player against the column's";
  map.x_label = "opponent";
  map.y_label = "player";
  map.scale_label = "score (%)";
  map.scale_factor = 100.0;
  map.x_labels = players;
  map.y_labels = players;
  for (const auto& row : players) {
    std::vector<rm::svg::HeatCell> cells;
    for (const auto& column : players) {
      rm::svg::HeatCell cell;
      const auto found = score.find({row, column});
      if (row != column && found != score.end() && found->second.second > 0) {
        cell.value = found->second.first / static_cast<double>(found->second.second);
        cell.text = fmt::format("{:g}/{}", found->second.first, found->second.second);
        cell.tooltip = fmt::format("{} v {}: {:g} points from {} games", row, column,
                                   found->second.first, found->second.second);
      }
      cells.push_back(std::move(cell));
    }
    map.cells.push_back(std::move(cells));
  }
  return figure(rm::svg::render(map),
                "Red: the row's player scored more than half the points against the column's; "
                "blue: less. Jigos count half; grey: no games.");
}

std::string elo_over_time(const ReportInputs& in, const nlohmann::json& m) {
  const MatchupGames games = games_of(in, m);
  if (games.scores.empty()) return "";
  rm::svg::XYPlot plot;
  plot.css_class = "elo-over-time";
  plot.title = "Elo over time: " + m.value("name", std::string());
  plot.x_label = "games played in the matchup";
  plot.y_label = "Elo difference (player 1 minus player 2)";
  plot.guides.push_back({0.0, "equal strength"});
  rm::svg::Series s{"Elo, 95% interval", {}, true, false, true};
  for (std::size_t count : checkpoints(games.scores.size())) {
    const auto e = rm::stats::estimate_elo(wdl_of(games.scores, count));
    if (!std::isfinite(e.elo)) continue;
    rm::svg::Point p{static_cast<double>(count), e.elo};
    if (std::isfinite(e.elo_lower) && std::isfinite(e.elo_upper)) {
      p.y_low = e.elo_lower;
      p.y_high = e.elo_upper;
    }
    s.points.push_back(p);
  }
  if (s.points.empty())
    return note(plot.title +
                ": one player has won every game so far, so the Elo difference "
                "has no finite estimate yet.");
  plot.series.push_back(std::move(s));
  return figure(rm::svg::render(plot),
                "The estimate after each number of games (from every game so far), with its 95% "
                "band; it settles as the band narrows.");
}

std::string sprt_progress(const ReportInputs& in, const nlohmann::json& m) {
  const auto& sprt = m.value("sprt", nlohmann::json());
  if (!sprt.is_object()) return "";
  std::optional<rm::stats::Sprt> test;
  try {
    test.emplace(number_at(sprt, "elo0"), number_at(sprt, "elo1"), number_at(sprt, "alpha"),
                 number_at(sprt, "beta"),
                 // A report without "model" was written before there was a choice: logistic.
                 rm::stats::parse_sprt_model(sprt.value("model", std::string("logistic")))
                     .value_or(rm::stats::SprtModel::kLogistic));
  } catch (const std::invalid_argument&) {
    return "";
  }
  const MatchupGames games = games_of(in, m);
  const bool pentanomial = sprt.value("pentanomial", false);
  rm::svg::XYPlot plot;
  plot.css_class = "sprt-llr";
  plot.title = "SPRT: " + m.value("name", std::string()) +
               fmt::format(" (H0 elo {:g}, H1 elo {:g})", test->elo0(), test->elo1());
  plot.x_label = "games played in the matchup";
  plot.y_label = "log-likelihood ratio";
  plot.guides.push_back({test->upper_bound(), "accept H1 above", "#d55e00"});
  plot.guides.push_back({test->lower_bound(), "accept H0 below", "#0072b2"});
  rm::svg::Series s{pentanomial ? "LLR (from pairs)" : "LLR", {}, true, false};
  s.colour = "#000000";
  s.points.push_back({0.0, 0.0});
  for (std::size_t count : checkpoints(games.scores.size())) {
    double llr;
    if (pentanomial) {
      std::vector<rm::stats::GameOutcome> outcomes;
      for (std::size_t i = 0; i < count; ++i)
        outcomes.push_back({rm::stats::consecutive_pair_key(games.numbers[i]), games.scores[i]});
      llr = test->llr(rm::stats::pair_outcomes(outcomes).pairs);
    } else {
      llr = test->llr(wdl_of(games.scores, count));
    }
    if (std::isfinite(llr)) s.points.push_back({static_cast<double>(count), llr});
  }
  plot.series.push_back(std::move(s));
  return figure(rm::svg::render(plot),
                "The test stops when the LLR crosses a bound: above the upper one H1 (player 1 "
                "is at least elo1 stronger) is accepted, below the lower one H0. Decision now: " +
                    sprt.value("decision", std::string("continue")) + ".");
}

}  // namespace

std::string tournament_sections(const ReportInputs& in) {
  const nlohmann::json matchups = in.report.value("matchups", nlohmann::json::array());
  std::vector<std::vector<std::string>> rows;
  for (const auto& m : matchups) {
    const auto& e = m.value("elo", nlohmann::json::object());
    const auto& wdl = m.value("wdl", nlohmann::json::object());
    rows.push_back(
        {m.value("name", std::string()), json_text(m.value("games_played", nlohmann::json())),
         fmt::format("{}-{}-{}", json_text(wdl.value("wins", nlohmann::json())),
                     json_text(wdl.value("draws", nlohmann::json())),
                     json_text(wdl.value("losses", nlohmann::json()))),
         signed_elo(number_at(e, "elo")),
         signed_elo(number_at(e, "elo_lower", -std::numeric_limits<double>::infinity())) + " to " +
             signed_elo(number_at(e, "elo_upper", std::numeric_limits<double>::infinity())),
         percent(e.value("los", nlohmann::json())),
         m.value("sprt", nlohmann::json()).is_object() ? m["sprt"].value("decision", std::string())
                                                       : "\u2013"});
  }
  std::string out =
      section("elo", "Elo per matchup",
              table({"matchup", "games", "W-D-L (player 1)", "Elo", "95% interval", "LOS", "SPRT"},
                    rows, "matchups") +
                  elo_chart(matchups));
  out += section("crosstable", "Cross-table", cross_table(in, matchups));
  std::string over_time, sprt;
  std::size_t shown = 0;
  for (const auto& m : matchups) {
    if (shown++ >= kMaxMatchupPlots) break;
    over_time += elo_over_time(in, m);
    sprt += sprt_progress(in, m);
  }
  if (matchups.size() > kMaxMatchupPlots)
    over_time += note(fmt::format("Only the first {} matchups are plotted.", kMaxMatchupPlots));
  out +=
      section("over-time", "Elo over time", over_time.empty() ? note("No games yet.") : over_time);
  if (!sprt.empty()) out += section("sprt", "SPRT progress", sprt);
  return out;
}

}  // namespace rm::report::html
