// Why a game sent to Slurm came back without a result: the job hit its time limit, was
// preempted or cancelled, its node failed, or srun itself failed. The text becomes the void
// game's reason, so that the event log says what the cluster did.
#pragma once

#include <string>

#include "ringmaster/run/executor/child_command.hpp"

namespace rm::run {

// "slurm: the job hit its time limit (srun exit status 1): <last lines of srun's stderr>"
std::string slurm_failure_reason(const ChildOutcome& srun, const std::string& parse_problem);

}  // namespace rm::run
