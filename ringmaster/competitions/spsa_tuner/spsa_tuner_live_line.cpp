// The spsa_tuner's line in the live view.
#include "ringmaster/competitions/spsa_tuner/spsa_tuner.hpp"

namespace rm::comp {

// The recommended values (the screen report above lists them per parameter).
std::vector<std::string> SpsaTuner::live_lines(const nlohmann::json& report) {
  const auto& e = report.value("estimate", nlohmann::json());
  if (!e.is_object()) return {};
  return {"recommended: " + e.value("parameters", std::string())};
}

}  // namespace rm::comp
