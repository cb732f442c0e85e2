// Why a game sent to Slurm came back without a result: the job hit its time limit, was
// preempted or cancelled, its node failed, or srun itself failed. The text becomes the void
// game's reason, so that the event log says what the cluster did.
#pragma once

#include <string>

#include "ringmaster/run/executor/child_command.hpp"

namespace rm::run {

// What Slurm said happened to the job step ("the job hit its time limit", "the job was
// preempted", "the job's node failed", "the job was cancelled"...), "" if nothing.
std::string slurm_cause(const std::string& srun_stderr);

// True when srun's stderr does not say why the job ended (nothing, or only that srun could not
// get an allocation, which a job cancelled before it started also gives): ask its final state.
bool slurm_cause_needs_job_state(const std::string& srun_stderr);

// The cause for a job's final state as squeue reports it (CANCELLED, TIMEOUT, PREEMPTED,
// NODE_FAIL), "" for any other state.
std::string slurm_state_cause(const std::string& state);

// "slurm: the job hit its time limit (srun exit status 1):\n<last lines of srun's stderr>";
// the cause comes from srun's stderr, else (or instead of a bare allocation failure) from the
// job's final state (`job_state`, from
// squeue: srun does not always get to print why its step ended); without a cause:
// "slurm: srun failed (exit status 1)...", or when srun succeeded, "slurm: <problem>".
std::string slurm_failure_reason(const ChildOutcome& srun, const std::string& problem,
                                 const std::string& job_state = "");

}  // namespace rm::run
