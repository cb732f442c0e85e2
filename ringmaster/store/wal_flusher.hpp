// Durability without an fsync in the commit path. The store commits with synchronous=NORMAL:
// COMMIT returns once the transaction is written to the WAL (in the page cache), so a
// committed game survives a kill or crash of Ringmaster at once. What NORMAL alone gives up
// is a power loss or OS crash shortly after a commit; this thread closes that window: each
// commit wakes it, and it fdatasyncs the WAL file, so a game is on disk a few ms after its
// commit (one fsync for any number of commits that arrived meanwhile) while the run loop
// goes on. A power loss can only lose games committed within the last fsync (they are then
// replayed: the state in the database is always that of its last durable game).
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace rm::store::detail {

class WalFlusher {
 public:
  // `wal_path`: the database's -wal file (opened at the first commit).
  explicit WalFlusher(const std::string& wal_path);
  ~WalFlusher();  // flushes what is pending, then stops
  WalFlusher(const WalFlusher&) = delete;
  WalFlusher& operator=(const WalFlusher&) = delete;

  // A transaction was committed: flush it soon. Never blocks on the disk.
  void committed();
  // Waits until every commit so far is on disk (for tests and before a clean exit).
  void wait_until_flushed();

 private:
  void run();

  std::string wal_path_;
  int fd_ = -1;  // opened at the first commit; while -1, nothing to flush
  std::mutex mutex_;
  std::condition_variable wake_, flushed_;
  unsigned long long committed_ = 0, flushed_count_ = 0;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace rm::store::detail
