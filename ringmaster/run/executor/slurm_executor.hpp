// The slurm executor (docs/cluster.md): `games_in_flight` worker threads, each driving one
// game on the cluster, either as a whole (`srun ... ringmaster-play -`, mode games) or with
// the referee here and the engines under srun (mode engines). At start it cancels the jobs a
// killed run of the same competition left behind; at the end it cancels whatever is left.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ringmaster/control/executor_settings.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/executor/game_executor.hpp"
#include "ringmaster/run/executor/slurm_jobs.hpp"
#include "ringmaster/run/worker_pool.hpp"

namespace rm::run {

// The ringmaster-play beside the running executable (the default for the nodes).
std::string ringmaster_play_beside_us();

class SlurmExecutor : public GameExecutor {
 public:
  // Throws RingmasterError when srun or ringmaster-play cannot be found or the cluster does
  // not answer (squeue fails).
  SlurmExecutor(const rm::control::SlurmSettings& settings, const CompetitionPaths& paths);
  ~SlurmExecutor() override;

  std::string description() const override;
  std::vector<std::string> startup_notes() const override { return notes_; }
  int outstanding() const override { return pool_->outstanding(); }
  bool has_free_slot() const override { return pool_->has_free_worker(); }
  void submit(rm::game::GameJob job) override { pool_->submit(std::move(job)); }
  std::optional<rm::game::GameResult> next_result(std::chrono::milliseconds wait) override {
    return pool_->next_result(wait);
  }
  void abort_games() override { pool_->abort_games(); }
  std::vector<std::string> take_warnings() override { return std::exchange(warnings_, {}); }

 private:
  WorkerPool::PlayGame whole_games() const;
  WorkerPool::PlayGame engines_only() const;

  rm::control::SlurmSettings settings_;
  SlurmJobs jobs_;
  std::string ringmaster_play_;
  std::vector<std::string> notes_;
  std::vector<std::string> warnings_;
  std::unique_ptr<WorkerPool> pool_;
};

// For the startup checks in mode engines: the player's engine under the prefix.
void prefix_for_startup_check(rm::game::PlayerSpec& player,
                              const rm::control::SlurmSettings& settings,
                              const CompetitionPaths& paths);

}  // namespace rm::run
