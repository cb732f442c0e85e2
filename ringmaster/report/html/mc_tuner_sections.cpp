// mc_tuner: win rate per candidate against each parameter, heatmaps per parameter pair, games
// per candidate, the best candidate's win rate over time and, with max_depth > 1, the tree's
// levels.
// Listed in type_sections.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include "ringmaster/report/html/game_series.hpp"
#include "ringmaster/report/html/html_text.hpp"
#include "ringmaster/report/report_inputs.hpp"
#include "ringmaster/report/svg/palette.hpp"
#include "ringmaster/report/svg/plots.hpp"
#include "ringmaster/stats/wilson.hpp"

namespace rm::report::html {
namespace {

constexpr std::size_t kMaxBars = 40;
constexpr std::size_t kMaxHeatSide = 30;

struct Tally {
  long long games = 0, wins = 0;
};

// A parameter value as a sort key and a label: numbers by value, anything else as text.
struct ValueKey {
  std::optional<double> number;
  std::string text;
  bool operator<(const ValueKey& o) const {
    if (number && o.number) return *number < *o.number;
    if (number != std::nullopt) return true;
    if (o.number) return false;
    return text < o.text;
  }
};

ValueKey key_of(const nlohmann::json& v) {
  return {as_number(v), json_text(v, 6)};
}

rm::svg::HeatCell rate_cell(const Tally& t) {
  rm::svg::HeatCell c;
  if (t.games > 0) {
    c.value = static_cast<double>(t.wins) / static_cast<double>(t.games);
    c.text = fmt::format("{:.0f}%", 100.0 * *c.value);
  }
  c.tooltip = fmt::format("{}/{} games won", t.wins, t.games);
  return c;
}

// The candidates at the deepest level that has games (the ones the tuner plays).
std::vector<nlohmann::json> leaf_candidates(const nlohmann::json& report) {
  std::vector<nlohmann::json> out;
  int depth = 0;
  for (const auto& c : report.value("candidates", nlohmann::json::array()))
    if (c.value("games", 0) > 0) depth = std::max(depth, c.value("depth", 1));
  for (const auto& c : report.value("candidates", nlohmann::json::array()))
    if (c.value("depth", 1) == std::max(depth, 1)) out.push_back(c);
  return out;
}

std::string winrate_against_parameters(const ReportInputs& in,
                                       const std::vector<nlohmann::json>& leaves) {
  std::string body;
  const nlohmann::json best = in.report.value("best", nlohmann::json());
  for (std::size_t k = 0; k < in.parameter_codes.size(); ++k) {
    std::map<ValueKey, Tally> by_value;
    for (const auto& c : leaves) {
      const auto& values = c.value("engine_values", nlohmann::json::array());
      if (k >= values.size()) continue;
      Tally& t = by_value[key_of(values[k])];
      t.games += c.value("games", 0);
      t.wins += c.value("wins", 0);
    }
    if (by_value.empty()) continue;
    const bool numeric = std::all_of(by_value.begin(), by_value.end(),
                                     [](const auto& e) { return e.first.number.has_value(); });
    rm::svg::XYPlot plot;
    plot.css_class = "winrate-vs-parameter";
    plot.title = in.parameter_codes.size() == 1
                     ? "Win rate per candidate"
                     : "Win rate against " + in.parameter_codes[k] + " (other parameters pooled)";
    plot.x_label = in.parameter_codes[k] + " (engine value)";
    plot.y_label = "win rate (%)";
    plot.y_scale = 100.0;
    plot.y_min = 0.0;
    plot.y_max = 1.0;
    plot.guides.push_back({0.5, "50%"});
    rm::svg::Series s;
    s.name = "win rate, 95% interval";
    // Pooled over the other parameters the points are not one curve: no line between them.
    s.line = in.parameter_codes.size() == 1;
    // A line through candidates of one or two games would zig-zag between 0% and 100%: they
    // are drawn apart, as points only.
    constexpr int kLineMinGames = 5;
    rm::svg::Series few;
    few.name = fmt::format("fewer than {} games", kLineMinGames);
    few.line = false;
    few.colour = "#999999";
    std::vector<double> xs;
    std::size_t index = 0;
    for (const auto& [key, t] : by_value) {
      if (!numeric) plot.x_categories.push_back(key.text);
      const double x = numeric ? *key.number : static_cast<double>(index);
      ++index;
      if (t.games == 0) continue;
      xs.push_back(x);
      rm::svg::Point p;
      p.x = x;
      p.y = static_cast<double>(t.wins) / static_cast<double>(t.games);
      const auto ci = rm::stats::wilson_interval(t.wins, t.games);
      p.y_low = ci->lower;
      p.y_high = ci->upper;
      p.tooltip = fmt::format("{} = {}: {}/{} won ({:.1f}%)", in.parameter_codes[k], key.text,
                              t.wins, t.games, 100.0 * p.y);
      (t.games >= kLineMinGames || !s.line ? s : few).points.push_back(p);
    }
    plot.x_log = numeric && wants_log_axis(xs);
    plot.series.push_back(std::move(s));
    if (!few.points.empty()) plot.series.push_back(std::move(few));
    const auto& best_values = best.value("engine_values", nlohmann::json::array());
    if (k < best_values.size() && best.value("games", 0) > 0 && in.parameter_codes.size() == 1) {
      rm::svg::Series b;
      b.name = "best (" + best.value("parameters", std::string()) + ")";
      b.line = false;
      const ValueKey bk = key_of(best_values[k]);
      const auto found = by_value.find(bk);
      if (found != by_value.end()) {
        rm::svg::Point p;
        p.x = numeric ? *bk.number : static_cast<double>(std::distance(by_value.begin(), found));
        p.y = number_at(best, "win_rate");
        b.points.push_back(p);
        plot.series.push_back(std::move(b));
      }
    }
    body += figure(rm::svg::render(plot),
                   "Each point is the share of games won by the candidates with that value, "
                   "with its 95% Wilson interval; narrow bars mean many games." +
                       std::string(in.parameter_codes.size() == 1
                                       ? " Values with fewer than 5 games are grey and not joined."
                                       : ""));
  }
  return body;
}

std::string heatmaps(const ReportInputs& in, const std::vector<nlohmann::json>& leaves) {
  std::string body;
  const std::size_t n = in.parameter_codes.size();
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b) {
      std::map<ValueKey, std::map<ValueKey, Tally>> grid;
      std::set<ValueKey> columns;
      for (const auto& c : leaves) {
        const auto& v = c.value("engine_values", nlohmann::json::array());
        if (v.size() <= b) continue;
        Tally& t = grid[key_of(v[b])][key_of(v[a])];
        columns.insert(key_of(v[a]));
        t.games += c.value("games", 0);
        t.wins += c.value("wins", 0);
      }
      if (grid.size() > kMaxHeatSide || columns.size() > kMaxHeatSide) {
        body += note(fmt::format("{} x {}: too many values for a heatmap ({} x {}).",
                                 in.parameter_codes[a], in.parameter_codes[b], columns.size(),
                                 grid.size()));
        continue;
      }
      rm::svg::Heatmap map;
      map.css_class = "winrate-heatmap";
      map.title = "Win rate: " + in.parameter_codes[a] + " x " + in.parameter_codes[b];
      map.x_label = in.parameter_codes[a];
      map.y_label = in.parameter_codes[b];
      map.scale_label = "win rate (%)";
      map.scale_factor = 100.0;
      for (const auto& c : columns) map.x_labels.push_back(c.text);
      // Rows top first: the largest value on top, as on a y axis.
      for (auto row = grid.rbegin(); row != grid.rend(); ++row) {
        map.y_labels.push_back(row->first.text);
        std::vector<rm::svg::HeatCell> cells;
        for (const auto& c : columns) {
          const auto found = row->second.find(c);
          cells.push_back(rate_cell(found == row->second.end() ? Tally{} : found->second));
        }
        map.cells.push_back(std::move(cells));
      }
      body += figure(rm::svg::render(map),
                     "Each cell pools the candidates with that pair of values (other "
                     "parameters pooled): red wins more than half its games, blue fewer; the "
                     "text is the win rate, hover for the games.");
    }
  return body;
}

std::string candidate_bars(const std::string& css_class, const std::string& title,
                           std::vector<nlohmann::json> nodes, bool label_with_path) {
  std::sort(nodes.begin(), nodes.end(),
            [](const auto& x, const auto& y) { return x.value("games", 0) > y.value("games", 0); });
  const std::size_t hidden = nodes.size() > kMaxBars ? nodes.size() - kMaxBars : 0;
  if (hidden > 0) nodes.resize(kMaxBars);
  rm::svg::BarChart chart;
  chart.css_class = css_class;
  chart.title = title;
  chart.value_label = "games played";
  for (const auto& c : nodes) {
    rm::svg::Bar bar;
    bar.label = c.value("parameters", std::string());
    if (label_with_path) bar.label = c.value("path", std::string()) + " " + bar.label;
    bar.value = c.value("games", 0);
    const auto& rate = c.value("win_rate", nlohmann::json());
    bar.colour = rm::svg::diverging_colour(
        rate.is_number() ? rate.get<double>() : std::numeric_limits<double>::quiet_NaN());
    bar.note = fmt::format("{} ({})", c.value("games", 0), percent(rate));
    bar.tooltip = fmt::format("{}: {}/{} won", bar.label, c.value("wins", 0), c.value("games", 0));
    chart.bars.push_back(std::move(bar));
  }
  std::string out = figure(rm::svg::render(chart),
                           "Bars are coloured by win rate (red above 50%, blue below); the "
                           "tuner gives more games to the candidates it believes best.");
  if (hidden > 0) out += note(fmt::format("{} candidates with fewer games not shown.", hidden));
  return out;
}

std::string best_over_time(const ReportInputs& in) {
  const nlohmann::json best = in.report.value("best", nlohmann::json());
  const std::string best_parameters =
      best.is_object() ? best.value("parameters", std::string()) : "";
  std::vector<double> pool_scores, best_scores, best_x;
  const std::string opponent =
      in.report.value("opponent", nlohmann::json::object()).value("code", std::string());
  for (const auto& g : in.games) {
    if (g.validation) continue;
    const double score = g.result.losing_code() == opponent && !opponent.empty() ? 1.0 : 0.0;
    pool_scores.push_back(score);
    if (!best_parameters.empty() && g.parameters == best_parameters) {
      best_scores.push_back(score);
      best_x.push_back(static_cast<double>(pool_scores.size()));
    }
  }
  if (pool_scores.empty()) return "";
  rm::svg::XYPlot plot;
  plot.css_class = "best-over-time";
  plot.title = "Win rate over time";
  plot.x_label = "tuning games played";
  plot.y_label = "cumulative win rate (%)";
  plot.y_scale = 100.0;
  plot.y_min = 0.0;
  plot.y_max = 1.0;
  plot.guides.push_back({0.5, "50%"});
  rm::svg::Series pool{"all candidates", cumulative_rate(pool_scores), true, false, true};
  plot.series.push_back(std::move(pool));
  if (!best_scores.empty()) {
    rm::svg::Series b{"best: " + best_parameters, cumulative_rate(best_scores, best_x), true, false,
                      true};
    plot.series.push_back(std::move(b));
  }
  return figure(rm::svg::render(plot),
                "The cumulative win rate of all tuning games and of the games of the candidate "
                "now best, with 95% bands; the best candidate's line should settle above the "
                "pool's.");
}

std::string tree_levels(const ReportInputs& in) {
  std::map<int, std::vector<nlohmann::json>> by_depth;
  for (const auto& c : in.report.value("candidates", nlohmann::json::array()))
    if (c.value("games", 0) > 0) by_depth[c.value("depth", 1)].push_back(c);
  std::string body;
  for (const auto& [depth, nodes] : by_depth)
    body += candidate_bars("tree-level", fmt::format("Tree level {}: games per node", depth), nodes,
                           true);
  return section("tree", "The tree's levels", body);
}

}  // namespace

std::string mc_tuner_sections(const ReportInputs& in) {
  const auto leaves = leaf_candidates(in.report);
  const nlohmann::json best = in.report.value("best", nlohmann::json());
  std::string summary;
  if (best.is_object())
    summary = fmt::format(
        "<p class=\"headline\">Best candidate now: <b>{}</b> &mdash; {} of {} games won ({}, "
        "95% interval {} to {}).</p>\n",
        escape(best.value("parameters", std::string())), best.value("wins", 0),
        best.value("games", 0), percent(best.value("win_rate", nlohmann::json())),
        percent(best.value("ci95_low", nlohmann::json())),
        percent(best.value("ci95_high", nlohmann::json())));
  std::string out =
      section("tuning", "Win rate per candidate",
              summary + winrate_against_parameters(in, leaves) + heatmaps(in, leaves));
  out += section("games-per-candidate", "Games per candidate",
                 candidate_bars("games-per-candidate", "Games per candidate", leaves, false));
  out += section("over-time", "Over time", best_over_time(in));
  if (in.report.value("max_depth", 1) > 1) out += tree_levels(in);
  return out;
}

}  // namespace rm::report::html
