#include "ringmaster/run/executor/engine_prefix.hpp"

#include <csignal>
#include <filesystem>

#include "engine/process/process.hpp"

namespace rm::run {

void prefix_engine_command(rm::game::PlayerSpec& player, const rm::control::SlurmSettings& s,
                           const std::string& job_name) {
  auto& argv = player.engine.process.argv;
  if (!argv.empty()) {
    if (auto found = rm::process::resolve_executable(argv[0])) argv[0] = *found;
  }
  std::vector<std::string> command = s.engine_prefix;
  if (!command.empty() && std::filesystem::path(command[0]).filename() == "srun") {
    command.push_back("--job-name=" + job_name);
    if (!s.partition.empty()) command.push_back("--partition=" + s.partition);
    if (!s.account.empty()) command.push_back("--account=" + s.account);
    if (!s.time_limit.empty()) command.push_back("--time=" + s.time_limit);
    command.insert(command.end(), s.srun_args.begin(), s.srun_args.end());
    // If Ringmaster dies, srun must live long enough to cancel its step (and withdraw a
    // pending allocation) at once: a SIGKILLed srun leaves the step to InactiveLimit.
    player.engine.process.death_signal = SIGTERM;
  }
  command.insert(command.end(), argv.begin(), argv.end());
  argv = std::move(command);
}

}  // namespace rm::run
