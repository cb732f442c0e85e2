// `report --csv`: one row per game (finished games in commit order, then void games), with
// the candidate's parameters for the tuners. Columns: docs/reports.md#csv.
#pragma once

#include <string>

#include "ringmaster/report/report_inputs.hpp"

namespace rm::report {

std::string csv_export(const ReportInputs& in);

// One CSV field: quoted (with doubled quotes) when it holds a comma, quote or line break.
std::string csv_field(const std::string& text);

}  // namespace rm::report
