// Plain POSIX implementation of rm::process::Process: pipes with poll() deadlines, process
// groups, a pidfd to wait for the exit, wait4 for rusage. Starting the child (clone + execve,
// never a shell) is child_launch.cpp.
#include "engine/process/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <mutex>
#include <thread>

#include "engine/process/child_launch.hpp"
#include "engine/process/cpu_affinity.hpp"
#include "engine/process/group_wait.hpp"
#include "engine/process/saturating_duration.hpp"
#include "engine/process/stderr_collector.hpp"

extern char** environ;

namespace rm::process {

std::string ExitInfo::describe() const {
  if (exited_normally) return "exit status " + std::to_string(exit_code);
  std::string s = "killed by signal " + std::to_string(term_signal);
  if (const char* name = ::sigabbrev_np(term_signal)) s += std::string(" (SIG") + name + ")";
  return s;
}

namespace {

using Clock = Process::Clock;

std::string errno_text(int err) {
  return std::strerror(err);
}

// Moves fd to a number >= 3 (keeping O_CLOEXEC), so that dup2 onto 0/1/2 in the child
// can never clobber another pipe end.
int above_stdio(int fd) {
  if (fd >= 3) return fd;
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  ::close(fd);
  return moved;
}

bool make_pipe(int fds[2]) {
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  fds[0] = above_stdio(fds[0]);
  fds[1] = above_stdio(fds[1]);
  return fds[0] >= 0 && fds[1] >= 0;
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

std::optional<ExitInfo> exit_info_from(const siginfo_t& info) {
  if (info.si_pid == 0) return std::nullopt;
  ExitInfo e;
  if (info.si_code == CLD_EXITED) {
    e.exited_normally = true;
    e.exit_code = info.si_status;
  } else {
    e.term_signal = info.si_status;
  }
  return e;
}

}  // namespace

struct Process::Impl {
  pid_t pid = -1;
  int pidfd = -1;  // readable once the child has exited; -1 on kernels without CLONE_PIDFD
  int stdin_fd = -1;
  int stdout_fd = -1;
  std::string read_buffer;
  bool stdout_eof = false;
  // False when spinning was not allowed at spawn (set_read_spin_allowed), or when the
  // spawning thread was pinned to one CPU (the engine inherits that): the engine then needs
  // the very CPU a spinning reader would hold.
  bool may_spin = true;
  std::unique_ptr<detail::StderrCollector> stderr_collector;

  std::mutex reap_mutex;  // guards `reaped` against signal_group from other threads
  bool reaped = false;
  std::optional<CloseResult> close_result;

  ~Impl() {
    close_fd(stdin_fd);
    close_fd(stdout_fd);
    close_fd(pidfd);
  }

  std::optional<ExitInfo> peek_exit() {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0)
      return std::nullopt;
    return exit_info_from(info);
  }

  // Waits up to max_s for the leader to exit (not reaping it). With a pidfd the wait ends
  // as soon as it exits; without one (old kernels) it polls with a growing sleep.
  bool wait_exit(double max_s, const std::atomic<bool>* abort = nullptr) {
    const auto deadline = Clock::now() + saturating_duration(max_s);
    auto step = std::chrono::microseconds(500);
    while (true) {
      if (peek_exit()) return true;
      if (abort != nullptr && abort->load()) return false;
      const auto now = Clock::now();
      if (now >= deadline) return false;
      if (pidfd >= 0) {
        auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) +
                    std::chrono::milliseconds(1);
        if (abort != nullptr) wait = std::min(wait, std::chrono::milliseconds(50));
        pollfd pfd{pidfd, POLLIN, 0};
        ::poll(&pfd, 1, static_cast<int>(std::min<long long>(wait.count(), INT_MAX)));
        continue;
      }
      std::this_thread::sleep_for(std::min<Clock::duration>(step, deadline - now));
      step = std::min(step * 2, std::chrono::microseconds(20000));
    }
  }

  void kill_group(int sig) {
    std::lock_guard lock(reap_mutex);
    // While the leader is unreaped (even a zombie) its pid, and so the group id, cannot be
    // reused, so this never hits an unrelated process.
    if (!reaped) ::kill(-pid, sig);
  }

