// `candidates`: list the candidates the control file defines, without playing.
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::cli {

int candidates_command(const CommandLine& line) {
  auto control = rm::comp::load_control_file(line.control_file);
  // Only the mc_tuner has a fixed grid of candidates (the ce_tuner draws them at random).
  const auto* type = rm::comp::find_competition_type(control.competition_type);
  if (type->describe_candidates == nullptr)
    throw rm::run::RingmasterError(
        "the candidates command lists an mc_tuner's candidates; " +
        std::string(control.competition_type == "allplayall" ? "an " : "a ") +
        control.competition_type + " has none");
  std::cout << type->describe_candidates(control);
  std::cout.flush();
  return kExitOk;
}

}  // namespace rm::cli
