// model_tuner: the points played over time against the estimated optimum and its confidence
// region (per parameter and per pair of parameters), the win rate over time against the
// model's estimate at the optimum, and the fitted model's coefficients.
// Listed in type_sections.cpp.
#include <fmt/format.h>

#include <cmath>

#include "ringmaster/report/html/game_series.hpp"
#include "ringmaster/report/html/html_text.hpp"
#include "ringmaster/report/report_inputs.hpp"
#include "ringmaster/report/svg/plots.hpp"

namespace rm::report::html {
namespace {

struct Played {
  double game = 0.0;  // tuning game number (1-based, in commit order)
  std::vector<std::optional<double>> values;
  bool won = false;
  std::string parameters;
};

std::vector<Played> played_points(const ReportInputs& in) {
  const std::string opponent =
      in.report.value("opponent", nlohmann::json::object()).value("code", std::string());
  std::vector<Played> out;
  for (const auto& g : in.games) {
    if (g.validation) continue;
    Played p;
    p.game = static_cast<double>(out.size() + 1);
    for (const auto& v : g.values) p.values.push_back(as_number(v));
    p.won = !opponent.empty() && g.result.losing_code() == opponent;
    p.parameters = g.parameters;
    out.push_back(std::move(p));
  }
  return out;
}

// A LOG-scale parameter is sampled evenly in log space: a log axis shows it so.
bool log_axis(const ReportInputs& in, std::size_t k) {
  const auto& ranges = in.report.value("parameters", nlohmann::json::array());
  return k < ranges.size() && ranges[k].value("scale", std::string()) == "LOG";
}

rm::svg::Series outcome_series(bool won) {
  rm::svg::Series s{won ? "candidate won" : "candidate lost", {}, false, true};
  s.colour = won ? "#d55e00" : "#0072b2";
  return s;
}

std::string per_parameter(const ReportInputs& in, const std::vector<Played>& played,
                          const nlohmann::json& estimate) {
  std::string body;
  const auto& values = estimate.is_object() ? estimate.value("values", nlohmann::json::array())
                                            : nlohmann::json::array();
  for (std::size_t k = 0; k < in.parameter_codes.size(); ++k) {
    rm::svg::XYPlot plot;
    plot.css_class = "samples-over-time";
    plot.title = "Values of " + in.parameter_codes[k] + " played, and the estimated optimum";
    plot.x_label = "tuning game";
    plot.y_label = in.parameter_codes[k] + " (engine value)";
    plot.y_log = log_axis(in, k);
    rm::svg::Series won = outcome_series(true), lost = outcome_series(false);
    const std::size_t stride = std::max<std::size_t>(1, played.size() / 600);
    for (std::size_t i = 0; i < played.size(); i += stride) {
      const auto& p = played[i];
      if (k >= p.values.size() || !p.values[k]) continue;
      (p.won ? won : lost)
          .points.push_back({p.game, *p.values[k], std::nullopt, std::nullopt, p.parameters});
    }
    plot.series = {std::move(lost), std::move(won)};
    if (k < values.size()) {
      const auto& v = values[k];
      const double last = played.empty() ? 1.0 : played.back().game;
      if (v.contains("ci95_low") && v.contains("ci95_high"))
        plot.regions.push_back({0.0, last, number_at(v, "ci95_low"), number_at(v, "ci95_high"),
                                "not shown worse than the recommendation"});
      if (v.contains("value")) {
        rm::svg::Series e{"recommended",
                          {{0.0, number_at(v, "value")}, {last, number_at(v, "value")}},
                          true,
                          false};
        e.colour = "#000000";
        e.dashed = true;
        plot.series.push_back(std::move(e));
      }
    }
    body += figure(rm::svg::render(plot),
                   "Each dot is one game at the value played (orange: the candidate won); the "
                   "tuner narrows its sampling around the optimum it estimates (dashed), whose "
                   "95% confidence region is shaded.");
  }
  return body;
}

std::string per_pair(const ReportInputs& in, const std::vector<Played>& played,
                     const nlohmann::json& estimate) {
  std::string body;
  const auto& values = estimate.is_object() ? estimate.value("values", nlohmann::json::array())
                                            : nlohmann::json::array();
  const std::size_t n = in.parameter_codes.size();
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b) {
      rm::svg::XYPlot plot;
      plot.css_class = "optimum-region";
      plot.title =
          "Points played and the optimum: " + in.parameter_codes[a] + " x " + in.parameter_codes[b];
      plot.x_label = in.parameter_codes[a] + " (engine value)";
      plot.y_label = in.parameter_codes[b] + " (engine value)";
      plot.x_log = log_axis(in, a);
      plot.y_log = log_axis(in, b);
      rm::svg::Series won = outcome_series(true), lost = outcome_series(false);
      const std::size_t stride = std::max<std::size_t>(1, played.size() / 600);
      for (std::size_t i = 0; i < played.size(); i += stride) {
        const auto& p = played[i];
        if (p.values.size() <= b || !p.values[a] || !p.values[b]) continue;
        (p.won ? won : lost)
            .points.push_back(
                {*p.values[a], *p.values[b], std::nullopt, std::nullopt, p.parameters});
      }
      plot.series = {std::move(lost), std::move(won)};
      if (values.size() > b) {
        plot.regions.push_back({number_at(values[a], "ci95_low"), number_at(values[a], "ci95_high"),
                                number_at(values[b], "ci95_low"), number_at(values[b], "ci95_high"),
                                "not shown worse than the recommendation"});
        rm::svg::Series e{"recommended",
                          {{number_at(values[a], "value"), number_at(values[b], "value")}},
                          false,
                          true};
        e.colour = "#000000";
        plot.series.push_back(std::move(e));
      }
      body += figure(rm::svg::render(plot),
                     "Dots are the points played (orange: won); the black dot is the estimated "
                     "optimum, the box its 95% confidence region per parameter.");
    }
  return body;
}

std::string winrate_over_time(const std::vector<Played>& played, const nlohmann::json& estimate) {
  if (played.empty()) return "";
  std::vector<double> scores;
  for (const auto& p : played) scores.push_back(p.won ? 1.0 : 0.0);
  rm::svg::XYPlot plot;
  plot.css_class = "winrate-over-time";
  plot.title = "Win rate over time";
  plot.x_label = "tuning games played";
  plot.y_label = "win rate (%)";
  plot.y_scale = 100.0;
  plot.y_min = 0.0;
  plot.y_max = 1.0;
  plot.series.push_back({"all games (cumulative)", cumulative_rate(scores), true, false, true});
  if (estimate.is_object() && estimate.contains("win_rate")) {
    plot.regions.push_back({0.0, played.back().game, number_at(estimate, "win_rate_ci95_low"),
                            number_at(estimate, "win_rate_ci95_high"),
                            "model: win rate at the optimum, 95%"});
    plot.guides.push_back({number_at(estimate, "win_rate"), "model's estimate", "#000000"});
  }
  return figure(rm::svg::render(plot),
                "The cumulative win rate of every tuning game, against the model's estimate of "
                "the win rate at its optimum (shaded: its 95% interval).");
}

std::string model_table(const nlohmann::json& model) {
  if (!model.is_object()) return "";
  std::vector<std::vector<std::string>> rows;
  for (const auto& c : model.value("coefficients", nlohmann::json::array()))
    rows.push_back({c.value("term", std::string()),
                    json_text(c.value("value", nlohmann::json()), 4),
                    json_text(c.value("sd", nlohmann::json()), 4)});
  return fmt::format("<h3>The fitted model (on {} games)</h3>\n",
                     json_text(model.value("fitted_on", nlohmann::json()))) +
         table({"term", "coefficient", "standard deviation"}, rows, "model");
}

}  // namespace