  // Fills the buffer with whatever is readable, waiting at most until `deadline`. The pidfd
  // is watched with the pipe: an engine that exits while a child it forked still holds its
  // stdout would otherwise give no EOF, and the read would wait for the whole deadline.
  // Output already in the pipe is read even when the deadline has passed (its sender kept
  // the deadline; the reader was late, e.g. closing another engine first).
  IoStatus fill(Clock::time_point deadline, const std::atomic<bool>* abort, std::string& error,
                Clock::duration spin) {
    if (spin > Clock::duration::zero() && may_spin) {
      if (auto status = spin_read(std::min(deadline, Clock::now() + spin))) return *status;
    }
    while (true) {
      if (abort != nullptr && abort->load()) return IoStatus::Aborted;
      const auto now = Clock::now();
      const bool late = now >= deadline;
      auto wait = late ? std::chrono::milliseconds(0)
                       : std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) +
                             std::chrono::milliseconds(1);
      if (abort != nullptr) wait = std::min(wait, std::chrono::milliseconds(50));
      pollfd pfds[2] = {{stdout_fd, POLLIN, 0}, {pidfd, POLLIN, 0}};
      const nfds_t count = pidfd >= 0 ? 2 : 1;
      const int r =
          ::poll(pfds, count, static_cast<int>(std::min<long long>(wait.count(), INT_MAX)));
      if (r < 0) {
        if (errno == EINTR) continue;
        error = "poll: " + errno_text(errno);
        return IoStatus::Failed;
      }
      if (r == 0 || pfds[0].revents == 0) {
        if (count == 2 && pfds[1].revents != 0) {
          // The leader has exited and its pipe holds nothing: everything it wrote before
          // exiting was already in the pipe, so nothing more can come from it.
          stdout_eof = true;
          return IoStatus::Eof;
        }
        if (late) return IoStatus::Timeout;
        continue;
      }
      char buf[65536];
      const ssize_t n = ::read(stdout_fd, buf, sizeof buf);
      if (n < 0) {
        if (errno == EINTR || errno == EAGAIN) continue;
        error = "read: " + errno_text(errno);
        return IoStatus::Failed;
      }
      if (n == 0) {
        stdout_eof = true;
        return IoStatus::Eof;
      }
      read_buffer.append(buf, static_cast<std::size_t>(n));
      return IoStatus::Ok;
    }
  }

  // Tries the (non-blocking) pipe until `until`: Ok or Eof once something came, nullopt when
  // nothing did (or on an error, which the poll loop then reports). Why: on a VM, sleeping
  // in poll() and being woken from another CPU costs tens of microseconds of wall and CPU
  // (an idle virtual CPU halts, and waking it is an exit to the host), more than asking
  // again for the few microseconds a fast engine takes to answer.
  std::optional<IoStatus> spin_read(Clock::time_point until) {
    char buf[65536];
    do {
      const ssize_t n = ::read(stdout_fd, buf, sizeof buf);
      if (n > 0) {
        read_buffer.append(buf, static_cast<std::size_t>(n));
        return IoStatus::Ok;
      }
      if (n == 0) {
        stdout_eof = true;
        return IoStatus::Eof;
      }
      if (errno != EAGAIN && errno != EINTR) return std::nullopt;
    } while (Clock::now() < until);
    return std::nullopt;
  }
};

namespace {
std::atomic<bool> spin_allowed{true};
}  // namespace

void set_read_spin_allowed(bool allowed) {
  spin_allowed = allowed;
}

bool read_spin_allowed() {
  return spin_allowed;
}

