// Long-lived workers (docs/cluster.md, "Long-lived workers"): N `ringmaster-play --serve`
// processes started once through a launcher (Slurm job steps, ssh HOST, env...), each driven
// by a thread of its own that feeds it the next job as soon as it is free. Engines with
// `reuse` stay alive inside the workers between games.
//
// A worker that dies (or whose node does) voids only its game in flight, which the
// competition replays; the worker is started again, up to max_restarts failures in a row
// (a game played resets the count), then retired with a warning. A worker silent for
// silence_timeout in a game (frozen process or node, wedged launcher) is retired at once, and
// a launcher that never answered at all (not a byte within start_timeout) after its second
// such start. With no worker left the executor asks the run to halt.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "ringmaster/run/executor/game_executor.hpp"
#include "ringmaster/run/executor/serve_worker.hpp"
#include "ringmaster/run/job_queue.hpp"

namespace rm::run {

class WorkerExecutor : public GameExecutor {
 public:
  // Starts every worker at once (each on its thread); games wait for the first free one.
  WorkerExecutor(std::vector<WorkerCommand> workers, int max_restarts, std::string description);
  ~WorkerExecutor() override;  // aborts the games in progress, stops the workers, joins
  WorkerExecutor(const WorkerExecutor&) = delete;
  WorkerExecutor& operator=(const WorkerExecutor&) = delete;

  std::string description() const override { return description_; }
  int outstanding() const override { return queue_.outstanding(); }
  bool has_free_slot() const override { return outstanding() < live_workers_.load(); }
  void submit(rm::game::GameJob job) override;
  std::optional<rm::game::GameResult> next_result(std::chrono::milliseconds wait) override {
    return queue_.next_result(wait);
  }
  void abort_games() override { abort_.store(true); }
  std::vector<std::string> take_warnings() override;
  void add_warning(std::string text) { warn(std::move(text)); }
  std::optional<std::string> halt_reason() const override;
  std::string lost_workers() const override;

 private:
  enum class WorkerState { Running, Retired, Stopped };  // Stopped: abort or closing
  void worker_main(int slot, WorkerCommand command);
  // Starts (or restarts) the worker until it runs, is retired, or the executor stops.
  WorkerState ensure_running(int slot, ServeWorker& worker, int& failures,
                             std::string& last_failure);
  // `why`: the retirement's warning ("worker 0 retired after 4 failures in a row ...").
  void retire(int slot, const ServeWorker& worker, const std::string& why,
              const std::string& last_failure);
  // Out of action since `why` (the first line of it is kept), or back ("" clears it).
  void set_lost(int slot, const std::string& why);
  // With no worker left, the jobs still queued come back void.
  void void_waiting_jobs();
  void warn(std::string text);

  std::string description_;
  int max_restarts_;
  std::atomic<bool> abort_{false};
  std::atomic<int> live_workers_;
  JobQueue queue_;
  mutable std::mutex mutex_;  // for the two below
  std::vector<std::string> warnings_;
  std::string no_worker_left_;     // set when the last worker is retired
  std::vector<std::string> lost_;  // by slot: why it is out of action, "" while it runs
  std::vector<std::thread> threads_;
};

}  // namespace rm::run
