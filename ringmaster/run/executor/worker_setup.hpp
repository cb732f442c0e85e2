// Building the long-lived workers executor from the control file's `executor:` settings:
// type workers (a launcher, hosts), or type slurm with mode workers (job steps).
#pragma once

#include <memory>

#include "ringmaster/control/executor_settings.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/executor/game_executor.hpp"

namespace rm::run {

// Throws RingmasterError when the launcher or ringmaster-play cannot be found.
std::unique_ptr<GameExecutor> make_worker_executor(const rm::control::ExecutorSettings& settings,
                                                   const CompetitionPaths& paths);

// Also cancels the worker jobs a killed run left (outside an allocation each step is a job);
// throws RingmasterError when srun is missing or the cluster does not answer.
std::unique_ptr<GameExecutor> make_slurm_worker_executor(
    const rm::control::ExecutorSettings& settings, const CompetitionPaths& paths);

}  // namespace rm::run
