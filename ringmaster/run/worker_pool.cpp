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
  queue_.close();
  for (auto& t : threads_) t.join();
}

void WorkerPool::worker_main(int slot) {
  while (auto job = queue_.next_job()) {
    rm::game::GameResult result;
    try {
      result = play_(*job, slot, &abort_);
    } catch (const std::exception& e) {
      // The referee promises not to throw; if something still does, the game is void
      // rather than the worker thread taking Ringmaster down.
      result = rm::game::void_result_for(
          *job, std::string("internal error playing the game: ") + e.what());
    }
    queue_.deliver(std::move(result));
  }
}

}  // namespace rm::run
