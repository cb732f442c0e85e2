// `check`: start each player once with the engines' stderr shown, as gomill's check.
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/startup_checks.hpp"

namespace rm::cli {

int check_command(const CommandLine& line) {
  auto control = rm::control::load_control_file(line.control_file);
  auto competition = rm::run::make_competition_for(control);
  auto outcome = rm::run::run_startup_checks(
      competition->players_to_check(), true,
      [](const std::string& code) { std::cout << "checking player " << code << std::endl; });
  for (const auto& w : outcome.warnings) std::cerr << w << std::endl;
  if (outcome.failure) {
    std::cerr << *outcome.failure << std::endl;
    return kExitError;
  }
  return kExitOk;
}

}  // namespace rm::cli
