// `ringmaster-play --serve`: a long-lived worker that plays a stream of jobs (docs/cluster.md,
// "Long-lived workers"). It reads one GameJob JSON per line on `in_fd` and writes one JSON
// line per job on `out_fd`, flushed at once: the GameResult, or {"error": "..."} for a line
// that is not a job. Before the first job it writes {"ready": "ringmaster-play", ...}, so the
// controller knows that the launcher (srun, ssh...) has started it.
//
// While a game is played, the worker writes a heartbeat line (line_pieces.hpp) whenever it has
// written nothing for kHeartbeatInterval, so that the controller can tell a frozen worker (a
// stopped process, a dead node, a wedged launcher) from a long game.
//
// Engines of players with `reuse` are kept alive between jobs in one EngineCache, with the
// same rules as a local worker thread (engine_cache.hpp).
//
// The end of input, or `abort` (SIGTERM, SIGINT, SIGHUP in ringmaster-play), aborts the game
// in progress (its void result is still written if the controller is there to read it) and
// ends the stream: the kept engines are closed before serve_jobs returns. A controller that
// dies closes the worker's stdin, so a worker never outlives it by more than a game's abort.
#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>

namespace rm::game {

// The worker protocol's number, in the ready line. A controller and a worker that speak
// different ones cannot play together: the controller refuses the worker at its start. 1: the
// ready line had no number (before heartbeats); 2: heartbeats while a game is played; 3: long
// messages packed (line_pieces.hpp).
inline constexpr int kWorkerProtocol = 3;

// The first line a worker writes.
std::string worker_ready_line();
// A worker's ready line, read by the controller.
struct WorkerReady {
  int protocol = 1;     // 1 when the line has none
  std::string version;  // the worker's Ringmaster version, "" when not said
};
// The ready line read, or nullopt for any other line (a launcher's banner).
std::optional<WorkerReady> read_worker_ready_line(const std::string& line);

inline constexpr std::chrono::seconds kHeartbeatInterval{1};

// The exit status of a worker whose controller stopped answering the pieces of a result (for
// 30 s) while its input stayed open: it says so on stderr and gives up.
inline constexpr int kServeNotAnsweredExit = 3;

// Serves jobs until the end of input, `abort`, or an output that can no longer be written.
// Returns the exit status of ringmaster-play --serve: 0, or kServeNotAnsweredExit.
int serve_jobs(int in_fd, int out_fd, std::atomic<bool>& abort);

}  // namespace rm::game
