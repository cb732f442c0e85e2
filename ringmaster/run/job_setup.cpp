#include "ringmaster/run/job_setup.hpp"

#include <memory>
#include <string>

#include "ringmaster/game/referee.hpp"

namespace rm::run {
namespace {

// A chatty engine wrote 8 MB to the log in one game: beyond this, its stderr is dropped
// (and counted in a note in the log). Per engine and game: each game starts its engines anew.
constexpr std::size_t kStderrLogLimit = 256 * 1024;

void default_stderr_to_log(rm::game::PlayerSpec& player, const std::string& log_path) {
  auto& process = player.engine.process;
  if (process.stderr_mode == rm::process::StderrMode::AppendToFile && process.stderr_path.empty())
    process.stderr_path = log_path;
  if (process.stderr_mode == rm::process::StderrMode::AppendToFile &&
      process.stderr_sink_limit == 0)
    process.stderr_sink_limit = kStderrLogLimit;
}

}  // namespace

void prepare_job(rm::game::GameJob& job, const CompetitionPaths& paths, const RunOptions& options) {
  job.sgf_dir = options.record_games ? paths.games_dir : std::string();
  job.void_sgf_dir = paths.void_dir;
  job.gtp_log_path = options.log_gtp ? paths.gtp_log_for(job.game_id) : std::string();
  default_stderr_to_log(job.black, paths.log);
  default_stderr_to_log(job.white, paths.log);
}

void set_worker_slot(rm::game::GameJob& job, int slot) {
  job.black.engine.process.environ["GOMILL_SLOT"] = std::to_string(slot);
  job.white.engine.process.environ["GOMILL_SLOT"] = std::to_string(slot);
}

WorkerPool::PlayGame referee_player(std::shared_ptr<rm::game::WorkerEngines> engines) {
  // Engines kept alive between games (`reuse`), per worker slot; closed when the pool lets
  // go of this function, after its workers have been joined (and its other owner, if any).
  if (!engines) engines = std::make_shared<rm::game::WorkerEngines>();
  return [engines](const rm::game::GameJob& job, int slot, const std::atomic<bool>* abort) {
    rm::game::GameJob slotted = job;
    set_worker_slot(slotted, slot);
    return rm::game::play_game(slotted, abort, &engines->for_slot(slot));
  };
}

}  // namespace rm::run
