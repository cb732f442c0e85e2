// N worker threads, each playing one game at a time. Jobs go in through a queue and results
// come back through another, so only the main thread ever touches the competition and the
// store. Slot numbers (0..N-1) identify the worker that plays a job (GOMILL_SLOT). With a CPU
// list, worker `slot` is pinned to cpus[slot % size], and so are the engines it starts.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"
#include "ringmaster/run/job_queue.hpp"

namespace rm::run {

class WorkerPool {
 public:
  // Plays one job on worker `slot`; polls `abort`. Must not throw (if it does, the job's
  // result is a void game naming the exception).
  using PlayGame = std::function<rm::game::GameResult(const rm::game::GameJob& job, int slot,
                                                      const std::atomic<bool>* abort)>;

  // Throws RingmasterError if a worker cannot be pinned to its CPU.
  WorkerPool(int workers, PlayGame play, const std::vector<int>& cpus = {});
  ~WorkerPool();  // aborts games still running and joins the threads
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int size() const { return static_cast<int>(threads_.size()); }
  // Jobs submitted whose results have not been taken yet.
  int outstanding() const { return queue_.outstanding(); }
  bool has_free_worker() const { return outstanding() < size(); }

  // Queues a job; call only when has_free_worker(), so a job never waits for a worker.
  void submit(rm::game::GameJob job) { queue_.submit(std::move(job)); }
  // The next finished result, waiting at most `wait`; nullopt on timeout.
  std::optional<rm::game::GameResult> next_result(std::chrono::milliseconds wait) {
    return queue_.next_result(wait);
  }
  // Tells the games in progress to stop: their engines are killed and they come back void.
  void abort_games() { abort_.store(true); }

 private:
  void worker_main(int slot);
  void shut_down();  // aborts the games, wakes and joins the workers

  PlayGame play_;
  std::atomic<bool> abort_{false};
  JobQueue queue_;
  std::vector<std::thread> threads_;
};

}  // namespace rm::run
