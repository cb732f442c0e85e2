// `report`: rewrite <code>.report with the full report and print it (or the JSON report).
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_session.hpp"

namespace rm::cli {

int report_command(const CommandLine& line) {
  auto control = rm::control::load_control_file(line.control_file);
  auto paths = rm::run::CompetitionPaths::for_control_file(line.control_file);
  auto session = rm::run::open_read_only(control, paths);
  std::string text = rm::run::write_report_file(session, paths);
  if (line.json)
    std::cout << rm::run::json_report_with_halt(session).dump(2) << "\n";
  else
    std::cout << text;
  std::cout.flush();
  return kExitOk;
}

}  // namespace rm::cli
