// ce_tuner: the distribution per generation (mean and spread of each parameter, with the
// samples drawn from it), the win rate per generation, and the estimated optimum (the
// distribution's mean) with its region.
// Listed in type_sections.cpp.
#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "ringmaster/report/html/game_series.hpp"
#include "ringmaster/report/html/html_text.hpp"
#include "ringmaster/report/report_inputs.hpp"
#include "ringmaster/report/svg/palette.hpp"
#include "ringmaster/report/svg/plots.hpp"

namespace rm::report::html {
namespace {

constexpr std::size_t kGenerationsShown = 6;

struct Generation {
  int number = 0;
  nlohmann::json distribution;  // [DIM]
  nlohmann::json samples;       // [SAMPLE]
  bool finished = true;
};

std::vector<Generation> generations_of(const nlohmann::json& report) {
  std::vector<Generation> out;
  for (const auto& g : report.value("generations", nlohmann::json::array()))
    out.push_back({g.value("generation", 0), g.value("distribution", nlohmann::json::array()),
                   g.value("samples", nlohmann::json::array()), true});
  const int current = report.value("samples_generation", report.value("generation", 0));
  if (out.empty() || out.back().number < current)
    out.push_back({current, report.value("distribution", nlohmann::json::array()),
                   report.value("samples", nlohmann::json::array()), false});
  return out;
}

double dim_value(const nlohmann::json& distribution, std::size_t k, const char* key) {
  return k < distribution.size()
             ? number_at(distribution[k], key, std::numeric_limits<double>::quiet_NaN())
             : std::numeric_limits<double>::quiet_NaN();
}

std::string distribution_plots(const ReportInputs& in, const std::vector<Generation>& gens) {
  std::string body;
  const nlohmann::json& final_distribution =
      in.report.value("distribution", nlohmann::json::array());
  for (std::size_t k = 0; k < final_distribution.size(); ++k) {
    const std::string code = final_distribution[k].value("code", "x" + std::to_string(k));
    rm::svg::XYPlot plot;
    plot.css_class = "distribution-per-generation";
    plot.title = "Distribution of " + code + " per generation";
    plot.x_label = "generation";
    plot.y_label = code + " (optimiser value)";
    plot.x_integer = true;
    rm::svg::Series mean{"mean \u00b1 2 sd", {}, true, true, false};
    rm::svg::Series elite{"elite samples", {}, false, true};
    rm::svg::Series other{"other samples", {}, false, true};
    elite.colour = "#d55e00";
    other.colour = "#999999";
    for (const auto& g : gens) {
      const double m = dim_value(g.distribution, k, "mean");
      const double sd = std::sqrt(std::max(0.0, dim_value(g.distribution, k, "variance")));
      if (std::isfinite(m)) {
        rm::svg::Point p{static_cast<double>(g.number), m, m - 2 * sd, m + 2 * sd,
                         fmt::format("generation {}: mean {:.4g}, sd {:.4g}", g.number, m, sd)};
        mean.points.push_back(p);
      }
      for (const auto& s : g.samples) {
        const auto& ov = s.value("optimiser_values", nlohmann::json::array());
        if (k >= ov.size() || !ov[k].is_number()) continue;
        rm::svg::Point p;
        p.x = static_cast<double>(g.number);
        p.y = ov[k].get<double>();
        p.tooltip = fmt::format("{}: {} ({})", s.value("candidate", std::string()),
                                s.value("parameters", std::string()),
                                percent(s.value("win_rate", nlohmann::json())));
        (s.value("elite", false) ? elite : other).points.push_back(p);
      }
    }
    plot.series = {std::move(mean), std::move(other), std::move(elite)};
    body += figure(rm::svg::render(plot),
                   "The line is the distribution's mean, the bars two standard deviations "
                   "each side; dots are the samples drawn from it (elite ones, which shape the "
                   "next generation, in orange). A narrowing band means the search converges.");
  }
  return body;
}

std::string winrate_per_generation(const std::vector<Generation>& gens) {
  rm::svg::XYPlot plot;
  plot.css_class = "winrate-per-generation";
  plot.x_integer = true;
  plot.title = "Win rate per generation";
  plot.x_label = "generation";
  plot.y_label = "win rate (%)";
  plot.y_scale = 100.0;
  plot.y_min = 0.0;
  plot.y_max = 1.0;
  plot.guides.push_back({0.5, "50%"});
  rm::svg::Series all{"all samples (pooled)", {}, true, true};
  rm::svg::Series samples{"one sample", {}, false, true};
  samples.colour = "#999999";
  for (const auto& g : gens) {
    double score = 0.0, games = 0.0;
    for (const auto& s : g.samples) {
      score += number_at(s, "score");
      games += number_at(s, "games");
      const auto& rate = s.value("win_rate", nlohmann::json());
      if (rate.is_number())
        samples.points.push_back({static_cast<double>(g.number), rate.get<double>(), std::nullopt,
                                  std::nullopt, s.value("parameters", std::string())});
    }
    if (games > 0) all.points.push_back({static_cast<double>(g.number), score / games});
  }
  plot.series = {std::move(samples), std::move(all)};
  return figure(rm::svg::render(plot),
                "Each grey dot is one sample's win rate; the line pools every game of the "
                "generation. It should rise as the distribution moves to better values.");
}

std::string optimum(const ReportInputs& in, const std::vector<Generation>& gens) {
  const nlohmann::json& d = in.report.value("distribution", nlohmann::json::array());
  std::vector<std::vector<std::string>> rows;
  for (const auto& dim : d) {
    const double m = number_at(dim, "mean", std::numeric_limits<double>::quiet_NaN());
    const double sd = std::sqrt(std::max(0.0, number_at(dim, "variance", 0.0)));
    rows.push_back({dim.value("code", std::string()), fmt::format("{:.4g}", m),
                    fmt::format("{:.4g}", sd),
                    fmt::format("{:.4g} to {:.4g}", m - 1.96 * sd, m + 1.96 * sd)});
  }
  std::string body = fmt::format(
      "<p class=\"headline\">Estimated optimum (the distribution's mean): <b>{}</b></p>\n",
      escape(in.report.value("distribution_parameters", std::string())));
  body += table({"parameter", "mean (optimiser value)", "standard deviation", "95% region"}, rows,
                "optimum");
  // Each pair of parameters: the samples of the last generations and the region.
  for (std::size_t a = 0; a < d.size(); ++a)
    for (std::size_t b = a + 1; b < d.size(); ++b) {
      rm::svg::XYPlot plot;
      plot.css_class = "optimum-region";
      plot.title = "Samples and the estimated optimum: " + d[a].value("code", std::string()) +
                   " x " + d[b].value("code", std::string());
      plot.x_label = d[a].value("code", std::string()) + " (optimiser value)";
      plot.y_label = d[b].value("code", std::string()) + " (optimiser value)";
      std::size_t colour = 0;
      // The latest generations only, so that the legend stays readable.
      const std::size_t first =
          gens.size() > kGenerationsShown ? gens.size() - kGenerationsShown : 0;
      if (first > 0) plot.title += fmt::format(" (last {} generations)", kGenerationsShown);
      for (std::size_t i = first; i < gens.size(); ++i) {
        const Generation& g = gens[i];
        rm::svg::Series s{"generation " + std::to_string(g.number), {}, false, true};
        s.colour = rm::svg::series_colour(colour++);
        for (const auto& sample : g.samples) {
          const auto& ov = sample.value("optimiser_values", nlohmann::json::array());
          if (ov.size() <= b || !ov[a].is_number() || !ov[b].is_number()) continue;
          s.points.push_back({ov[a].get<double>(), ov[b].get<double>(), std::nullopt, std::nullopt,
                              sample.value("parameters", std::string())});
        }
        if (!s.points.empty()) plot.series.push_back(std::move(s));
      }
      const double ma = number_at(d[a], "mean"), mb = number_at(d[b], "mean");
      const double sa = std::sqrt(std::max(0.0, number_at(d[a], "variance")));
      const double sb = std::sqrt(std::max(0.0, number_at(d[b], "variance")));
      plot.regions.push_back(
          {ma - 1.96 * sa, ma + 1.96 * sa, mb - 1.96 * sb, mb + 1.96 * sb, "mean \u00b1 1.96 sd"});
      rm::svg::Series m{"estimated optimum", {{ma, mb}}, false, true};
      m.colour = "#000000";
      plot.series.push_back(std::move(m));
      body += figure(rm::svg::render(plot),
                     "Dots are samples, coloured by generation; the box is the region where "
                     "the current distribution puts 95% of each parameter's samples.");
    }
  return body;
}

}  // namespace

std::string ce_tuner_sections(const ReportInputs& in) {
  const auto gens = generations_of(in.report);
  std::string out = section("optimum", "Estimated optimum", optimum(in, gens));
  out += section("distribution", "The distribution per generation",
                 distribution_plots(in, gens) + winrate_per_generation(gens));
  return out;
}

}  // namespace rm::report::html
