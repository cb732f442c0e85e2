// The competition's single-instance lock: an exclusive flock on <code>.lock, held for as long
// as the RunLock lives and released by the kernel if the process dies.
//
// The file may be removed (by the holder that created it, when a run gives up before it
// starts, and by `reset`), always while the lock is held. A starter that opened the old file
// before it was removed could then lock a file no longer in the directory, beside a starter
// that creates a new one; so after locking, the file locked must still be the one the path
// names, or the starter tries again.
//
// Between runs the file holds the seal of the database (seal.hpp); a run clears it when it
// opens the store and writes it again when it closes the store cleanly.
#pragma once

#include <string>

namespace rm::store {

class RunLock {
 public:
  // Takes the lock; throws StoreLocked ("competition is already running") if another process
  // holds it, StoreError if the file can't be opened.
  explicit RunLock(std::string path);
  ~RunLock();
  RunLock(RunLock&& other) noexcept;
  RunLock& operator=(RunLock&&) = delete;
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

  // Whether this process created the lock file (it did not exist when the lock was taken).
  bool created() const { return created_; }
  const std::string& path() const { return path_; }
  // Replaces the lock file's content (between runs, the seal a run left: seal.hpp); `durable`:
  // on disk before it returns. Throws StoreError.
  void replace_contents(const std::string& text, bool durable) const;
  // Removes the lock file while still holding the lock, then releases it. Returns 0, or the
  // errno of a failed removal.
  int remove_file_and_release();

 private:
  std::string path_;
  int fd_ = -1;
  bool created_ = false;
};

}  // namespace rm::store
