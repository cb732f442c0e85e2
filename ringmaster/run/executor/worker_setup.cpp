#include "ringmaster/run/executor/worker_setup.hpp"

#include <unistd.h>

#include "engine/process/process.hpp"
#include "ringmaster/run/executor/slurm_allocation.hpp"
#include "ringmaster/run/executor/slurm_executor.hpp"
#include "ringmaster/run/executor/slurm_jobs.hpp"
#include "ringmaster/run/executor/worker_executor.hpp"
#include "ringmaster/run/executor/worker_launch.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::run {
namespace {

// The executor.ringmaster_play path, or the one beside this ringmaster (which must exist).
std::string ringmaster_play_for(const rm::control::ExecutorSettings& settings,
                                const std::string& executor) {
  if (!settings.slurm.ringmaster_play.empty()) return settings.slurm.ringmaster_play;
  std::string play = ringmaster_play_beside_us();
  if (::access(play.c_str(), X_OK) != 0)
    throw RingmasterError("executor " + executor + ": no ringmaster-play beside ringmaster (" +
                          play + "): set executor.ringmaster_play");
  return play;
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

}  // namespace

std::unique_ptr<GameExecutor> make_worker_executor(const rm::control::ExecutorSettings& settings,
                                                   const CompetitionPaths& paths) {
  const auto& w = settings.workers;
  if (!w.launcher.empty() && !rm::process::resolve_executable(w.launcher.front()))
    throw RingmasterError("executor workers: launcher: cannot find '" + w.launcher.front() + "'");
  const std::string play = ringmaster_play_for(settings, "workers");
  std::string how =
      w.launcher.empty() ? std::string("started here") : "under " + joined(w.launcher);
  if (!w.hosts.empty()) how += " HOST (" + joined(w.hosts) + ")";
  return std::make_unique<WorkerExecutor>(worker_commands(w, play, paths.log), w.max_restarts,
                                          "using " + std::to_string(w.workers) +
                                              " long-lived workers " + how + ": " + play +
                                              " --serve");
}

std::unique_ptr<GameExecutor> make_slurm_worker_executor(
    const rm::control::ExecutorSettings& settings, const CompetitionPaths& paths) {
  const auto& s = settings.slurm;
  if (!rm::process::resolve_executable("srun"))
    throw RingmasterError("executor slurm: srun not found on PATH (install slurm-client)");
  const std::string play = ringmaster_play_for(settings, "slurm");
  SlurmJobs jobs(paths.control_file, paths.code);
  std::string error;
  const int cancelled = jobs.cancel_leftovers(&error);
  if (cancelled < 0)
    throw RingmasterError("executor slurm: " + error +
                          " (is the cluster up, and SLURM_CONF set if it needs it?)");
  std::string text = "using slurm (long-lived workers: " + std::to_string(s.games_in_flight) +
                     " job steps srun --exact -n1 " + play + " --serve)";
  if (!s.partition.empty()) text += ", partition " + s.partition;
  if (!s.account.empty()) text += ", account " + s.account;
  if (!s.time_limit.empty()) text += ", time limit " + s.time_limit;
  auto executor = std::make_unique<WorkerExecutor>(
      slurm_worker_commands(s, settings.workers, play, jobs.prefix(), paths.log),
      settings.workers.max_restarts, text + "; jobs named " + jobs.prefix() + "*");
  if (cancelled > 0)
    executor->add_warning("cancelled " + std::to_string(cancelled) +
                          " Slurm jobs left running by an earlier run");
  if (auto warning = allocation_warning(s.games_in_flight)) executor->add_warning(*warning);
  return executor;
}

}  // namespace rm::run
