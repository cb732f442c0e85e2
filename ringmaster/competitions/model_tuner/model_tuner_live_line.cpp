// The model_tuner's line in the live view.
#include <fmt/format.h>

#include <limits>

#include "ringmaster/competitions/live_line_text.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"

namespace rm::comp {

std::vector<std::string> ModelTuner::live_lines(const nlohmann::json& report) {
  const auto& e = report.value("estimate", nlohmann::json());
  if (!e.is_object()) return {};
  std::string regions;
  for (const auto& v : e.value("values", nlohmann::json::array()))
    regions += fmt::format("{}{} {:.4g} to {:.4g}", regions.empty() ? "" : ", ",
                           v.value("code", std::string()),
                           json_number(v, "ci95_low", std::numeric_limits<double>::quiet_NaN()),
                           json_number(v, "ci95_high", std::numeric_limits<double>::quiet_NaN()));
  return {fmt::format("recommended: {} (not shown worse: {}), win rate {} (95%: {} to {})",
                      e.value("parameters", std::string()), regions, rate_text(e["win_rate"]),
                      rate_text(e.value("win_rate_ci95_low", nlohmann::json())),
                      rate_text(e.value("win_rate_ci95_high", nlohmann::json())))};
}

}  // namespace rm::comp
