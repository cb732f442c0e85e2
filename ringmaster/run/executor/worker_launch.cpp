#include "ringmaster/run/executor/worker_launch.hpp"

namespace rm::run {
namespace {

WorkerCommand command_for(int slot, std::vector<std::string> argv, const std::string& where,
                          const rm::control::WorkerSettings& settings,
                          const std::string& ringmaster_play, const std::string& stderr_log) {
  argv.push_back(ringmaster_play);
  argv.push_back("--serve");
  WorkerCommand command;
  command.argv = std::move(argv);
  command.name = "worker " + std::to_string(slot) + (where.empty() ? "" : " (" + where + ")");
  command.stderr_log = stderr_log;
  command.start_timeout_s = settings.start_timeout;
  command.silence_timeout_s = settings.silence_timeout;
  return command;
}

}  // namespace

std::vector<WorkerCommand> worker_commands(const rm::control::WorkerSettings& settings,
                                           const std::string& ringmaster_play,
                                           const std::string& stderr_log) {
  std::vector<WorkerCommand> commands;
  for (int slot = 0; slot < settings.workers; ++slot) {
    std::vector<std::string> argv = settings.launcher;
    std::string where;
    if (!settings.hosts.empty()) {
      where = settings.hosts[static_cast<std::size_t>(slot) % settings.hosts.size()];
      argv.push_back(where);
    }
    commands.push_back(
        command_for(slot, std::move(argv), where, settings, ringmaster_play, stderr_log));
  }
  return commands;
}

std::vector<WorkerCommand> slurm_worker_commands(const rm::control::SlurmSettings& slurm,
                                                 const rm::control::WorkerSettings& settings,
                                                 const std::string& ringmaster_play,
                                                 const std::string& job_prefix,
                                                 const std::string& stderr_log) {
  std::vector<WorkerCommand> commands;
  for (int slot = 0; slot < slurm.games_in_flight; ++slot) {
    const std::string name = job_prefix + "worker" + std::to_string(slot);
    std::vector<std::string> argv{"srun",    "--exact",      "--ntasks=1",
                                  "--quiet", "--unbuffered", "--job-name=" + name};
    if (!slurm.partition.empty()) argv.push_back("--partition=" + slurm.partition);
    if (!slurm.account.empty()) argv.push_back("--account=" + slurm.account);
    if (!slurm.time_limit.empty()) argv.push_back("--time=" + slurm.time_limit);
    argv.insert(argv.end(), slurm.srun_args.begin(), slurm.srun_args.end());
    commands.push_back(
        command_for(slot, std::move(argv), "srun step", settings, ringmaster_play, stderr_log));
  }
  return commands;
}

}  // namespace rm::run
