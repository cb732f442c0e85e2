// `stop`: ask the running ringmaster to start no new games (it finishes those in progress).
#include "ringmaster/cli/commands.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/stop_file.hpp"

namespace rm::cli {

int stop_command(const CommandLine& line) {
  auto paths = rm::run::CompetitionPaths::for_control_file(line.control_file);
  rm::run::request_stop(paths.cmd);
  return kExitOk;
}

}  // namespace rm::cli
