// A run that stops before it starts playing (a failed startup check, a bad option) must leave
// nothing behind that it created: taking the lock may create <code>.lock and opening the
// store creates <code>.db. The guard holds the competition's lock; made once the lock is held,
// it notes whether the database exists (no other process can create it then) and, unless
// keep() is called, on destruction removes the database it saw appear and the lock file if
// this process created it, all before the lock is released. A starter that lost the race for
// the lock never gets a guard, so it removes nothing.
#pragma once

#include <string>
#include <vector>

#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/store/run_lock.hpp"

namespace rm::run {

class NewFilesGuard {
 public:
  NewFilesGuard(rm::store::RunLock lock, const CompetitionPaths& paths);
  // The caller closes the store first (it is declared after the guard).
  ~NewFilesGuard();
  NewFilesGuard(const NewFilesGuard&) = delete;
  NewFilesGuard& operator=(const NewFilesGuard&) = delete;

  const rm::store::RunLock& lock() const { return lock_; }
  void keep() { keep_ = true; }

 private:
  rm::store::RunLock lock_;
  std::vector<std::string> new_files_;  // the database's files, if it did not exist
  bool keep_ = false;
};

}  // namespace rm::run
