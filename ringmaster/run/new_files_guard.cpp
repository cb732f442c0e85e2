#include "ringmaster/run/new_files_guard.hpp"

#include <filesystem>
#include <utility>

namespace rm::run {

NewFilesGuard::NewFilesGuard(rm::store::RunLock lock, const CompetitionPaths& paths)
    : lock_(std::move(lock)) {
  std::error_code ec;
  // SQLite's companion files belong to a database that did not exist: removed with it. Those
  // of an existing database are left alone.
  if (!std::filesystem::exists(paths.db, ec))
    new_files_ = {paths.db, paths.db + "-wal", paths.db + "-shm", paths.db + "-journal"};
}

NewFilesGuard::~NewFilesGuard() {
  if (keep_) return;
  for (const auto& path : new_files_) {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
  // The lock file last, still locked while it goes: see run_lock.hpp.
  if (lock_.created()) lock_.remove_file_and_release();
}

}  // namespace rm::run
