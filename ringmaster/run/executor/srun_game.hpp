// Whole games on the cluster: one game is one `srun ... ringmaster-play -` job step, the job
// JSON on its stdin and the result JSON (with the SGF text, so no shared file system is
// needed) on its stdout.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "ringmaster/control/executor_settings.hpp"
#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"

namespace rm::run {

// srun --job-name=NAME --ntasks=1 --quiet [--partition=..] [--account=..] [--time=..]
//   [srun_args...] PLAY -
std::vector<std::string> srun_game_command(const rm::control::SlurmSettings& settings,
                                           const std::string& job_name,
                                           const std::string& ringmaster_play);

struct SrunGame {
  rm::control::SlurmSettings settings;
  std::string ringmaster_play;  // path on the nodes
};

// Plays `job` on the cluster; never throws. A job step that fails (time limit, preemption,
// node failure, cancelled) gives a void game naming the cause. On `abort`: SIGTERM to srun,
// then `scancel --name` if srun has not ended within the grace period. The SGF record comes
// back in the result and is written here, to the job's sgf_dir / void_sgf_dir. Engines'
// stderr meant for a file comes back through srun's stderr and is appended to that file.
rm::game::GameResult play_game_with_srun(const SrunGame& srun, const rm::game::GameJob& job,
                                         const std::string& job_name,
                                         const std::atomic<bool>* abort);

}  // namespace rm::run
