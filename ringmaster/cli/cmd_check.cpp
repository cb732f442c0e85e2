// `check`: start each player once with the engines' stderr shown, as gomill's check.
// It creates nothing beside the control file: a tuner's candidate may need its rendered
// files (the `files:` of the candidate template) to start, so they are written to a
// temporary directory that is removed afterwards.
#include <filesystem>
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/cli/scratch_directory.hpp"
#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/ringmaster_error.hpp"
#include "ringmaster/run/startup_checks.hpp"

namespace rm::cli {

int check_command(const CommandLine& line) {
  auto control = rm::comp::load_control_file(line.control_file);
  ScratchDirectory scratch("ringmaster-check");
  // Players and the candidate template were resolved against the real directory at load
  // time; only where candidate files are written (<directory>/<code>.candidates/) moves.
  control.directory = scratch.path();
  auto competition = rm::run::make_competition_for(control);
  auto outcome = rm::run::run_startup_checks(
      rm::run::with_arbiters(competition->players_to_check()), true,
      [](const std::string& code) { std::cout << "checking player " << code << std::endl; });
  for (const auto& w : outcome.warnings) std::cerr << w << std::endl;
  if (outcome.failure) {
    std::cerr << *outcome.failure << std::endl;
    return kExitError;
  }
  return kExitOk;
}

}  // namespace rm::cli
