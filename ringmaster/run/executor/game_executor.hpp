// Where games are played. The run loop hands jobs to an executor and takes results back; it
// does not know whether a game ran on a local thread or on a cluster node (docs/cluster.md).
// All calls come from the run loop's (main) thread.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"

namespace rm::run {

class GameExecutor {
 public:
  virtual ~GameExecutor() = default;  // aborts games still running and waits for them

  // For the event log: "using 4 worker threads", "using slurm: ...".
  virtual std::string description() const = 0;
  // Lines for the event log about what the executor did while starting (leftover jobs of a
  // killed run cancelled...).
  virtual std::vector<std::string> startup_notes() const { return {}; }

  // Jobs submitted whose results have not been taken yet.
  virtual int outstanding() const = 0;
  // Another job would start at once.
  virtual bool has_free_slot() const = 0;
  // Call only when has_free_slot().
  virtual void submit(rm::game::GameJob job) = 0;
  // The next finished result, waiting at most `wait`; nullopt on timeout. A game that could
  // not be played (the cluster failed it) comes back as a void game saying why.
  virtual std::optional<rm::game::GameResult> next_result(std::chrono::milliseconds wait) = 0;
  // Stops the games in progress: they come back void ("aborted").
  virtual void abort_games() = 0;

  // What happened since the last call that the user should see (a worker died or was
  // retired, ...): the run loop warns on screen and in the log.
  virtual std::vector<std::string> take_warnings() { return {}; }
  // Set when no game can be played any more (every worker retired): the run halts.
  virtual std::optional<std::string> halt_reason() const { return std::nullopt; }
  // The workers out of action now (failed or retired, not running again), each with why:
  // "worker 1 (node1) died during the game: killed by signal 9"; "" if none. The run names
  // them when it halts on void games.
  virtual std::string lost_workers() const { return {}; }
};

}  // namespace rm::run
