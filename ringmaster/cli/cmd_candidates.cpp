// `candidates`: list the candidates the control file defines, without playing.
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/control/control_file.hpp"

namespace rm::cli {

int candidates_command(const CommandLine& line) {
  auto control = rm::control::load_control_file(line.control_file);
  std::cout << rm::control::describe_candidates(control);
  std::cout.flush();
  return kExitOk;
}

}  // namespace rm::cli
