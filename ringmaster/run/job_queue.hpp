// Jobs in, results out, between the run loop's (main) thread and the threads that play the
// games (the local worker threads, the threads that drive long-lived workers): so that only
// the main thread ever touches the competition and the store.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"

namespace rm::run {

class JobQueue {
 public:
  // Main thread.
  void submit(rm::game::GameJob job);
  // The next result, waiting at most `wait`; nullopt on timeout.
  std::optional<rm::game::GameResult> next_result(std::chrono::milliseconds wait);
  // Jobs submitted whose results have not been taken yet.
  int outstanding() const { return outstanding_; }

  // Playing threads. The next job, waiting for one; nullopt once closed and empty.
  std::optional<rm::game::GameJob> next_job();
  void deliver(rm::game::GameResult result);
  // The jobs no thread has taken yet, taken out of the queue.
  std::deque<rm::game::GameJob> take_waiting_jobs();

  // Any thread: wakes every waiting thread; next_job() then returns what is left, then nullopt.
  void close();
  // Waits up to `wait` or until close(); true when closed.
  bool wait_for_close(std::chrono::milliseconds wait);

 private:
  std::mutex mutex_;
  std::condition_variable jobs_ready_, results_ready_, closing_;
  std::deque<rm::game::GameJob> jobs_;
  std::deque<rm::game::GameResult> results_;
  bool closed_ = false;
  int outstanding_ = 0;  // main thread only
};

}  // namespace rm::run
