// The one thread that drains every engine's stderr pipe: epoll over all of them. It runs
// with every signal blocked (it must never run Ringmaster's handlers in place of the thread
// they are meant for) and lives until the process exits.
#include <signal.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <thread>
#include <unordered_map>

#include "engine/process/stderr_collector.hpp"

namespace rm::process::detail {

namespace {

class Drainer {
 public:
  Drainer() : epoll_fd_(::epoll_create1(EPOLL_CLOEXEC)) {
    sigset_t all, old;
    ::sigfillset(&all);
    ::pthread_sigmask(SIG_SETMASK, &all, &old);  // inherited by the new thread
    std::thread([this] { run(); }).detach();
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
  }

  void add(const std::shared_ptr<StderrStream>& stream) {
    std::lock_guard lock(mutex_);
    const std::uint64_t id = next_id_++;
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u64 = id;
    if (::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, stream->fd, &ev) != 0) return;  // stop() still drains
    streams_[id] = stream;
    ids_[stream.get()] = id;
  }

  void remove(StderrStream& stream) {
    std::lock_guard lock(mutex_);
    const auto it = ids_.find(&stream);
    if (it == ids_.end()) return;
    ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, stream.fd, nullptr);
    streams_.erase(it->second);
    ids_.erase(it);
  }

 private:
  void run() {
    epoll_event events[16];
    char buf[65536];
    while (true) {
      const int n = ::epoll_wait(epoll_fd_, events, 16, -1);
      if (n < 0) {
        if (errno == EINTR) continue;
        return;  // cannot happen with a valid epoll fd
      }
      for (int i = 0; i < n; ++i) {
        std::shared_ptr<StderrStream> stream;
        {
          std::lock_guard lock(mutex_);
          const auto it = streams_.find(events[i].data.u64);
          if (it == streams_.end()) continue;  // removed since epoll_wait returned
          stream = it->second;
        }
        // Lock order: io_mutex, then mutex_ (remove); mutex_ is not held here.
        std::lock_guard io(stream->io_mutex);
        if (stream->fd < 0) continue;
        if (stream->read_some(buf, sizeof buf) < 0) {
          remove(*stream);
          stream->close_at_eof();
        }
      }
    }
  }

  int epoll_fd_;
  std::mutex mutex_;
  std::uint64_t next_id_ = 1;
  std::unordered_map<std::uint64_t, std::shared_ptr<StderrStream>> streams_;
  std::unordered_map<const StderrStream*, std::uint64_t> ids_;
};

Drainer& drainer() {
  // A child created by fork() has no drainer thread: it gets a fresh drainer. (The old one
  // is leaked on purpose: its thread, or its memory, may still be in use.)
  static std::mutex mutex;
  static Drainer* instance = nullptr;
  static pid_t owner = 0;
  std::lock_guard lock(mutex);
  const pid_t self = ::getpid();
  if (instance == nullptr || owner != self) {
    instance = new Drainer();
    owner = self;
  }
  return *instance;
}

}  // namespace

void drainer_add(const std::shared_ptr<StderrStream>& stream) {
  drainer().add(stream);
}

void drainer_remove(StderrStream& stream) {
  drainer().remove(stream);
}

}  // namespace rm::process::detail
