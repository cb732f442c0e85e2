#include "ringmaster/run/executor/slurm_executor.hpp"

#include <unistd.h>

#include <filesystem>

#include "engine/process/process.hpp"
#include "ringmaster/game/referee.hpp"
#include "ringmaster/run/executor/engine_prefix.hpp"
#include "ringmaster/run/executor/read_spin_policy.hpp"
#include "ringmaster/run/executor/slurm_allocation.hpp"
#include "ringmaster/run/executor/srun_game.hpp"
#include "ringmaster/run/job_setup.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::run {

using rm::control::SlurmMode;

std::string ringmaster_play_beside_us() {
  std::error_code ec;
  auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "ringmaster-play";
  return (self.parent_path() / "ringmaster-play").string();
}

SlurmExecutor::SlurmExecutor(const rm::control::SlurmSettings& settings,
                             const CompetitionPaths& paths)
    : settings_(settings), jobs_(paths.control_file, paths.code) {
  if (!rm::process::resolve_executable("srun"))
    throw RingmasterError("executor slurm: srun not found on PATH (install slurm-client)");
  if (settings_.mode == SlurmMode::Engines && settings_.engine_prefix.front() != "srun" &&
      !rm::process::resolve_executable(settings_.engine_prefix.front()))
    throw RingmasterError("executor slurm: engine_prefix: cannot find '" +
                          settings_.engine_prefix.front() + "'");
  // In engines mode the referees run here: the same rule as for local workers.
  set_read_spin_for(settings_.games_in_flight);
  ringmaster_play_ = settings_.ringmaster_play;
  if (settings_.mode == SlurmMode::Games && ringmaster_play_.empty()) {
    ringmaster_play_ = ringmaster_play_beside_us();
    if (::access(ringmaster_play_.c_str(), X_OK) != 0)
      throw RingmasterError("executor slurm: no ringmaster-play beside ringmaster (" +
                            ringmaster_play_ + "): set executor.ringmaster_play");
  }
  // squeue also tells whether the cluster answers at all.
  std::string error;
  int cancelled = jobs_.cancel_leftovers(&error);
  if (cancelled < 0)
    throw RingmasterError("executor slurm: " + error +
                          " (is the cluster up, and SLURM_CONF set if it needs it?)");
  if (cancelled > 0)
    notes_.push_back("cancelled " + std::to_string(cancelled) +
                     " Slurm jobs left running by an earlier run");
  // Each game is one CPU's step in mode games, two (the engines) in mode engines.
  if (auto warning = allocation_warning(settings_.games_in_flight,
                                        settings_.mode == SlurmMode::Engines ? 2 : 1))
    warnings_.push_back(*warning);
  pool_ = std::make_unique<WorkerPool>(settings_.games_in_flight, settings_.mode == SlurmMode::Games
                                                                      ? whole_games()
                                                                      : engines_only());
}

SlurmExecutor::~SlurmExecutor() {
  pool_.reset();  // aborts the games in progress (srun gets SIGTERM) and joins the workers
  // Whatever a stubborn srun left behind.
  jobs_.cancel_leftovers(nullptr);
}

std::string SlurmExecutor::description() const {
  std::string text = "using slurm (" +
                     std::string(settings_.mode == SlurmMode::Games
                                     ? "whole games: srun " + ringmaster_play_
                                     : "engines under " + settings_.engine_prefix.front()) +
                     ") with " + std::to_string(settings_.games_in_flight) + " games in flight";
  if (!settings_.partition.empty()) text += ", partition " + settings_.partition;
  if (!settings_.account.empty()) text += ", account " + settings_.account;
  if (!settings_.time_limit.empty()) text += ", time limit " + settings_.time_limit;
  return text + "; jobs named " + jobs_.prefix() + "*";
}

WorkerPool::PlayGame SlurmExecutor::whole_games() const {
  SrunGame srun{settings_, ringmaster_play_};
  SlurmJobs jobs = jobs_;
  return [srun, jobs](const rm::game::GameJob& job, int slot, const std::atomic<bool>* abort) {
    rm::game::GameJob slotted = job;
    set_worker_slot(slotted, slot);
    return play_game_with_srun(srun, slotted, jobs.name_for(job.game_id), abort);
  };
}

WorkerPool::PlayGame SlurmExecutor::engines_only() const {
  rm::control::SlurmSettings settings = settings_;
  SlurmJobs jobs = jobs_;
  return [settings, jobs](const rm::game::GameJob& job, int slot, const std::atomic<bool>* abort) {
    rm::game::GameJob prefixed = job;
    set_worker_slot(prefixed, slot);
    const std::string black = jobs.name_for(job.game_id + ".b");
    const std::string white = jobs.name_for(job.game_id + ".w");
    prefix_engine_command(prefixed.black, settings, black);
    prefix_engine_command(prefixed.white, settings, white);
    rm::game::GameResult result = rm::game::play_game(prefixed, abort);
    // The referee kills an engine that misbehaves (or every engine on abort) with SIGKILL,
    // which leaves the remote task of srun running: cancel the steps by name then.
    if (result.is_void || result.is_forfeit || !result.late_errors.empty())
      SlurmJobs::cancel_named({black, white});
    return result;
  };
}

void prefix_for_startup_check(rm::game::PlayerSpec& player,
                              const rm::control::SlurmSettings& settings,
                              const CompetitionPaths& paths) {
  SlurmJobs jobs(paths.control_file, paths.code);
  prefix_engine_command(player, settings, jobs.name_for_own_check(player.code));
}

}  // namespace rm::run
