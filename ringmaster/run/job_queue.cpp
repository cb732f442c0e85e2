#include "ringmaster/run/job_queue.hpp"

#include <utility>

namespace rm::run {

void JobQueue::submit(rm::game::GameJob job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  ++outstanding_;
  jobs_ready_.notify_one();
}

std::optional<rm::game::GameResult> JobQueue::next_result(std::chrono::milliseconds wait) {
  std::unique_lock lock(mutex_);
  if (!results_ready_.wait_for(lock, wait, [this] { return !results_.empty(); }))
    return std::nullopt;
  rm::game::GameResult result = std::move(results_.front());
  results_.pop_front();
  --outstanding_;
  return result;
}

std::optional<rm::game::GameJob> JobQueue::next_job() {
  std::unique_lock lock(mutex_);
  jobs_ready_.wait(lock, [this] { return closed_ || !jobs_.empty(); });
  if (jobs_.empty()) return std::nullopt;  // closed and nothing left to play
  rm::game::GameJob job = std::move(jobs_.front());
  jobs_.pop_front();
  return job;
}

void JobQueue::deliver(rm::game::GameResult result) {
  {
    std::lock_guard lock(mutex_);
    results_.push_back(std::move(result));
  }
  results_ready_.notify_one();
}

std::deque<rm::game::GameJob> JobQueue::take_waiting_jobs() {
  std::lock_guard lock(mutex_);
  return std::exchange(jobs_, {});
}

void JobQueue::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  jobs_ready_.notify_all();
  closing_.notify_all();
}

bool JobQueue::wait_for_close(std::chrono::milliseconds wait) {
  std::unique_lock lock(mutex_);
  return closing_.wait_for(lock, wait, [this] { return closed_; });
}

}  // namespace rm::run
