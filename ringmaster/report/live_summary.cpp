#include "ringmaster/report/live_summary.hpp"

#include "ringmaster/competitions/competition_type.hpp"

namespace rm::report {

// Each competition type makes its own lines (CompetitionType::live_lines, in its folder).
std::vector<std::string> live_summary_lines(const nlohmann::json& report) {
  if (!report.is_object()) return {};
  const auto* type = rm::comp::find_competition_type(report.value("competition_type", ""));
  return type ? type->live_lines(report) : std::vector<std::string>{};
}

}  // namespace rm::report
