#include "ringmaster/run/executor/local_executor.hpp"

#include "ringmaster/run/executor/read_spin_policy.hpp"

namespace rm::run {

LocalExecutor::LocalExecutor(int workers, WorkerPool::PlayGame play, const std::vector<int>& cpus)
    : pool_(workers, std::move(play), cpus) {
  set_read_spin_for(workers);
}

std::string LocalExecutor::description() const {
  return "using " + std::to_string(pool_.size()) + " worker threads";
}

}  // namespace rm::run
