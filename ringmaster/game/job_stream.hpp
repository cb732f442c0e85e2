// `ringmaster-play --serve`: a long-lived worker that plays a stream of jobs (docs/cluster.md,
// "Long-lived workers"). It reads one GameJob JSON per line on `in_fd` and writes one JSON
// line per job on `out_fd`, flushed at once: the GameResult, or {"error": "..."} for a line
// that is not a job. Before the first job it writes {"ready": "ringmaster-play", ...}, so the
// controller knows that the launcher (srun, ssh...) has started it.
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
#include <string>

namespace rm::game {

// The first line a worker writes.
std::string worker_ready_line();
// True for the worker's ready line (the controller's side of the protocol).
bool is_worker_ready_line(const std::string& line);

// Serves jobs until the end of input, `abort`, or an output that can no longer be written.
// Returns 0 (the exit status of ringmaster-play --serve).
int serve_jobs(int in_fd, int out_fd, std::atomic<bool>& abort);

}  // namespace rm::game
