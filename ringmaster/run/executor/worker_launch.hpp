// The commands that start long-lived workers (docs/cluster.md, "Long-lived workers"): the
// launcher's arguments, then `ringmaster-play --serve`, each a whole argument, never a shell.
#pragma once

#include <string>
#include <vector>

#include "ringmaster/control/executor_settings.hpp"
#include "ringmaster/run/executor/serve_worker.hpp"

namespace rm::run {

// type workers: worker i is launcher [+ hosts[i % n]] + PLAY --serve.
std::vector<WorkerCommand> worker_commands(const rm::control::WorkerSettings& settings,
                                           const std::string& ringmaster_play,
                                           const std::string& stderr_log);

// type slurm, mode workers: games_in_flight job steps, worker i being
// srun --exact --ntasks=1 --quiet --unbuffered --job-name=<job_prefix>worker<i>
//      [--partition=..] [--account=..] [--time=..] [srun_args...] PLAY --serve
// Inside an allocation (sbatch, salloc) these are steps of it; outside, each is a job.
std::vector<WorkerCommand> slurm_worker_commands(const rm::control::SlurmSettings& slurm,
                                                 const rm::control::WorkerSettings& settings,
                                                 const std::string& ringmaster_play,
                                                 const std::string& job_prefix,
                                                 const std::string& stderr_log);

}  // namespace rm::run
