#include "ringmaster/run/new_files_guard.hpp"

#include <filesystem>

namespace rm::run {

NewFilesGuard::NewFilesGuard(const CompetitionPaths& paths) {
  std::error_code ec;
  // SQLite's companion files belong to a database that did not exist: removed with it (the
  // caller has closed the store by then). Those of an existing database are left alone.
  if (!std::filesystem::exists(paths.db, ec))
    absent_ = {paths.db, paths.db + "-wal", paths.db + "-shm", paths.db + "-journal"};
  // The lock last, once nothing else is left to remove.
  if (!std::filesystem::exists(paths.lock, ec)) absent_.push_back(paths.lock);
}

NewFilesGuard::~NewFilesGuard() {
  if (keep_) return;
  for (const auto& path : absent_) {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
}

}  // namespace rm::run
