// Ringmaster run inside a Slurm allocation (sbatch, salloc): its job steps share the
// allocation's CPUs, so more games in flight than CPUs silently wait for each other. Said
// once, on screen and in the log.
#pragma once

#include <optional>
#include <string>

namespace rm::run {

// The CPUs of the allocation this process runs in, from SLURM_JOB_CPUS_PER_NODE ("4",
// "2(x3),1"); nullopt outside an allocation or when it cannot be read.
std::optional<int> allocation_cpus();

// The warning for `games_in_flight` games of `cpus_per_game` one-CPU steps each in this
// allocation, or nullopt when they fit (or there is no allocation).
std::optional<std::string> allocation_warning(int games_in_flight, int cpus_per_game = 1);

}  // namespace rm::run
