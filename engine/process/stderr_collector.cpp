#include "engine/process/stderr_collector.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

namespace rm::process::detail {

StderrCollector::StderrCollector(int read_fd, int sink_fd) : read_fd_(read_fd), sink_fd_(sink_fd) {
  if (::pipe2(stop_pipe_, O_CLOEXEC) != 0) {
    stop_pipe_[0] = stop_pipe_[1] = -1;  // stop() then relies on EOF only
  }
  thread_ = std::thread([this] { run(); });
}

StderrCollector::~StderrCollector() {
  stop();
  if (sink_fd_ > 2) ::close(sink_fd_);
  for (int fd : stop_pipe_)
    if (fd >= 0) ::close(fd);
}

void StderrCollector::stop() {
  if (!thread_.joinable()) return;
  if (stop_pipe_[1] >= 0) {
    const char byte = 'x';
    while (::write(stop_pipe_[1], &byte, 1) < 0 && errno == EINTR) {
    }
  }
  thread_.join();
}

std::string StderrCollector::tail() const {
  std::lock_guard lock(mutex_);
  return tail_;
}

bool StderrCollector::wait_for_eof(double max_s) {
  std::unique_lock lock(mutex_);
  return eof_cv_.wait_for(lock, std::chrono::duration<double>(max_s), [this] { return at_eof_; });
}

void StderrCollector::append(const char* data, std::size_t n) {
  if (sink_fd_ >= 0) {
    std::size_t done = 0;
    while (done < n) {
      const ssize_t w = ::write(sink_fd_, data + done, n - done);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) break;  // a failing log file must not stop the draining
      done += static_cast<std::size_t>(w);
    }
  }
  std::lock_guard lock(mutex_);
  tail_.append(data, n);
  if (tail_.size() > tail_capacity) tail_.erase(0, tail_.size() - tail_capacity);
}

void StderrCollector::run() {
  char buf[8192];
  bool stopping = false;
  // After stop(), a process outside the group could still flood the pipe: drain a bounded
  // amount only.
  std::size_t drained_after_stop = 0;
  constexpr std::size_t max_drain_after_stop = 1 << 20;
  while (true) {
    pollfd fds[2] = {{read_fd_, POLLIN, 0}, {stop_pipe_[0], POLLIN, 0}};
    const nfds_t nfds = stop_pipe_[0] >= 0 && !stopping ? 2 : 1;
    // When stopping, only drain what is already there (timeout 0).
    const int r = ::poll(fds, nfds, stopping ? 0 : -1);
    if (r < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (r == 0) break;  // stopping and nothing left
    if (nfds == 2 && (fds[1].revents & POLLIN)) stopping = true;
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      const ssize_t n = ::read(read_fd_, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;  // EOF (every writer has gone) or an error
      append(buf, static_cast<std::size_t>(n));
      if (stopping) {
        drained_after_stop += static_cast<std::size_t>(n);
        if (drained_after_stop > max_drain_after_stop) break;
      }
    }
  }
  ::close(read_fd_);
  read_fd_ = -1;
  {
    std::lock_guard lock(mutex_);
    at_eof_ = true;
  }
  eof_cv_.notify_all();
}

}  // namespace rm::process::detail