Process::Process(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Process::~Process() {
  if (impl_ && !impl_->close_result) close(CloseOptions{0.0, 0.0});
}

// What in the spec would be silently cut short or misread as C strings: a NUL anywhere, an
// environment name that is empty or holds '='. Control files and jobs refuse these already;
// this is the last line for any other caller.
namespace {
std::optional<std::string> unpassable(const ProcessSpec& spec) {
  auto has_nul = [](const std::string& s) { return s.find('\0') != std::string::npos; };
  for (const auto& a : spec.argv)
    if (has_nul(a)) return "a command argument contains a NUL character";
  if (has_nul(spec.cwd) || has_nul(spec.stderr_path)) return "a path contains a NUL character";
  for (const auto& [name, value] : spec.environ) {
    if (name.empty() || name.find('=') != std::string::npos || has_nul(name))
      return "invalid environment variable name";
    if (has_nul(value)) return "environment variable " + name + " contains a NUL character";
  }
  return std::nullopt;
}
}  // namespace

std::variant<std::unique_ptr<Process>, SpawnError> Process::spawn(const ProcessSpec& spec) {
  if (spec.argv.empty() || spec.argv[0].empty()) return SpawnError{"empty command"};
  if (auto problem = unpassable(spec)) return SpawnError{*problem};
  const std::string& argv0 = spec.argv[0];

  if (!spec.cwd.empty()) {
    struct stat st {};
    if (::stat(spec.cwd.c_str(), &st) != 0)
      return SpawnError{"bad working directory: " + spec.cwd + ": " + errno_text(errno)};
    if (!S_ISDIR(st.st_mode))
      return SpawnError{"bad working directory: " + spec.cwd + ": Not a directory"};
  }
  // A relative path is relative to the engine's working directory, as after chdir.
  std::string lookup = argv0;
  if (!spec.cwd.empty() && argv0.find('/') != std::string::npos && argv0[0] != '/')
    lookup = spec.cwd + "/" + argv0;
  const auto path = resolve_executable(lookup);
  if (!path) {
    if (argv0.find('/') != std::string::npos) {
      const int err = ::access(lookup.c_str(), X_OK) == 0 ? EACCES : errno;
      return SpawnError{"cannot execute '" + argv0 + "': " + errno_text(err)};
    }
    return SpawnError{"cannot find executable '" + argv0 +
                      "' (looked on PATH, beside the running executable and in /usr/games)"};
  }

  // Everything the child needs is prepared here: the child shares our memory until execve
  // and may only make raw system calls (other threads may hold malloc locks).
  std::vector<std::string> env_strings;
  {
    std::map<std::string, std::string> merged;
    for (char** e = ::environ; e != nullptr && *e != nullptr; ++e) {
      std::string entry = *e;
      const auto eq = entry.find('=');
      if (eq == std::string::npos) continue;
      merged[entry.substr(0, eq)] = entry.substr(eq + 1);
    }
    for (const auto& [k, v] : spec.environ) merged[k] = v;
    for (const auto& [k, v] : merged) env_strings.push_back(k + "=" + v);
  }
  std::vector<char*> envp;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<std::string> argv_strings = spec.argv;
  std::vector<char*> argv;
  for (auto& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  int sink_fd = -1;
  if (spec.stderr_mode == StderrMode::AppendToFile) {
    sink_fd = ::open(spec.stderr_path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (sink_fd < 0)
      return SpawnError{"cannot open stderr log file '" + spec.stderr_path +
                        "': " + errno_text(errno)};
  } else if (spec.stderr_mode == StderrMode::PassThrough) {
    sink_fd = 2;
  }

  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
  auto close_all = [&] {
    for (int* p : {in, out, err}) {
      close_fd(p[0]);
      close_fd(p[1]);
    }
    if (sink_fd > 2) ::close(sink_fd);
  };
  if (!make_pipe(in) || !make_pipe(out) || !make_pipe(err)) {
    const int e = errno;
    close_all();
    return SpawnError{"cannot create pipes: " + errno_text(e)};
  }

  LaunchArgs args;
  args.in_fd = in[0];
  args.out_fd = out[1];
  args.err_fd = err[1];
  args.cwd = spec.cwd.empty() ? nullptr : spec.cwd.c_str();
  args.path = path->c_str();
  args.argv = argv.data();
  args.envp = envp.data();
  args.death_signal = spec.death_signal;
  const Launched launched = launch_child(args);
  close_fd(in[0]);
  close_fd(out[1]);
  close_fd(err[1]);
  if (launched.pid < 0) {
    close_all();
    return SpawnError{launch_failure_text(launched, *path, args.cwd)};
  }
  const pid_t pid = launched.pid;

  ::fcntl(out[0], F_SETFL, O_NONBLOCK);  // a fresh pipe end has no other status flags
  auto impl = std::make_unique<Impl>();
  impl->pid = pid;
  impl->pidfd = launched.pidfd;
  impl->may_spin = read_spin_allowed() && allowed_cpus().size() != 1;
  impl->stdin_fd = in[1];
  impl->stdout_fd = out[0];
  impl->stderr_collector = std::make_unique<detail::StderrCollector>(
      err[0], sink_fd, spec.stderr_sink_limit, spec.stderr_name);
  return std::unique_ptr<Process>(new Process(std::move(impl)));
}

int Process::pid() const {
  return impl_->pid;
}

WriteResult Process::write_line(std::string_view line) {
  std::string data(line);
  data += '\n';
  return write_text(data);
}

WriteResult Process::write_text(std::string_view data) {
  if (impl_->stdin_fd < 0) return {IoStatus::Eof, "stdin already closed"};
  // A write to a pipe whose reader has gone raises SIGPIPE, which would kill Ringmaster.
  // Block it in this thread only, and consume the one our write raised, so the write just
  // fails with EPIPE and the process-wide disposition is untouched.
  sigset_t pipe_set, old_mask;
  ::sigemptyset(&pipe_set);
  ::sigaddset(&pipe_set, SIGPIPE);
  ::pthread_sigmask(SIG_BLOCK, &pipe_set, &old_mask);
  // Only a thread that already blocked SIGPIPE can have one pending for itself (an unblocked
  // one would have been delivered): then ours merges with it and must not be consumed. The
  // usual case needs no sigpending() call.
  bool was_pending = false;
  if (::sigismember(&old_mask, SIGPIPE) == 1) {
    sigset_t pending;
    ::sigpending(&pending);
    was_pending = ::sigismember(&pending, SIGPIPE) == 1;
  }
  WriteResult result;
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(impl_->stdin_fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EPIPE) {
        result.status = IoStatus::Eof;
        if (!was_pending) {
          const timespec zero{0, 0};
          ::sigtimedwait(&pipe_set, nullptr, &zero);
        }
      } else {
        result.status = IoStatus::Failed;
        result.error = "write: " + errno_text(errno);
      }
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  return result;
}

ReadResult Process::read_line(Clock::time_point deadline, std::size_t max_bytes,
                              const std::atomic<bool>* abort, Clock::duration spin) {
  ReadResult result;
  std::size_t scanned = 0;
  while (true) {
    auto& buf = impl_->read_buffer;
    const auto nl = buf.find('\n', scanned);
    if (nl != std::string::npos && nl <= max_bytes) {
      result.line = buf.substr(0, nl);
      buf.erase(0, nl + 1);
      return result;
    }
    if (buf.size() > max_bytes) {
      result.status = IoStatus::TooLong;
      return result;
    }
    scanned = buf.size();
    if (impl_->stdout_eof) {
      result.status = IoStatus::Eof;
      result.line = std::move(buf);
      buf.clear();
      return result;
    }
    const IoStatus s = impl_->fill(deadline, abort, result.error, spin);
    if (s != IoStatus::Ok && s != IoStatus::Eof) {
      result.status = s;
      return result;
    }
    spin = Clock::duration::zero();  // the rest of a line that has begun is on its way
  }
}

ReadResult Process::peek_byte(Clock::time_point deadline, const std::atomic<bool>* abort) {
  ReadResult result;
  while (impl_->read_buffer.empty()) {
    if (impl_->stdout_eof) {
      result.status = IoStatus::Eof;
      return result;
    }
    const IoStatus s = impl_->fill(deadline, abort, result.error, Clock::duration::zero());
    if (s != IoStatus::Ok && s != IoStatus::Eof) {
      result.status = s;
      return result;
    }
  }
  result.line = impl_->read_buffer.substr(0, 1);
  return result;
}

std::string Process::buffered_output(std::size_t max_bytes) const {
  return impl_->read_buffer.substr(0, max_bytes);
}

std::optional<ExitInfo> Process::exit_status_if_exited() {
  if (impl_->close_result) return impl_->close_result->exit;
  return impl_->peek_exit();
}

std::optional<ExitInfo> Process::wait_for_exit(double max_s, const std::atomic<bool>* abort) {
  if (impl_->close_result) return impl_->close_result->exit;
  impl_->wait_exit(max_s, abort);
  return impl_->peek_exit();
}

std::string Process::stderr_tail() const {
  return impl_->stderr_collector->tail();
}

void Process::settle_stderr(double max_s) {
  impl_->stderr_collector->wait_for_eof(max_s);
}

void Process::signal_group(int sig) {
  impl_->kill_group(sig);
}

bool Process::is_closed() const {
  return impl_->close_result.has_value();
}

CloseResult Process::close(const CloseOptions& options) {
  Impl& p = *impl_;
  if (p.close_result) return *p.close_result;
  CloseResult result;
  close_fd(p.stdin_fd);  // EOF on stdin: many engines exit on it even without `quit`
  bool exited = p.wait_exit(options.wait_s);
  if (!exited) {
    p.kill_group(SIGTERM);
    result.was_terminated = true;
    exited = p.wait_exit(options.term_grace_s);
  }
  if (!exited) {
    p.kill_group(SIGKILL);
    result.was_killed = true;
    // SIGKILL cannot be refused; the bound only guards against a kernel-stuck process.
    p.wait_exit(30.0);
  }
  // The engine's own children (same group) must not outlive it.
  p.kill_group(SIGKILL);
  {
    std::lock_guard lock(p.reap_mutex);
    int status = 0;
    rusage usage{};
    pid_t r;
    do {
      r = ::wait4(p.pid, &status, 0, &usage);
    } while (r < 0 && errno == EINTR);
    p.reaped = true;
    if (r == p.pid) {
      if (WIFEXITED(status)) {
        result.exit.exited_normally = true;
        result.exit.exit_code = WEXITSTATUS(status);
      } else if (WIFSIGNALED(status)) {
        result.exit.term_signal = WTERMSIG(status);
      }
      const auto seconds = [](const timeval& tv) {
        return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
      };
      result.rusage_cpu_s = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    }
  }
  // Children killed above may still be on their way out: wait until none runs, so that no
  // engine code outlives close(). Bounded: a process stuck in the kernel must not hang us.
  wait_until_group_stopped(p.pid, 2.0);
  close_fd(p.stdout_fd);
  p.stderr_collector->stop();
  p.close_result = result;
  return result;
}

}  // namespace rm::process
