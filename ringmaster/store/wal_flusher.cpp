#include "ringmaster/store/wal_flusher.hpp"

#include <fcntl.h>
#include <unistd.h>

namespace rm::store::detail {

WalFlusher::WalFlusher(const std::string& wal_path) : wal_path_(wal_path) {}

WalFlusher::~WalFlusher() {
  if (fd_ < 0) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
  ::close(fd_);
}

void WalFlusher::committed() {
  if (fd_ < 0) {
    // SQLite creates the WAL at the first write transaction; it stays until the last
    // connection closes.
    fd_ = ::open(wal_path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) return;
    thread_ = std::thread([this] { run(); });
  }
  {
    std::lock_guard lock(mutex_);
    ++committed_;
  }
  wake_.notify_one();
}

void WalFlusher::wait_until_flushed() {
  if (fd_ < 0) return;
  std::unique_lock lock(mutex_);
  const auto target = committed_;
  flushed_.wait(lock, [&] { return flushed_count_ >= target; });
}

void WalFlusher::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || committed_ > flushed_count_; });
    if (committed_ == flushed_count_ && stopping_) return;
    const auto target = committed_;
    lock.unlock();
    // fdatasync on any descriptor of the file flushes every write made to it, SQLite's too.
    // An error here (the disk is gone) is SQLite's to report at the next commit or checkpoint.
    ::fdatasync(fd_);
    lock.lock();
    flushed_count_ = target;
    flushed_.notify_all();
  }
}

}  // namespace rm::store::detail
