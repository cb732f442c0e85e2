// One long-lived worker: `ringmaster-play --serve` started through a launcher (srun, ssh, env
// ...), fed one job at a time (job_stream.hpp), restarted by its owner when it dies. Used by
// one executor thread only: the worker is that thread's child (it gets SIGTERM when the thread
// ends, PR_SET_PDEATHSIG), so a killed Ringmaster takes its workers with it.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "engine/process/process.hpp"
#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"

namespace rm::run {

struct WorkerCommand {
  std::vector<std::string> argv;  // launcher + ringmaster-play --serve
  std::string name;               // "worker 2 (ssh node1)", for messages
  std::string stderr_log;         // where its stderr (its engines' too) is appended
  double start_timeout_s = 60;
  // Longest time without a word (a heartbeat, a piece) from a worker in a game before it is
  // taken for frozen: its game void, the worker retired.
  double silence_timeout_s = 30;
};

// How a game on a worker went wrong on the worker's side (not the game's).
enum class WorkerFault {
  None,
  Failed,  // died, could not be sent the game, answered nonsense: started again
  Silent,  // nothing from it for silence_timeout (frozen process or node, wedged launcher)
};

class ServeWorker {
 public:
  explicit ServeWorker(WorkerCommand command) : command_(std::move(command)) {}
  ~ServeWorker() { stop(); }
  ServeWorker(const ServeWorker&) = delete;
  ServeWorker& operator=(const ServeWorker&) = delete;

  const std::string& name() const { return command_.name; }
  // Started and not exited since (a worker stopped from outside while idle is not running).
  bool running();

  // Starts the worker and waits for its ready line. Empty, or why it did not start (its
  // exit status and the end of its stderr: "ssh: connect to host ..."). After a failure,
  // never_answered() says whether it timed out without a byte on its stdout or stderr.
  std::string start(const std::atomic<bool>* abort);
  bool never_answered() const { return never_answered_; }
  // After a failed start: the worker answered in another protocol (another build): trying
  // again cannot help.
  bool incompatible() const { return incompatible_; }

  // Plays one job on the running worker. The game is void, naming the worker, when the worker
  // dies or answers nonsense (then *fault is Failed and the worker is stopped), when it is
  // silent for silence_timeout (*fault is Silent, the worker's process group killed), or
  // "aborted" when `abort` became true. The SGF record comes back in the result and is
  // written here.
  rm::game::GameResult play(const rm::game::GameJob& job, const std::atomic<bool>* abort,
                            WorkerFault* fault);

  // Closes its stdin (the worker aborts any game, closes its engines and exits), then the
  // usual escalation: SIGTERM to the launcher's group, then SIGKILL.
  void stop();

 private:
  // Stops the worker and says how it ended: "exit status 1; its last words: ...". `silent`:
  // it has stopped talking, so it is not waited for: SIGTERM to its launcher's process group
  // at once (srun cancels its step, ssh ends its session), SIGKILL 5 s later.
  std::string stop_and_describe(bool silent = false);

  WorkerCommand command_;
  bool never_answered_ = false;
  bool incompatible_ = false;
  std::unique_ptr<rm::process::Process> process_;
};

}  // namespace rm::run
