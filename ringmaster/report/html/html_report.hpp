// The HTML report: one self-contained page (inline SVG and CSS, no script, nothing fetched)
// with the plots for the competition's type and, for every type, the players, forfeit and
// void causes, CPU time per game, the settings, the games with links to their SGF records
// and the full text report. Layout and plots: docs/reports.md.
#pragma once

#include <string>

#include "ringmaster/report/report_inputs.hpp"

namespace rm::report {

std::string html_report(const ReportInputs& in);

}  // namespace rm::report
