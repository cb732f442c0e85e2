// What the run loop adds to a competition's job before a worker plays it: where the SGF
// records and GTP transcripts go, and which worker slot (GOMILL_SLOT) plays it.
#pragma once

#include <functional>
#include <memory>

#include "ringmaster/game/engine_cache.hpp"
#include "ringmaster/game/game_job.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/run_loop.hpp"
#include "ringmaster/run/startup_checks.hpp"
#include "ringmaster/run/worker_pool.hpp"

namespace rm::run {

// sgf_dir = <code>.games (if record_games), void_sgf_dir = <code>.void, gtp_log_path =
// <code>.gtplogs/<id>.log (if log_gtp). An engine whose stderr goes to a file but names none
// gets the event log.
void prepare_job(rm::game::GameJob& job, const CompetitionPaths& paths, const RunOptions& options);

// Sets GOMILL_SLOT=<slot> in both engines' environment, as gomill's workers do.
void set_worker_slot(rm::game::GameJob& job, int slot);

// The real game player for the worker pool: set_worker_slot + rm::game::play_game, with the
// engines kept alive between games (`reuse`) in `engines` (a new WorkerEngines if null),
// which may already hold engines for slot 0 (the startup check's).
WorkerPool::PlayGame referee_player(std::shared_ptr<rm::game::WorkerEngines> engines = nullptr);

// The startup checks' handover to worker 0 (docs/engine-reuse.md): a `reuse` player's engine
// is started as worker 0 plays it (the job made by `prepare`, then GOMILL_SLOT=0) and kept in
// slot 0 of `engines`. The handover does not own `engines`: they close when the caller lets go.
CheckEngineHandover worker0_handover(const std::shared_ptr<rm::game::WorkerEngines>& engines,
                                     std::function<void(rm::game::GameJob&)> prepare);

}  // namespace rm::run
