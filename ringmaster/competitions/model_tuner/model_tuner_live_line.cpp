// The model_tuner's line in the live view.
#include <fmt/format.h>

#include "ringmaster/competitions/live_line_text.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"

namespace rm::comp {

// One line that fits 80 columns with two or three parameters: the regions are in the screen
// report above it.
std::vector<std::string> ModelTuner::live_lines(const nlohmann::json& report) {
  const auto& e = report.value("estimate", nlohmann::json());
  if (!e.is_object()) return {};
  return {fmt::format("recommended: {}, win rate {} (95%: {} to {})",
                      e.value("parameters", std::string()), rate_text(e["win_rate"]),
                      rate_text(e.value("win_rate_ci95_low", nlohmann::json())),
                      rate_text(e.value("win_rate_ci95_high", nlohmann::json())))};
}

}  // namespace rm::comp
