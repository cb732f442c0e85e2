// The ce_tuner's line in the live view.
#include <fmt/format.h>

#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"
#include "ringmaster/competitions/live_line_text.hpp"

namespace rm::comp {

std::vector<std::string> CeTuner::live_lines(const nlohmann::json& report) {
  const std::string mean = report.value("distribution_parameters", std::string());
  if (mean.empty()) return {};
  std::string line = "best now (distribution mean): " + mean;
  // The best-scoring sample of the latest finished generation, with its interval.
  const auto& generations = report.value("generations", nlohmann::json::array());
  if (!generations.empty()) {
    const auto& samples = generations.back().value("samples", nlohmann::json::array());
    if (!samples.empty() && samples.front().value("games", 0) > 0) {
      const auto& s = samples.front();
      line += fmt::format("; best sample of generation {}: {}, win rate {} (95%: {} to {})",
                          generations.back().value("generation", 0),
                          s.value("parameters", std::string()), rate_text(s["win_rate"]),
                          rate_text(s.value("ci95_low", nlohmann::json())),
                          rate_text(s.value("ci95_high", nlohmann::json())));
    }
  }
  return {line};
}

}  // namespace rm::comp
