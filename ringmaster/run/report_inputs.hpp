// Gathers what the HTML report and the exports are made from (rm::report::ReportInputs): the
// JSON report, the stored games with each tuner game's candidate and parameters, the control
// file; and writes <code>.report.html.
#pragma once

#include <string>

#include "ringmaster/control/control_file.hpp"
#include "ringmaster/report/report_inputs.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/competition_session.hpp"

namespace rm::run {

class RecentGameWindow;

// The HTML's per-game plots read at most the last this many games, so that writing it stays
// cheap however many games are stored (a million-game competition).
constexpr int kHtmlReportGames = 20'000;

// `text_report`: the full text report as written to <code>.report. With a `window` (one of
// kHtmlReportGames, kept by the caller between reads of the competition) the games are read
// through it, only those committed since its last read, and lent to the inputs: the caller
// gives them back (RecentGameWindow::give_back) once the report is made. The inputs are the
// same either way (tests/serve/serve_incremental_test.cpp).
rm::report::ReportInputs gather_report_inputs(const CompetitionSession& session,
                                              const rm::control::ControlFile& control,
                                              const CompetitionPaths& paths,
                                              const std::string& text_report,
                                              RecentGameWindow* window = nullptr);

// <code>.report.html beside <code>.report.
std::string html_report_path(const CompetitionPaths& paths);

// Writes the HTML report to html_report_path() (atomically); returns its text. Throws
// RingmasterError when the file cannot be written.
std::string write_html_report_file(const rm::report::ReportInputs& inputs,
                                   const CompetitionPaths& paths);

}  // namespace rm::run
