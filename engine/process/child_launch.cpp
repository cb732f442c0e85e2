// clone(CLONE_VM | CLONE_VFORK) + execve, as glibc's posix_spawn does it, but with the steps
// posix_spawn cannot do (PR_SET_PDEATHSIG and the getppid() check) run in the child.
//
// The child shares the parent's memory until execve, so it may only touch its own stack and
// the ChildContext; it calls no function that allocates or takes a lock. All signals are
// blocked (raw syscall: glibc's wrappers would leave its two internal signals unblocked)
// from before clone until the child has reset every disposition to SIG_DFL, so no handler of
// the parent can ever run on the child's side of the shared memory.
#include "engine/process/child_launch.hpp"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace rm::process {

namespace {

// The kernel's sigset is one 64-bit word on x86_64/aarch64.
using KernelSigset = std::uint64_t;
constexpr long kKernelSigsetSize = sizeof(KernelSigset);
constexpr int kMaxSignal = 64;

// The kernel's struct sigaction (not glibc's), for the raw rt_sigaction call.
struct KernelSigaction {
  void (*handler)(int);
  unsigned long flags;
  void (*restorer)();
  KernelSigset mask;
};

struct ChildContext {
  const LaunchArgs* args;
  pid_t parent;
  LaunchStep failed;
  int error;
};

// Code that runs in the child is not instrumented by the sanitizers: the child shares the
// parent's memory, including the calling thread's sanitizer state, which it would otherwise
// update as if it were that thread, leaving that state wrong once the parent resumes.
// ThreadSanitizer: false reports of races on memory locked by a mutex. AddressSanitizer: the
// child's frames poison redzones in the shadow of `stack` and never unpoison them (execve
// does not return), so later frames of the parent at those addresses fail as overflows.
#define RM_CHILD_SIDE __attribute__((no_sanitize("thread", "address")))

// The child's stack: it only runs a few syscalls (and possibly the dynamic linker's lazy
// binding of them), so this is generous.
constexpr std::size_t kChildStackBytes = 64 * 1024;

[[noreturn]] RM_CHILD_SIDE void child_fail(ChildContext* ctx, LaunchStep step, int err) {
  ctx->failed = step;
  ctx->error = err;
  ::syscall(SYS_exit_group, 127);  // not _exit(): a sanitizer's _exit would run in the child
  __builtin_unreachable();
}

using CloneFunction = int (*)(int (*)(void*), void*, int, void*, ...);
#if defined(__SANITIZE_THREAD__)
// ThreadSanitizer intercepts clone() as a fork: in the child it resets its records of the
// parent's other threads and locks, records that the child shares with the parent under
// CLONE_VM, so the parent would go on with them wrong. glibc's own clone is called instead.
CloneFunction libc_clone() {
  static const CloneFunction function = [] {
    void* libc = ::dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
    void* symbol = libc != nullptr ? ::dlsym(libc, "clone") : nullptr;
    CloneFunction found = &::clone;
    if (symbol != nullptr) std::memcpy(&found, &symbol, sizeof found);
    return found;
  }();
  return function;
}
#else
CloneFunction libc_clone() {
  return &::clone;
}
#endif

// Fallback for kernels without close_range (before 5.9): close what /proc/self/fd lists,
// never a loop over every possible descriptor number.
RM_CHILD_SIDE void close_listed_fds_from_3() {
  const long dir =
      ::syscall(SYS_openat, AT_FDCWD, "/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return;
  alignas(8) char buf[2048];
  while (true) {
    const long n = ::syscall(SYS_getdents64, dir, buf, sizeof buf);
    if (n <= 0) break;
    for (long off = 0; off < n;) {
      // struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name.
      unsigned short reclen = 0;
      __builtin_memcpy(&reclen, buf + off + 16, sizeof reclen);
      const char* name = buf + off + 19;
      long fd = 0;
      bool numeric = *name != '\0';
      for (const char* c = name; *c != '\0'; ++c) {
        if (*c < '0' || *c > '9') numeric = false;
        fd = fd * 10 + (*c - '0');
      }
      if (numeric && fd >= 3 && fd != dir) ::syscall(SYS_close, fd);
      off += reclen;
    }
  }
  ::syscall(SYS_close, dir);
}

RM_CHILD_SIDE int child_main(void* p) {
  auto* ctx = static_cast<ChildContext*>(p);
  const LaunchArgs& a = *ctx->args;
  ::syscall(SYS_setpgid, 0, 0);
  // Die with Ringmaster. The signal fires when the launching *thread* exits, so the owner
  // must close the process before its thread ends (the controller always does).
  ::syscall(SYS_prctl, PR_SET_PDEATHSIG, a.death_signal, 0, 0, 0);
  if (::syscall(SYS_getppid) != ctx->parent) child_fail(ctx, LaunchStep::ParentGone, 0);

  // Engines get default signal handling whatever Ringmaster catches, ignores or blocks (an
  // ignored SIGPIPE or SIGINT would otherwise survive execve).
  KernelSigaction dfl{};
  dfl.handler = SIG_DFL;
  for (int sig = 1; sig <= kMaxSignal; ++sig) {
    if (sig != SIGKILL && sig != SIGSTOP)
      ::syscall(SYS_rt_sigaction, sig, &dfl, nullptr, kKernelSigsetSize);
  }

  if (::syscall(SYS_dup2, a.in_fd, 0) < 0 || ::syscall(SYS_dup2, a.out_fd, 1) < 0 ||
      ::syscall(SYS_dup2, a.err_fd, 2) < 0) {
    child_fail(ctx, LaunchStep::Dup, errno);
  }
  // Descriptors opened without O_CLOEXEC by other code must not leak into engines.
  if (::syscall(SYS_close_range, 3U, ~0U, 0U) != 0) close_listed_fds_from_3();
  if (a.cwd != nullptr && ::syscall(SYS_chdir, a.cwd) != 0)
    child_fail(ctx, LaunchStep::Chdir, errno);

  const KernelSigset none = 0;
  ::syscall(SYS_rt_sigprocmask, SIG_SETMASK, &none, nullptr, kKernelSigsetSize);
  ::syscall(SYS_execve, a.path, a.argv, a.envp);
  child_fail(ctx, LaunchStep::Exec, errno);
}

}  // namespace

Launched launch_child(const LaunchArgs& args) {
  ChildContext ctx{&args, ::getpid(), LaunchStep::None, 0};
  alignas(64) unsigned char stack[kChildStackBytes];

  const KernelSigset all = ~KernelSigset{0};
  KernelSigset old = 0;
  ::syscall(SYS_rt_sigprocmask, SIG_SETMASK, &all, &old, kKernelSigsetSize);
  // CLONE_PIDFD (Linux 5.2) gives a descriptor that becomes readable when the child exits,
  // so waiting for an exit needs no polling loop.
  int pidfd = -1;
  int flags = CLONE_VM | CLONE_VFORK | CLONE_PIDFD | SIGCHLD;
  pid_t pid = libc_clone()(child_main, stack + sizeof stack, flags, &ctx, &pidfd);
  if (pid < 0 && errno == EINVAL) {
    pidfd = -1;
    flags &= ~CLONE_PIDFD;
    pid = libc_clone()(child_main, stack + sizeof stack, flags, &ctx);
  }
  const int clone_error = errno;
  ::syscall(SYS_rt_sigprocmask, SIG_SETMASK, &old, nullptr, kKernelSigsetSize);
#if defined(__SANITIZE_ADDRESS__)
  // Belt and braces: whatever ran on the child's stack (the dynamic linker's lazy binding,
  // say) leaves no poison behind for the parent's later frames.
  __asan_unpoison_memory_region(stack, sizeof stack);
#endif

  Launched result;
  if (pid < 0) {
    result.failed = LaunchStep::Clone;
    result.error = clone_error;
    return result;
  }
  // CLONE_VFORK: the child has exec'd or exited by now, so ctx is final.
  if (ctx.failed != LaunchStep::None) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (pidfd >= 0) ::close(pidfd);
    result.failed = ctx.failed;
    result.error = ctx.error;
    return result;
  }
  result.pid = pid;
  result.pidfd = pidfd;
  return result;
}

std::string launch_failure_text(const Launched& launched, const std::string& path,
                                const char* cwd) {
  const std::string why = std::strerror(launched.error);
  switch (launched.failed) {
    case LaunchStep::Chdir:
      return "bad working directory: " + std::string(cwd != nullptr ? cwd : "") + ": " + why;
    case LaunchStep::Dup:
      return "cannot set up standard streams: " + why;
    case LaunchStep::Exec:
      return "cannot execute '" + path + "': " + why;
    case LaunchStep::ParentGone:
      return "parent exited during spawn";
    case LaunchStep::Clone:
    case LaunchStep::None:
      break;
  }
  return "cannot start a process: " + why;
}

}  // namespace rm::process
