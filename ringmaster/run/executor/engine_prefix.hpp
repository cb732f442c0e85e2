// Engines on the cluster, referee here: each engine's command is run under a prefix
// (`srun -n1 -Q --unbuffered` by default), so the referee keeps its pipes, per-command
// timeouts and scoring, and only the engine runs on a node (for engines that need a GPU).
#pragma once

#include <string>

#include "ringmaster/control/executor_settings.hpp"
#include "ringmaster/game/game_job.hpp"

namespace rm::run {

// argv becomes prefix + [Slurm options] + argv, each a whole argument (no shell). The Slurm
// options (--job-name=JOB_NAME, partition, account, time_limit, srun_args) are added only
// when the prefix's program is srun. argv[0] is first resolved here (PATH, beside
// ringmaster, /usr/games) so that the node runs the same path.
void prefix_engine_command(rm::game::PlayerSpec& player, const rm::control::SlurmSettings& settings,
                           const std::string& job_name);

}  // namespace rm::run
