// A run that stops before it starts playing (a failed startup check, a bad option) must leave
// nothing behind that it created: taking the lock creates <code>.lock and opening the store
// creates <code>.db. The guard notes which of the competition's files exist when it is made
// and, unless keep() is called, removes the ones that appeared since.
#pragma once

#include <string>
#include <vector>

#include "ringmaster/run/competition_paths.hpp"

namespace rm::run {

class NewFilesGuard {
 public:
  explicit NewFilesGuard(const CompetitionPaths& paths);
  ~NewFilesGuard();
  NewFilesGuard(const NewFilesGuard&) = delete;
  NewFilesGuard& operator=(const NewFilesGuard&) = delete;

  void keep() { keep_ = true; }

 private:
  std::vector<std::string> absent_;  // files that did not exist when the guard was made
  bool keep_ = false;
};

}  // namespace rm::run
