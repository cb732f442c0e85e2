// `candidates`: list the candidates the control file defines, without playing.
#include <iostream>
#include <string_view>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::cli {

int candidates_command(const CommandLine& line) {
  auto control = rm::comp::load_control_file(line.control_file);
  // Only the mc_tuner has a fixed grid of candidates (the ce_tuner draws them at random).
  const auto* type = rm::comp::find_competition_type(control.competition_type);
  if (type->describe_candidates == nullptr) {
    const std::string& name = control.competition_type;
    const bool vowel =
        !name.empty() && std::string_view("aeiou").find(name[0]) != std::string::npos;
    throw rm::run::RingmasterError("the candidates command lists an mc_tuner's candidates; " +
                                   std::string(vowel ? "an " : "a ") + name + " has none");
  }
  std::cout << type->describe_candidates(control);
  std::cout.flush();
  return kExitOk;
}

}  // namespace rm::cli
