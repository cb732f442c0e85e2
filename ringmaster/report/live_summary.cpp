#include "ringmaster/report/live_summary.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace rm::report {
namespace {

std::string rate(const nlohmann::json& v) {
  return v.is_number() ? fmt::format("{:.1f}%", 100.0 * v.get<double>()) : "?";
}

double number(const nlohmann::json& object, const char* key, double fallback) {
  if (!object.is_object() || !object.contains(key)) return fallback;
  const auto& v = object[key];
  if (v.is_number()) return v.get<double>();
  if (v == "inf") return std::numeric_limits<double>::infinity();
  if (v == "-inf") return -std::numeric_limits<double>::infinity();
  return fallback;
}

std::string signed_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.0f}", elo);
}

std::string mc_best(const nlohmann::json& report) {
  const auto& best = report.value("best", nlohmann::json());
  if (!best.is_object() || best.value("games", 0) == 0) return "";
  return fmt::format("best now: {}, win rate {} (95%: {} to {}) from {} games",
                     best.value("parameters", std::string()), rate(best["win_rate"]),
                     rate(best.value("ci95_low", nlohmann::json())),
                     rate(best.value("ci95_high", nlohmann::json())), best.value("games", 0));
}

std::string ce_best(const nlohmann::json& report) {
  const std::string mean = report.value("distribution_parameters", std::string());
  if (mean.empty()) return "";
  std::string line = "best now (distribution mean): " + mean;
  // The best-scoring sample of the latest finished generation, with its interval.
  const auto& generations = report.value("generations", nlohmann::json::array());
  if (!generations.empty()) {
    const auto& samples = generations.back().value("samples", nlohmann::json::array());
    if (!samples.empty() && samples.front().value("games", 0) > 0) {
      const auto& s = samples.front();
      line += fmt::format("; best sample of generation {}: {}, win rate {} (95%: {} to {})",
                          generations.back().value("generation", 0),
                          s.value("parameters", std::string()), rate(s["win_rate"]),
                          rate(s.value("ci95_low", nlohmann::json())),
                          rate(s.value("ci95_high", nlohmann::json())));
    }
  }
  return line;
}

std::string model_best(const nlohmann::json& report) {
  const auto& e = report.value("estimate", nlohmann::json());
  if (!e.is_object()) return "";
  std::string regions;
  for (const auto& v : e.value("values", nlohmann::json::array()))
    regions += fmt::format("{}{} {:.4g} to {:.4g}", regions.empty() ? "" : ", ",
                           v.value("code", std::string()),
                           number(v, "ci95_low", std::numeric_limits<double>::quiet_NaN()),
                           number(v, "ci95_high", std::numeric_limits<double>::quiet_NaN()));
  return fmt::format("recommended: {} (not shown worse: {}), win rate {} (95%: {} to {})",
                     e.value("parameters", std::string()), regions, rate(e["win_rate"]),
                     rate(e.value("win_rate_ci95_low", nlohmann::json())),
                     rate(e.value("win_rate_ci95_high", nlohmann::json())));
}

}  // namespace

std::vector<std::string> live_summary_lines(const nlohmann::json& report) {
  std::vector<std::string> lines;
  if (!report.is_object()) return lines;
  const std::string type = report.value("competition_type", std::string());
  std::string best;
  if (type == "mc_tuner") best = mc_best(report);
  if (type == "ce_tuner") best = ce_best(report);
  if (type == "model_tuner") best = model_best(report);
  if (!best.empty()) lines.push_back(best);
  if (type == "playoff" || type == "allplayall") {
    for (const auto& m : report.value("matchups", nlohmann::json::array())) {
      const auto& e = m.value("elo", nlohmann::json::object());
      if (e.value("games", 0) == 0) continue;
      const double margin = number(e, "margin", std::numeric_limits<double>::infinity());
      std::string line =
          fmt::format("elo {}: {} \u00b1 {} ({} games, LOS {})", m.value("name", std::string()),
                      signed_elo(number(e, "elo", 0.0)),
                      std::isfinite(margin) ? fmt::format("{:.0f}", margin) : "inf",
                      e.value("games", 0), rate(e.value("los", nlohmann::json())));
      const auto& sprt = m.value("sprt", nlohmann::json());
      if (sprt.is_object())
        line += fmt::format(", SPRT llr {:.2f} ({:.2f}, {:.2f}) {}", number(sprt, "llr", 0.0),
                            number(sprt, "lower_bound", 0.0), number(sprt, "upper_bound", 0.0),
                            sprt.value("decision", std::string()));
      lines.push_back(line);
    }
  }
  return lines;
}

}  // namespace rm::report
