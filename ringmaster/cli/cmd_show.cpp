// `show`: the short report from the store, read-only (safe while a run goes on).
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_session.hpp"

namespace rm::cli {

int show_command(const CommandLine& line) {
  auto control = rm::comp::load_control_file(line.control_file);
  auto paths = rm::run::CompetitionPaths::for_control_file(line.control_file);
  auto session = rm::run::open_read_only(control, paths);
  if (line.json)
    std::cout << rm::run::json_report_with_halt(session).dump(2) << "\n";
  else
    std::cout << session.competition->short_report() << rm::run::run_halt_note(*session.store);
  std::cout.flush();
  return kExitOk;
}

}  // namespace rm::cli
