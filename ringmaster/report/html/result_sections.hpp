// Results the text report also has, as sections of the HTML report: the rating list, the
// results per opening, and the games an arbiter or an adjudication decided. Each is empty
// when the competition has none.
#pragma once

#include <string>

#include "ringmaster/report/report_inputs.hpp"

namespace rm::report::html {

std::string rating_list_section(const ReportInputs& in);
std::string openings_section(const ReportInputs& in);
std::string decisions_section(const ReportInputs& in);

// At most this many decided games are listed (the latest); the CSV export has them all.
inline constexpr std::size_t kDecisionsListed = 100;

}  // namespace rm::report::html
