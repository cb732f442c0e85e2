// The referee: plays one game between two GTP engines as gomill's ringmaster does.
#pragma once

#include <atomic>

#include "ringmaster/game/engine_cache.hpp"
#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"

namespace rm::game {

// Plays one game; never throws for engine misbehaviour (that becomes a forfeit, a void game
// or a late error in the result). `abort` (may be null) is polled; when it becomes true the
// engines are killed promptly and a void result with void_reason "aborted" is returned.
// All engine processes are closed and reaped on every path, except that with `engines`
// (may be null) the engines of players with `reuse` come from and go back to that cache.
GameResult play_game(const GameJob& job, const std::atomic<bool>* abort = nullptr,
                     EngineCache* engines = nullptr);

}  // namespace rm::game
