#include "ringmaster/store/run_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>
#include <utility>

#include "ringmaster/store/store.hpp"

namespace rm::store {
namespace {

// Opens the lock file, creating it if needed; `created` says whether this call created it.
// -1 with errno set on failure.
int open_lock_file(const std::string& path, bool& created) {
  for (;;) {
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0) {
      created = true;
      return fd;
    }
    if (errno != EEXIST) return -1;
    fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    // Removed between the two calls: create it again.
    if (fd >= 0 || errno != ENOENT) {
      created = false;
      return fd;
    }
  }
}

// flock(LOCK_EX | LOCK_NB), tried again for a short while when the lock is held: show and
// report probe it with a shared lock they release at once (seal.hpp), which must not make a
// run starting at that instant think that another run holds it. Returns 0 or an errno.
int lock_exclusively(int fd) {
  // 1 + 2 + 4 + 8 + 16 + 32 ms: far longer than a probe holds it (an open, a flock, a close),
  // short for a second run that is refused.
  int wait_ms = 1;
  for (;;) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return 0;
    const int error = errno;
    if (error != EWOULDBLOCK || wait_ms > 32) return error;
    std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
    wait_ms *= 2;
  }
}

bool names_same_file(int fd, const std::string& path) {
  struct stat held {
  }, named{};
  return ::fstat(fd, &held) == 0 && ::stat(path.c_str(), &named) == 0 &&
         held.st_dev == named.st_dev && held.st_ino == named.st_ino;
}

}  // namespace

RunLock::RunLock(std::string path) : path_(std::move(path)) {
  // Each retry follows a removal by a holder that has since let go; a bound stops a loop
  // against something else that keeps replacing the file.
  for (int attempt = 0; attempt < 1000; ++attempt) {
    bool created = false;
    const int fd = open_lock_file(path_, created);
    if (fd < 0) throw StoreError("cannot open lock file " + path_ + ": " + std::strerror(errno));
    if (const int error = lock_exclusively(fd); error != 0) {
      ::close(fd);
      if (error == EWOULDBLOCK) throw StoreLocked("competition is already running");
      throw StoreError("cannot lock " + path_ + ": " + std::strerror(error));
    }
    if (names_same_file(fd, path_)) {
      fd_ = fd;
      created_ = created;
      return;
    }
    ::close(fd);
  }
  throw StoreError("cannot lock " + path_ + ": the file keeps being replaced");
}

RunLock::RunLock(RunLock&& other) noexcept
    : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)), created_(other.created_) {}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the flock
}

void RunLock::replace_contents(const std::string& text, bool durable) const {
  if (fd_ < 0) return;
  if (::ftruncate(fd_, 0) != 0)
    throw StoreError("cannot write lock file " + path_ + ": " + std::strerror(errno));
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n =
        ::pwrite(fd_, text.data() + done, text.size() - done, static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw StoreError("cannot write lock file " + path_ + ": " + std::strerror(errno));
    done += static_cast<std::size_t>(n);
  }
  if (durable && ::fdatasync(fd_) != 0)
    throw StoreError("cannot write lock file " + path_ + ": " + std::strerror(errno));
}

int RunLock::remove_file_and_release() {
  if (fd_ < 0) return 0;
  const int error = ::unlink(path_.c_str()) == 0 ? 0 : errno;
  ::close(fd_);
  fd_ = -1;
  return error;
}

}  // namespace rm::store
