// spsa_tuner: the recommended values with theta's band, each parameter's trajectory over the
// games (where theta has been, the start and the band), the Elo gained (against an opponent)
// and the tuned and start engines' command lines.
// Listed in type_sections.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "ringmaster/control/shell_quote.hpp"
#include "ringmaster/report/html/html_text.hpp"
#include "ringmaster/report/report_inputs.hpp"
#include "ringmaster/report/svg/plots.hpp"

namespace rm::report::html {
namespace {

// A parameter's value as a number for the plot (an integer parameter's too); NaN otherwise.
double numeric(const nlohmann::json& value) {
  return value.is_number() ? value.get<double>() : std::nan("");
}

std::string trajectory_plot(const nlohmann::json& report, std::size_t k, const nlohmann::json& v) {
  const std::string code = v.value("code", "x" + std::to_string(k));
  rm::svg::XYPlot plot;
  plot.css_class = "trajectory";
  plot.title = "Trajectory of " + code;
  plot.x_label = "games";
  plot.y_label = code;
  plot.x_integer = true;
  plot.y_log = v.value("scale", std::string()) == "LOG";
  plot.y_min = number_at(v, "lower");
  plot.y_max = number_at(v, "upper");
  rm::svg::Series theta{"theta", {}, true, false};
  for (const auto& p : report.value("trajectory", nlohmann::json::array())) {
    const auto& values = p.value("values", nlohmann::json::array());
    if (k >= values.size()) continue;
    const double y = numeric(values[k]);
    if (!std::isfinite(y)) continue;
    const double games = number_at(p, "games");
    theta.points.push_back(
        {games, y, std::nullopt, std::nullopt, fmt::format("{} games: {:.4g}", games, y)});
  }
  plot.series.push_back(std::move(theta));
  const double start = numeric(v.value("start", nlohmann::json()));
  if (std::isfinite(start)) plot.guides.push_back({start, "start"});
  const double recommended = numeric(v.value("value", nlohmann::json()));
  if (std::isfinite(recommended)) plot.guides.push_back({recommended, "recommended", "#d55e00"});
  const double low = numeric(v.value("band_low", nlohmann::json()));
  const double high = numeric(v.value("band_high", nlohmann::json()));
  const auto& design = report.value("design", nlohmann::json::object());
  const double from = number_at(design, "average_from_games", -1);
  const double played = number_at(report, "games_played");
  if (std::isfinite(low) && std::isfinite(high) && from >= 0 && played > from)
    plot.regions.push_back({from, played, low, high, "theta's band (95%)"});
  return figure(rm::svg::render(plot));
}

// Where `v` sits in the parameter's range, 0 (lower) to 1 (upper); on a log scale for LOG.
double position(double v, const nlohmann::json& parameter) {
  double lower = number_at(parameter, "lower"), upper = number_at(parameter, "upper");
  if (parameter.value("scale", std::string()) == "LOG" && lower > 0 && upper > 0 && v > 0) {
    lower = std::log(lower);
    upper = std::log(upper);
    v = std::log(v);
  }
  return upper > lower ? (v - lower) / (upper - lower) : 0.5;
}

// Every parameter at a glance (64 of them fit a screen): one row per parameter, one column per
// stretch of the games, coloured by how far theta has moved from the start, as a share of the
// parameter's range. Empty with fewer than two parameters or trajectory points.
std::string overview_plot(const nlohmann::json& report, const nlohmann::json& values) {
  const auto& trajectory = report.value("trajectory", nlohmann::json::array());
  if (values.size() < 2 || trajectory.size() < 2) return "";
  const std::size_t columns = std::min<std::size_t>(trajectory.size(), 24);
  std::vector<std::size_t> points;  // the last trajectory point of each stretch
  for (std::size_t c = 0; c < columns; ++c)
    points.push_back((c + 1) * trajectory.size() / columns - 1);
  rm::svg::Heatmap map;
  map.css_class = "trajectory-overview";
  map.title = "Every parameter: theta against its start";
  map.x_label = "games";
  map.y_label = "parameter";
  map.centre = 0.0;
  map.scale_factor = 100.0;
  map.scale_label = "theta - start (% of range)";
  for (const std::size_t i : points)
    map.x_labels.push_back(fmt::format("{}", number_at(trajectory[i], "games")));
  for (std::size_t k = 0; k < values.size(); ++k) {
    const auto& v = values[k];
    const std::string code = v.value("code", "x" + std::to_string(k));
    map.y_labels.push_back(code);
    const double start = numeric(v.value("start", nlohmann::json()));
    std::vector<rm::svg::HeatCell> row;
    for (const std::size_t i : points) {
      const auto& at = trajectory[i].value("values", nlohmann::json::array());
      const double theta = k < at.size() ? numeric(at[k]) : std::nan("");
      rm::svg::HeatCell cell;
      if (std::isfinite(theta) && std::isfinite(start)) {
        cell.value = std::clamp(position(theta, v) - position(start, v), -0.5, 0.5);
        cell.tooltip = fmt::format("{} after {} games: {:.4g} (start {:.4g})", code,
                                   number_at(trajectory[i], "games"), theta, start);
      }
      row.push_back(std::move(cell));
    }
    map.cells.push_back(std::move(row));
  }
  // The colour scale spans the largest move (at least 2% of a range, at most half of it), so
  // that small early moves are seen too.
  double largest = 0.0;
  for (const auto& row : map.cells)
    for (const auto& cell : row)
      if (cell.value) largest = std::max(largest, std::abs(*cell.value));
  double span = 0.5;
  for (const double nice : {0.02, 0.05, 0.1, 0.2})
    if (largest <= nice) {
      span = nice;
      break;
    }
  map.value_min = -span;
  map.value_max = span;
  return figure(rm::svg::render(map),
                "Each row a parameter, each column a stretch of the games (its last point): "
                "red where theta has moved up from the start, blue where down, by the share "
                "of the parameter's range (log range for a LOG scale; the key spans the largest "
                "move); hover for the values.");
}

// Head to head: the last complete validation round, the recommendation against the start.
std::string elo_gained_against_start(const nlohmann::json& gained) {
  if (!gained.is_object())
    return note(
        "Elo gained: head-to-head pairs compare #n+ with #n-, never with the start; validation "
        "rounds (or the confirmation match below) measure it.");
  return fmt::format(
      "<p class=\"headline elo-gained\">Elo gained: <b>{}</b> (95%): the recommendation after {} "
      "games against the start, validation round {} ({} games).</p>\n",
      escape(elo_note(gained)), number_at(gained, "after_games"), number_at(gained, "round"),
      number_at(gained, "games"));
}

std::string elo_gained(const nlohmann::json& report) {
  const auto& gained = report.value("elo_gained", nlohmann::json());
  if (report.value("mode", std::string()) == "head_to_head")
    return elo_gained_against_start(gained);
  if (!gained.is_object())
    return note(
        "Elo gained: measured once the candidates have played twice the window "
        "against the opponent.");
  return fmt::format(
      "<p class=\"headline elo-gained\">Elo gained: <b>{:+.0f} &plusmn; {:.0f}</b> (95%): the "
      "candidates against the opponent, the last {} games {:+.0f} &plusmn; {:.0f}, the first "
      "{:+.0f} &plusmn; {:.0f}.</p>\n",
      number_at(gained, "elo"), number_at(gained, "margin"), number_at(gained, "window"),
      number_at(gained, "recent_elo"), number_at(gained, "recent_margin"),
      number_at(gained, "first_elo"), number_at(gained, "first_margin"));
}

}  // namespace

std::string spsa_tuner_sections(const ReportInputs& in) {
  const nlohmann::json& report = in.report;
  const auto& estimate = report.value("estimate", nlohmann::json::object());
  const auto& values = estimate.value("values", nlohmann::json::array());
  std::vector<std::vector<std::string>> rows;
  for (const auto& v : values)
    rows.push_back({v.value("code", std::string()),
                    json_text(v.value("start", nlohmann::json()), 4),
                    json_text(v.value("theta", nlohmann::json()), 4),
                    json_text(v.value("value", nlohmann::json()), 4),
                    json_text(v.value("band_low", nlohmann::json()), 4) + " to " +
                        json_text(v.value("band_high", nlohmann::json()), 4)});
  const auto command = [&](const char* key) {
    std::vector<std::string> argv;
    for (const auto& a : report.value(key, nlohmann::json::array()))
      argv.push_back(a.get<std::string>());
    return rm::control::shell_quote_for_display(argv);
  };
  const std::string tuned = command("tuned_command"), start = command("start_command");
  std::string out = section(
      "optimum", "Recommended values",
      fmt::format("<p class=\"headline\">Recommended: <b>{}</b></p>\n",
                  escape(estimate.value("parameters", std::string()))) +
          table({"parameter", "start", "theta", "recommended", "theta's band (95%)"}, rows,
                "optimum") +
          elo_gained(report) +
          (tuned.empty() ? "" : "<p>Tuned engine: <code>" + escape(tuned) + "</code></p>\n") +
          (start.empty() ? "" : "<p>Start: <code>" + escape(start) + "</code></p>\n"));
  std::string plots;
  for (std::size_t k = 0; k < values.size(); ++k) plots += trajectory_plot(report, k, values[k]);
  out += section("trajectory", "Trajectory",
                 note("Where theta (the centre of each pair's candidates) has been, per "
                      "parameter, against the games played: the grey line is the start, the "
                      "orange one the recommendation (theta's mean over the averaged games), "
                      "and the shaded band the range theta wandered in over them (mean "
                      "\u00b1 2 SD), which is not a confidence interval of the optimum.") +
                     overview_plot(report, values) + plots);
  return out;
}

}  // namespace rm::report::html
