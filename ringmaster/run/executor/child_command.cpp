#include "ringmaster/run/executor/child_command.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

#include "engine/process/child_launch.hpp"
#include "engine/process/process.hpp"

namespace rm::run {
namespace {

using Clock = std::chrono::steady_clock;

struct Pipe {
  int fd[2] = {-1, -1};
  bool open() { return ::pipe2(fd, O_CLOEXEC) == 0; }
  void close_end(int i) {
    if (fd[i] >= 0) ::close(fd[i]);
    fd[i] = -1;
  }
  ~Pipe() {
    close_end(0);
    close_end(1);
  }
};

void append_bounded(std::string& to, const char* data, std::size_t n, std::size_t max,
                    std::size_t* dropped) {
  std::size_t room = to.size() < max ? max - to.size() : 0;
  std::size_t take = n < room ? n : room;
  to.append(data, take);
  if (dropped != nullptr) *dropped += n - take;
}

}  // namespace

std::string ChildOutcome::describe() const {
  if (!spawn_error.empty()) return spawn_error;
  if (exited_normally) return "exit status " + std::to_string(exit_code);
  return "killed by signal " + std::to_string(term_signal);
}

ChildOutcome run_child(const std::vector<std::string>& argv, const std::string& input,
                       const ChildStop& stop, std::size_t max_out, std::size_t max_err) {
  ChildOutcome outcome;
  if (argv.empty()) {
    outcome.spawn_error = "empty command";
    return outcome;
  }
  Pipe in, out, err;
  if (!in.open() || !out.open() || !err.open()) {
    outcome.spawn_error = std::string("cannot make pipes: ") + std::strerror(errno);
    return outcome;
  }
  const auto path = rm::process::resolve_executable(argv[0]);
  if (!path) {
    outcome.spawn_error = "cannot find executable '" + argv[0] + "'";
    return outcome;
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  rm::process::LaunchArgs launch;
  launch.in_fd = in.fd[0];
  launch.out_fd = out.fd[1];
  launch.err_fd = err.fd[1];
  launch.path = path->c_str();
  launch.argv = args.data();
  launch.envp = ::environ;
  launch.death_signal = SIGTERM;  // see child_command.hpp
  const rm::process::Launched launched = rm::process::launch_child(launch);
  if (launched.pid < 0) {
    outcome.spawn_error = rm::process::launch_failure_text(launched, *path, nullptr);
    return outcome;
  }
  if (launched.pidfd >= 0) ::close(launched.pidfd);  // waited for with waitpid below
  const pid_t pid = launched.pid;
  in.close_end(0);
  out.close_end(1);
  err.close_end(1);
  ::fcntl(in.fd[1], F_SETFL, O_NONBLOCK);

  std::size_t written = 0;
  if (input.empty()) in.close_end(1);
  const auto started = Clock::now();
  enum class Phase { Running, Terminated, FellBack, Killed } phase = Phase::Running;
  Clock::time_point phase_since{};
  bool reaped = false;
  int status = 0;
  char buffer[65536];
  for (;;) {
    // Stop sequence: SIGTERM, then the fallback, then SIGKILL.
    const auto now = Clock::now();
    const bool want_stop = (stop.abort != nullptr && stop.abort->load()) ||
                           (stop.time_limit.count() > 0 && now - started >= stop.time_limit);
    if (!reaped && want_stop && phase == Phase::Running) {
      ::kill(-pid, SIGTERM);
      outcome.stopped = true;
      phase = Phase::Terminated;
      phase_since = now;
    } else if (!reaped && phase == Phase::Terminated && now - phase_since >= stop.term_grace) {
      if (stop.fallback) stop.fallback();
      phase = Phase::FellBack;
      phase_since = Clock::now();
    } else if (!reaped && phase == Phase::FellBack && now - phase_since >= stop.kill_grace) {
      ::kill(-pid, SIGKILL);
      phase = Phase::Killed;
    }
    if (!reaped) {
      pid_t r = ::waitpid(pid, &status, WNOHANG);
      if (r == pid) reaped = true;
    }
    pollfd fds[3];
    int n = 0;
    int out_index = -1, err_index = -1, in_index = -1;
    if (out.fd[0] >= 0) fds[out_index = n++] = {out.fd[0], POLLIN, 0};
    if (err.fd[0] >= 0) fds[err_index = n++] = {err.fd[0], POLLIN, 0};
    if (in.fd[1] >= 0) fds[in_index = n++] = {in.fd[1], POLLOUT, 0};
    if (n == 0 && reaped) break;
    if (n == 0) {
      // Output closed but the child still runs: wait for it a little at a time.
      ::usleep(20'000);
      continue;
    }
    int ready = ::poll(fds, static_cast<nfds_t>(n), 50);
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) {
      // Descendants may keep the pipes open after the child is gone; once it is reaped and
      // quiet, stop listening.
      if (reaped && in_index < 0) break;
      continue;
    }
    if (in_index >= 0 && (fds[in_index].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t w = ::write(in.fd[1], input.data() + written, input.size() - written);
      if (w > 0) written += static_cast<std::size_t>(w);
      if ((w < 0 && errno != EAGAIN && errno != EINTR) || written == input.size()) in.close_end(1);
    }
    for (int which : {out_index, err_index}) {
      if (which < 0 || !(fds[which].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Pipe& p = which == out_index ? out : err;
      ssize_t got = ::read(p.fd[0], buffer, sizeof buffer);
      if (got > 0) {
        if (which == out_index)
          append_bounded(outcome.out, buffer, static_cast<std::size_t>(got), max_out, nullptr);
        else
          append_bounded(outcome.err, buffer, static_cast<std::size_t>(got), max_err,
                         &outcome.err_dropped);
      } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
        p.close_end(0);
      }
    }
  }
  if (!reaped) {
    ::kill(-pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  if (WIFEXITED(status)) {
    outcome.exited_normally = true;
    outcome.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    outcome.term_signal = WTERMSIG(status);
  }
  return outcome;
}

}  // namespace rm::run
