// `stop`: ask the running ringmaster to start no new games (it finishes those in progress).
// The control file must be valid, and a run must be going on: a request left behind with
// nothing to act on it would stop the next run at once.
#include "ringmaster/cli/commands.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/ringmaster_error.hpp"
#include "ringmaster/run/stop_file.hpp"

namespace rm::cli {

int stop_command(const CommandLine& line) {
  (void)rm::comp::load_control_file(line.control_file);
  auto paths = rm::run::CompetitionPaths::for_control_file(line.control_file);
  if (!rm::run::competition_is_running(paths.lock))
    throw rm::run::RingmasterError("nothing to stop: the competition is not running");
  rm::run::request_stop(paths.cmd);
  return kExitOk;
}

}  // namespace rm::cli
