// Every tuner: the validation rounds (games of the recommended candidate), their win rates
// with intervals.
#include <fmt/format.h>

#include "ringmaster/report/html/common_sections.hpp"
#include "ringmaster/report/html/html_text.hpp"
#include "ringmaster/report/svg/plots.hpp"

namespace rm::report::html {

std::string validation_section(const ReportInputs& in) {
  const auto& validation = in.report.value("validation", nlohmann::json());
  if (!validation.is_object()) return "";
  const auto& rounds = validation.value("rounds", nlohmann::json::array());
  std::vector<std::vector<std::string>> rows;
  rm::svg::BarChart chart;
  chart.css_class = "validation-rounds";
  chart.title = "Validation rounds: the recommended candidate's win rate";
  chart.value_label = "win rate (%), with its 95% interval";
  chart.value_min = 0.0;
  chart.value_max = 100.0;
  chart.reference = 50.0;
  for (const auto& r : rounds) {
    const auto& ci = r.value("win_rate_ci", nlohmann::json());
    rows.push_back(
        {json_text(r.value("round", nlohmann::json())),
         json_text(r.value("after_games", nlohmann::json())), r.value("parameters", std::string()),
         fmt::format("{}/{}", json_text(r.value("played", nlohmann::json())),
                     json_text(r.value("games", nlohmann::json()))),
         json_text(r.value("wins", nlohmann::json())),
         percent(r.value("win_rate", nlohmann::json())),
         ci.is_array() && ci.size() == 2 ? percent(ci[0]) + " to " + percent(ci[1]) : "\u2013"});
    rm::svg::Bar bar;
    bar.label = fmt::format("round {}: {}", json_text(r.value("round", nlohmann::json())),
                            r.value("parameters", std::string()));
    bar.value = 100.0 * number_at(r, "win_rate");
    if (ci.is_array() && ci.size() == 2 && ci[0].is_number() && ci[1].is_number()) {
      bar.low = 100.0 * ci[0].get<double>();
      bar.high = 100.0 * ci[1].get<double>();
    }
    bar.note = percent(r.value("win_rate", nlohmann::json()));
    chart.bars.push_back(std::move(bar));
  }
  std::string body =
      fmt::format("<p>Settings: every {} tuning games, {} games per round, {} at the end.</p>\n",
                  json_text(validation.value("every", nlohmann::json())),
                  json_text(validation.value("games", nlohmann::json())),
                  json_text(validation.value("at_end", nlohmann::json())));
  if (rows.empty()) return section("validation", "Validation", body + note("No round yet."));
  body += table({"round", "after games", "candidate", "played", "wins", "win rate", "95% interval"},
                rows, "validation");
  body += figure(rm::svg::render(chart));
  return section("validation", "Validation", body);
}

}  // namespace rm::report::html
