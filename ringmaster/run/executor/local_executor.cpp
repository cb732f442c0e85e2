#include "ringmaster/run/executor/local_executor.hpp"

#include "engine/process/cpu_affinity.hpp"
#include "engine/process/process.hpp"

namespace rm::run {

LocalExecutor::LocalExecutor(int workers, WorkerPool::PlayGame play, const std::vector<int>& cpus)
    : pool_(workers, std::move(play), cpus) {
  // A game keeps two threads busy at a time (the referee and the engine to move): reads spin
  // only if every game can have a CPU for each (measured: with -j 2 on 2 CPUs a spin costs
  // 5-15% of the wall; with -j 1 it saves a quarter).
  rm::process::set_read_spin_allowed(2 * static_cast<std::size_t>(workers) <=
                                     rm::process::allowed_cpus().size());
}

std::string LocalExecutor::description() const {
  return "using " + std::to_string(pool_.size()) + " worker threads";
}

}  // namespace rm::run
