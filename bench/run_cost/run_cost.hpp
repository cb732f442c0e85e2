// Runs a command (no shell) and measures it from outside: wall time, and the CPU of the process
// itself and of the children it waited for (its engines), read from /proc/<pid>/stat while
// the process is a zombie (waitid with WNOWAIT), so the two are told apart. Clock ticks are
// 10 ms: time at least a second of work.
#pragma once

#include <string>
#include <vector>

namespace rm::bench {

struct RunCost {
  double wall_ms = 0;
  double self_cpu_ms = 0;      // the process itself (every thread)
  double children_cpu_ms = 0;  // the children it started and waited for
  // Both together to the microsecond (the rusage wait4 returns; the two above come in clock
  // ticks of 10 ms).
  double total_cpu_ms = 0;
  int exit_status = -1;  // 128 + signal when killed; -1 when it could not start
};

// stdout goes to `stdout_path` (created or truncated); stderr is inherited.
RunCost run_and_measure(const std::vector<std::string>& argv, const std::string& stdout_path);

}  // namespace rm::bench
