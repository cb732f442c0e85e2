#include "ringmaster/run/job_setup.hpp"

#include <memory>
#include <optional>
#include <string>
#include <utility>

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

CheckEngineHandover worker0_handover(const std::shared_ptr<rm::game::WorkerEngines>& engines,
                                     std::function<void(rm::game::GameJob&)> prepare) {
  // Weak: a run whose checks fail closes the kept engines by dropping its own pointer.
  std::weak_ptr<rm::game::WorkerEngines> kept = engines;
  return CheckEngineHandover{
      [prepare = std::move(prepare)](
          const rm::game::PlayerSpec& player) -> std::optional<rm::game::PlayerSpec> {
        if (!player.reuse) return std::nullopt;
        rm::game::GameJob job;
        job.black = job.white = player;
        prepare(job);
        set_worker_slot(job, 0);
        return job.black;
      },
      [kept](const rm::game::PlayerSpec& player, std::unique_ptr<rm::gtp::Controller> engine) {
        if (auto alive = kept.lock()) alive->adopt(0, player, std::move(engine));
      }};
}

}  // namespace rm::run
