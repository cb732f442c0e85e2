// The one clone + execve step for every child Ringmaster starts: engines (rm::process::Process)
// and short commands such as srun (ringmaster/run/executor/child_command.hpp). Everything the
// child needs is prepared by the caller; this file owns only that step and what runs in the
// child between clone and execve.
#pragma once

#include <sys/types.h>

#include <csignal>
#include <string>

namespace rm::process {

struct LaunchArgs {
  int in_fd = -1, out_fd = -1, err_fd = -1;  // become the child's 0, 1, 2
  const char* cwd = nullptr;                 // nullptr = inherit
  const char* path = nullptr;                // the resolved executable
  char* const* argv = nullptr;
  char* const* envp = nullptr;
  // Sent to the child when the thread that launched it dies. Engines get SIGKILL; srun gets
  // SIGTERM, which it forwards to cancel its job step (a SIGKILLed srun leaves the remote task
  // running).
  int death_signal = SIGKILL;
};

// Which step failed in the child (or in clone itself), with its errno.
enum class LaunchStep : int { None = 0, Clone, Chdir, Dup, Exec, ParentGone };

struct Launched {
  pid_t pid = -1;  // -1 if the child could not be created or failed before execve (reaped)
  int pidfd = -1;  // a pidfd for the child (O_CLOEXEC), or -1 if the kernel has none
  LaunchStep failed = LaunchStep::None;
  int error = 0;  // errno of the failed step
};

// Starts `path` in a new child: its own process group, PR_SET_PDEATHSIG = death_signal (with the
// getppid() race checked), default signal dispositions, an empty signal mask, the three fds
// as 0/1/2 and every other fd closed, then execve (never a shell).
// Uses clone(CLONE_VM | CLONE_VFORK): no copy of the parent's page tables (fork's cost grows
// with the parent's size) and the parent resumes only once the child has exec'd or failed,
// so a failure is reported through shared memory, without a pipe. Thread-safe.
Launched launch_child(const LaunchArgs& args);

// What went wrong when launch_child returned no pid ("cannot execute '/x': Permission denied"),
// for the executable `path` and working directory `cwd` (nullptr: inherited) it was given.
std::string launch_failure_text(const Launched& launched, const std::string& path, const char* cwd);

}  // namespace rm::process