std::string model_tuner_sections(const ReportInputs& in) {
  const auto played = played_points(in);
  const nlohmann::json estimate = in.report.value("estimate", nlohmann::json());
  std::string headline;
  if (estimate.is_object())
    headline = fmt::format(
        "<p class=\"headline\">Recommended: <b>{}</b> &mdash; expected win rate {} (95% "
        "interval {} to {}).</p>\n",
        escape(estimate.value("parameters", std::string())),
        percent(estimate.value("win_rate", nlohmann::json())),
        percent(estimate.value("win_rate_ci95_low", nlohmann::json())),
        percent(estimate.value("win_rate_ci95_high", nlohmann::json())));
  else
    headline = note("No model has been fitted yet.");
  std::vector<std::vector<std::string>> rows;
  if (estimate.is_object())
    for (const auto& v : estimate.value("values", nlohmann::json::array()))
      rows.push_back({v.value("code", std::string()),
                      json_text(v.value("value", nlohmann::json()), 4),
                      json_text(v.value("ci95_low", nlohmann::json()), 4) + " to " +
                          json_text(v.value("ci95_high", nlohmann::json()), 4),
                      json_text(v.value("sampling_low", nlohmann::json()), 4) + " to " +
                          json_text(v.value("sampling_high", nlohmann::json()), 4)});
  std::string out = section(
      "optimum", "Recommended values",
      headline +
          (rows.empty() ? ""
                        : table({"parameter", "recommended", "not shown worse", "sampling region"},
                                rows, "optimum")) +
          per_pair(in, played, estimate) + model_table(in.report.value("model", nlohmann::json())));
  out += section("over-time", "Over time",
                 per_parameter(in, played, estimate) + winrate_over_time(played, estimate));
  return out;
}

}  // namespace rm::report::html
