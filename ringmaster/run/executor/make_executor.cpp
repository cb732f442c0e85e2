#include "ringmaster/run/executor/make_executor.hpp"

#include "ringmaster/run/executor/local_executor.hpp"
#include "ringmaster/run/executor/slurm_executor.hpp"
#include "ringmaster/run/executor/worker_setup.hpp"
#include "ringmaster/run/job_setup.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::run {

using rm::control::ExecutorType;

ExecutorType chosen_type(const ExecutorChoice& choice) {
  if (choice.type_override == "slurm") return ExecutorType::Slurm;
  if (choice.type_override == "local") return ExecutorType::Local;
  if (choice.type_override == "workers") return ExecutorType::Workers;
  return choice.settings.type;
}

std::unique_ptr<GameExecutor> make_executor(const ExecutorChoice& choice, const RunOptions& options,
                                            const CompetitionPaths& paths,
                                            std::shared_ptr<rm::game::WorkerEngines> engines) {
  if (chosen_type(choice) == ExecutorType::Local)
    return std::make_unique<LocalExecutor>(options.parallel, referee_player(std::move(engines)),
                                           options.cpus);
  const bool workers = chosen_type(choice) == ExecutorType::Workers;
  if (choice.parallel_given)
    throw RingmasterError(workers ? "-j/--parallel sets local worker threads; with the workers "
                                    "executor set executor.workers in the control file (or use "
                                    "--executor local)"
                                  : "-j/--parallel sets local worker threads; with the slurm "
                                    "executor set executor.games_in_flight in the control file "
                                    "(or use --executor local)");
  if (!options.cpus.empty())
    throw RingmasterError(std::string("--affinity pins local worker threads; it does not apply to "
                                      "the ") +
                          (workers ? "workers" : "slurm") + " executor");
  if (workers) return make_worker_executor(choice.settings, paths);
  if (choice.settings.slurm.mode == rm::control::SlurmMode::Workers)
    return make_slurm_worker_executor(choice.settings, paths);
  return std::make_unique<SlurmExecutor>(choice.settings.slurm, paths);
}

void adapt_players_for_checks(
    const ExecutorChoice& choice, const CompetitionPaths& paths,
    std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>>& players) {
  if (chosen_type(choice) != ExecutorType::Slurm ||
      choice.settings.slurm.mode != rm::control::SlurmMode::Engines)
    return;
  for (auto& [player, settings] : players)
    prefix_for_startup_check(player, choice.settings.slurm, paths);
}

}  // namespace rm::run
