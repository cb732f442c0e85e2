#include "engine/process/stderr_collector.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>

#include "engine/process/saturating_duration.hpp"

namespace rm::process::detail {

namespace {

void write_all(int fd, const char* data, std::size_t n) {
  std::size_t done = 0;
  while (done < n) {
    const ssize_t w = ::write(fd, data + done, n - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) break;  // a failing log file must not stop the draining
    done += static_cast<std::size_t>(w);
  }
}

}  // namespace

void StderrStream::append(const char* data, std::size_t n) {
  if (sink_fd >= 0) {
    // A chatty engine must not fill the disk through the log: past the limit, only count.
    std::size_t allowed = n;
    if (sink_limit > 0) allowed = std::min(n, sink_limit - std::min(sink_limit, sink_written));
    write_all(sink_fd, data, allowed);
    sink_written += allowed;
    dropped += n - allowed;
  }
  std::lock_guard lock(tail_mutex);
  tail.append(data, n);
  if (tail.size() > tail_capacity) tail.erase(0, tail.size() - tail_capacity);
}

long StderrStream::read_some(char* buf, std::size_t size) {
  while (true) {
    const ssize_t n = ::read(fd, buf, size);
    if (n > 0) {
      append(buf, static_cast<std::size_t>(n));
      return n;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return 0;  // nothing more for now
    return -1;                               // EOF (every writer has gone) or an error
  }
}

void StderrStream::close_at_eof() {
  if (fd >= 0) ::close(fd);
  fd = -1;
  if (dropped > 0 && sink_fd >= 0) {
    const std::string note = "\n[ringmaster: " + (name.empty() ? std::string("engine") : name) +
                             ": " + std::to_string(dropped) +
                             " more bytes of stderr dropped (at most " +
                             std::to_string(sink_limit) + " bytes are kept per game)]\n";
    write_all(sink_fd, note.data(), note.size());
    dropped = 0;
  }
  {
    std::lock_guard lock(tail_mutex);
    at_eof = true;
  }
  eof_cv.notify_all();
}

StderrCollector::StderrCollector(int read_fd, int sink_fd, std::size_t sink_limit, std::string name)
    : stream_(std::make_shared<StderrStream>()) {
  stream_->sink_limit = sink_limit;
  stream_->name = std::move(name);
  // Non-blocking, so that stop() can drain what is left without ever waiting.
  ::fcntl(read_fd, F_SETFL, O_NONBLOCK);
  stream_->fd = read_fd;
  stream_->sink_fd = sink_fd;
  drainer_add(stream_);
}

StderrCollector::~StderrCollector() {
  stop();
  if (stream_->sink_fd > 2) ::close(stream_->sink_fd);
}

void StderrCollector::stop() {
  StderrStream& s = *stream_;
  std::lock_guard io(s.io_mutex);
  if (s.fd < 0) return;
  drainer_remove(s);
  // A process outside the group could still flood the pipe: drain a bounded amount only.
  char buf[8192];
  std::size_t drained = 0;
  constexpr std::size_t max_drain_after_stop = 1 << 20;
  while (drained <= max_drain_after_stop) {
    const long n = s.read_some(buf, sizeof buf);
    if (n <= 0) break;
    drained += static_cast<std::size_t>(n);
  }
  s.close_at_eof();
}

std::string StderrCollector::tail() const {
  std::lock_guard lock(stream_->tail_mutex);
  return stream_->tail;
}

bool StderrCollector::wait_for_eof(double max_s) {
  std::unique_lock lock(stream_->tail_mutex);
  return stream_->eof_cv.wait_for(lock, saturating_duration(max_s),
                                  [this] { return stream_->at_eof; });
}

}  // namespace rm::process::detail
