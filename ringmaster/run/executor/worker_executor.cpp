#include "ringmaster/run/executor/worker_executor.hpp"

#include <exception>
#include <utility>

#include "ringmaster/run/job_setup.hpp"

namespace rm::run {
namespace {

// After a failed start, a worker waits this long times its failures in a row (a launcher
// that cannot reach its host should not be hammered).
constexpr std::chrono::milliseconds kRestartBackoff{250};
// A launcher that timed out without a byte on its stdout or stderr (a wedged ssh, a frozen
// node, an allocation that never comes) is retired after this many such starts in a row,
// whatever max_restarts allows: each costs start_timeout.
constexpr int kSilentStartTries = 2;

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

}  // namespace

WorkerExecutor::WorkerExecutor(std::vector<WorkerCommand> workers, int max_restarts,
                               std::string description)
    : description_(std::move(description)),
      max_restarts_(max_restarts),
      live_workers_(static_cast<int>(workers.size())),
      lost_(workers.size()) {
  threads_.reserve(workers.size());
  for (std::size_t slot = 0; slot < workers.size(); ++slot)
    threads_.emplace_back([this, slot, command = std::move(workers[slot])]() mutable {
      worker_main(static_cast<int>(slot), std::move(command));
    });
}

WorkerExecutor::~WorkerExecutor() {
  abort_.store(true);
  queue_.close();
  for (auto& t : threads_) t.join();
}

void WorkerExecutor::submit(rm::game::GameJob job) {
  queue_.submit(std::move(job));
  // Submitted as the last worker was retiring (it counted as free): it would wait for ever.
  // The retiring thread counts down before it empties the queue, so one of the two sees it.
  if (live_workers_.load() == 0) void_waiting_jobs();
}

std::vector<std::string> WorkerExecutor::take_warnings() {
  std::lock_guard lock(mutex_);
  return std::exchange(warnings_, {});
}

std::optional<std::string> WorkerExecutor::halt_reason() const {
  std::lock_guard lock(mutex_);
  if (no_worker_left_.empty()) return std::nullopt;
  return no_worker_left_;
}

std::string WorkerExecutor::lost_workers() const {
  std::lock_guard lock(mutex_);
  std::string text;
  for (const auto& why : lost_)
    if (!why.empty()) text += (text.empty() ? "" : "; ") + why;
  return text;
}

void WorkerExecutor::set_lost(int slot, const std::string& why) {
  std::lock_guard lock(mutex_);
  lost_[static_cast<std::size_t>(slot)] = first_line(why);
}

void WorkerExecutor::warn(std::string text) {
  std::lock_guard lock(mutex_);
  warnings_.push_back(std::move(text));
}

WorkerExecutor::WorkerState WorkerExecutor::ensure_running(int slot, ServeWorker& worker,
                                                           int& failures,
                                                           std::string& last_failure) {
  int silent_starts = 0;  // in a row, in this call
  while (!worker.running()) {
    if (abort_.load()) return WorkerState::Stopped;
    if (failures > max_restarts_) {
      retire(slot, worker,
             worker.name() + " retired after " + std::to_string(failures) +
                 " failures in a row (executor.max_restarts is " + std::to_string(max_restarts_) +
                 ")",
             last_failure);
      return WorkerState::Retired;
    }
    if (silent_starts >= kSilentStartTries) {
      retire(slot, worker,
             worker.name() + " retired: its launcher never answered (" +
                 std::to_string(silent_starts) + " starts in a row without a byte from it)",
             last_failure);
      return WorkerState::Retired;
    }
    if (failures > 0 && queue_.wait_for_close(kRestartBackoff * failures))
      return WorkerState::Stopped;
    const std::string problem = worker.start(&abort_);
    if (problem.empty()) {
      if (failures > 0) warn(worker.name() + " started again");
      set_lost(slot, "");
      return WorkerState::Running;
    }
    if (abort_.load()) return WorkerState::Stopped;
    ++failures;
    last_failure = problem;
    if (worker.incompatible()) {
      retire(slot, worker, worker.name() + " retired: another build's worker", last_failure);
      return WorkerState::Retired;
    }
    set_lost(slot, worker.name() + " failed to start: " + problem);
    std::string text = worker.name() + " failed to start: " + problem;
    if (worker.never_answered()) {
      ++silent_starts;
      if (silent_starts == 1 && failures <= max_restarts_)
        text +=
            " (a launcher that never answers costs executor.start_timeout per try: it is "
            "tried once more, then retired)";
    } else {
      silent_starts = 0;
    }
    warn(text);
  }
  return WorkerState::Running;
}

void WorkerExecutor::retire(int slot, const ServeWorker& worker, const std::string& why,
                            const std::string& last_failure) {
  bool last = false;
  {
    std::lock_guard lock(mutex_);
    warnings_.push_back(why);
    lost_[static_cast<std::size_t>(slot)] =
        why + (last_failure.empty() ? "" : " (the last: " + first_line(last_failure) + ")");
    if (--live_workers_ == 0) {
      no_worker_left_ =
          "no worker left (the last one, " + worker.name() + ", failed: " + last_failure + ")";
      last = true;
    }
  }
  if (last) void_waiting_jobs();
}

void WorkerExecutor::void_waiting_jobs() {
  for (auto& job : queue_.take_waiting_jobs())
    queue_.deliver(rm::game::void_result_for(job, rm::game::VoidReason::NoWorkerLeft));
}

void WorkerExecutor::worker_main(int slot, WorkerCommand command) {
  ServeWorker worker(std::move(command));
  int failures = 0;
  std::string last_failure;
  for (;;) {
    const WorkerState state = ensure_running(slot, worker, failures, last_failure);
    if (state == WorkerState::Retired) break;
    auto job = queue_.next_job();
    if (!job) break;
    // Stopped (abort): the jobs still queued come back as aborted games, as the run expects.
    if (state == WorkerState::Stopped) {
      queue_.deliver(rm::game::void_result_for(*job, rm::game::VoidReason::Aborted));
      continue;
    }
    set_worker_slot(*job, slot);
    WorkerFault fault = WorkerFault::None;
    rm::game::GameResult result;
    try {
      result = worker.play(*job, &abort_, &fault);
    } catch (const std::exception& e) {
      result = rm::game::void_result_for(*job, std::string("internal error: ") + e.what());
    }
    if (fault == WorkerFault::None) {
      failures = 0;
      queue_.deliver(std::move(result));
      continue;
    }
    ++failures;
    last_failure = result.void_reason;
    warn(result.void_reason);
    set_lost(slot, result.void_reason);
    // Retired before its game is delivered: should the run halt on it, the worker is named.
    if (fault == WorkerFault::Silent) {
      retire(slot, worker,
             worker.name() +
                 " retired: it went silent (a frozen process or node, or a wedged "
                 "launcher)",
             last_failure);
      queue_.deliver(std::move(result));
      break;
    }
    queue_.deliver(std::move(result));
  }
  worker.stop();  // its stdin closed: it closes its kept engines and exits
}

}  // namespace rm::run
