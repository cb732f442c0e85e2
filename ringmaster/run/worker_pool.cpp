#include "ringmaster/run/worker_pool.hpp"

#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>

#include "engine/process/cpu_affinity.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::run {

WorkerPool::WorkerPool(int workers, PlayGame play, const std::vector<int>& cpus)
    : play_(std::move(play)) {
  if (workers < 1) throw std::invalid_argument("WorkerPool needs at least one worker");
  threads_.reserve(static_cast<std::size_t>(workers));
  for (int slot = 0; slot < workers; ++slot)
    threads_.emplace_back([this, slot] { worker_main(slot); });
  // Pinned before any job is submitted, so every engine starts on its worker's CPU.
  for (std::size_t slot = 0; slot < threads_.size() && !cpus.empty(); ++slot) {
    const int cpu = cpus[slot % cpus.size()];
    if (int error = rm::process::pin_thread(threads_[slot].native_handle(), cpu)) {
      shut_down();
      throw RingmasterError("can't pin worker " + std::to_string(slot) + " to CPU " +
                            std::to_string(cpu) + ": " + std::strerror(error));
    }
  }
}

WorkerPool::~WorkerPool() {
  shut_down();
}

void WorkerPool::shut_down() {
  abort_.store(true);
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  jobs_ready_.notify_all();
  for (auto& t : threads_) t.join();
}

void WorkerPool::submit(rm::game::GameJob job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  ++outstanding_;
  jobs_ready_.notify_one();
}

std::optional<rm::game::GameResult> WorkerPool::next_result(std::chrono::milliseconds wait) {
  std::unique_lock lock(mutex_);
  if (!results_ready_.wait_for(lock, wait, [this] { return !results_.empty(); }))
    return std::nullopt;
  rm::game::GameResult result = std::move(results_.front());
  results_.pop_front();
  --outstanding_;
  return result;
}

void WorkerPool::worker_main(int slot) {
  for (;;) {
    rm::game::GameJob job;
    {
      std::unique_lock lock(mutex_);
      jobs_ready_.wait(lock, [this] { return closing_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // closing and nothing left to play
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    rm::game::GameResult result;
    try {
      result = play_(job, slot, &abort_);
    } catch (const std::exception& e) {
      // The referee promises not to throw; if something still does, the game is void
      // rather than the worker thread taking Ringmaster down.
      result = rm::game::void_result_for(
          job, std::string("internal error playing the game: ") + e.what());
    }
    {
      std::lock_guard lock(mutex_);
      results_.push_back(std::move(result));
    }
    results_ready_.notify_one();
  }
}

}  // namespace rm::run
