// The local executor: today's worker threads, each playing one game at a time with the
// referee in this process (-j N).
#pragma once

#include <memory>
#include <vector>

#include "ringmaster/run/executor/game_executor.hpp"
#include "ringmaster/run/worker_pool.hpp"

namespace rm::run {

class LocalExecutor : public GameExecutor {
 public:
  // Throws RingmasterError if a worker cannot be pinned to its CPU.
  LocalExecutor(int workers, WorkerPool::PlayGame play, const std::vector<int>& cpus = {});

  std::string description() const override;
  int outstanding() const override { return pool_.outstanding(); }
  bool has_free_slot() const override { return pool_.has_free_worker(); }
  void submit(rm::game::GameJob job) override { pool_.submit(std::move(job)); }
  std::optional<rm::game::GameResult> next_result(std::chrono::milliseconds wait) override {
    return pool_.next_result(wait);
  }
  void abort_games() override { pool_.abort_games(); }

 private:
  WorkerPool pool_;
};

}  // namespace rm::run
