// The mc_tuner's line in the live view.
#include <fmt/format.h>

#include "ringmaster/competitions/live_line_text.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"

namespace rm::comp {

std::vector<std::string> McTuner::live_lines(const nlohmann::json& report) {
  const auto& best = report.value("best", nlohmann::json());
  if (!best.is_object() || best.value("games", 0) == 0) return {};
  return {fmt::format("best now: {}, win rate {} (95%: {} to {}) from {} games",
                      best.value("parameters", std::string()), rate_text(best["win_rate"]),
                      rate_text(best.value("ci95_low", nlohmann::json())),
                      rate_text(best.value("ci95_high", nlohmann::json())),
                      best.value("games", 0))};
}

}  // namespace rm::comp
