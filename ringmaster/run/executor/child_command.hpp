// One short-lived child command (srun, squeue, scancel) run without a shell: text on its
// stdin, stdout and stderr captured, bounded. Unlike an engine (engine/process), the child
// gets SIGTERM, not SIGKILL, when the thread that started it dies: srun forwards SIGTERM and
// cancels its job step, whereas a SIGKILLed srun leaves the remote task running. It gets its
// own process group, so that Ctrl-C at the terminal reaches Ringmaster only.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace rm::run {

struct ChildStop {
  // When `abort` becomes true: SIGTERM to the child's group; if it is still running after
  // term_grace, `fallback` runs (scancel...) and after kill_grace more the group gets SIGKILL.
  const std::atomic<bool>* abort = nullptr;
  std::chrono::milliseconds term_grace{5000};
  std::function<void()> fallback;
  std::chrono::milliseconds kill_grace{5000};
  // Without abort: the child is stopped the same way once this much time has passed
  // (zero: no limit).
  std::chrono::milliseconds time_limit{0};
};

struct ChildOutcome {
  std::string spawn_error;  // non-empty: the child never ran
  bool exited_normally = false;
  int exit_code = 0;     // when exited_normally
  int term_signal = 0;   // otherwise
  bool stopped = false;  // abort or time limit: we had to signal it
  std::string out, err;  // captured, each cut at its limit
  std::size_t err_dropped = 0;

  bool succeeded() const { return spawn_error.empty() && exited_normally && exit_code == 0; }
  // "exit status 1" / "killed by signal 9" / the spawn error
  std::string describe() const;
};

// Runs argv[0] (a path, or a name looked up as an engine's is: rm::process::resolve_executable)
// with `input` on its stdin, started by the same clone + execve step as engines
// (engine/process/child_launch.hpp) with SIGTERM as its death signal.
ChildOutcome run_child(const std::vector<std::string>& argv, const std::string& input,
                       const ChildStop& stop = {}, std::size_t max_out = 64 << 20,
                       std::size_t max_err = 256 << 10);

}  // namespace rm::run
