// Choosing the executor for `run`: the control file's `executor:` section, overridden by
// --executor on the command line.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ringmaster/control/executor_settings.hpp"
#include "ringmaster/game/engine_cache.hpp"
#include "ringmaster/game/game_job.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/executor/game_executor.hpp"
#include "ringmaster/run/run_loop.hpp"

namespace rm::run {

struct ExecutorChoice {
  rm::control::ExecutorSettings settings;  // from the control file
  std::string type_override;               // --executor: "", "local", "slurm" or "workers"
  bool parallel_given = false;             // -j was given
};

rm::control::ExecutorType chosen_type(const ExecutorChoice& choice);

// Throws RingmasterError for what cannot work (-j or --affinity with slurm or workers, no
// srun, the cluster not answering, no ringmaster-play).
// `engines`: the local executor's kept engines (`reuse`), which may already hold the startup
// checks' (null: none yet); the other executors ignore it.
std::unique_ptr<GameExecutor> make_executor(
    const ExecutorChoice& choice, const RunOptions& options, const CompetitionPaths& paths,
    std::shared_ptr<rm::game::WorkerEngines> engines = nullptr);

// The players as the startup checks must start them: under the engine prefix when the
// engines run on the cluster, else unchanged.
void adapt_players_for_checks(
    const ExecutorChoice& choice, const CompetitionPaths& paths,
    std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>>& players);

}  // namespace rm::run
