// `report`: rewrite <code>.report (the full text report) and <code>.report.html, then print
// the text report, or the JSON report (--json), the HTML report (--html) or one CSV row per
// game (--csv); --sgf-collection FILE also writes every game's SGF record to FILE.
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/game/atomic_file.hpp"
#include "ringmaster/report/exports/csv_export.hpp"
#include "ringmaster/report/exports/sgf_collection.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/report_inputs.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::cli {
namespace {

void write_sgf_collection(const rm::report::ReportInputs& inputs, const std::string& file) {
  const auto collection = rm::report::sgf_collection(inputs.games);
  if (file == "-") {
    std::cout << collection.text;
  } else {
    const std::string error = rm::game::write_file_atomically(file, collection.text);
    if (!error.empty()) throw rm::run::RingmasterError("can't write " + file + ": " + error);
  }
  std::cerr << "sgf collection: " << collection.games << " game"
            << (collection.games == 1 ? "" : "s");
  if (!collection.missing.empty())
    std::cerr << "; " << collection.missing.size()
              << " without a record (first: " << collection.missing.front() << ")";
  std::cerr << std::endl;
}

}  // namespace

int report_command(const CommandLine& line) {
  auto control = rm::comp::load_control_file(line.control_file);
  auto paths = rm::run::CompetitionPaths::for_control_file(line.control_file);
  auto session = rm::run::open_read_only(control, paths);
  std::string text = rm::run::write_report_file(session, paths);
  const auto inputs = rm::run::gather_report_inputs(session, control, paths, text);
  const std::string html = rm::run::write_html_report_file(inputs, paths);
  if (!line.sgf_collection.empty()) write_sgf_collection(inputs, line.sgf_collection);
  if (line.json)
    std::cout << rm::run::json_report_with_halt(session).dump(2) << "\n";
  else if (line.html)
    std::cout << html;
  else if (line.csv)
    std::cout << rm::report::csv_export(inputs);
  else if (line.sgf_collection != "-")
    std::cout << text;
  std::cout.flush();
  return kExitOk;
}

}  // namespace rm::cli
