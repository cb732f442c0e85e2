// The competitions `ringmaster serve` shows: every control file under the given directories
// with a database beside it (<code>.db), found again at most every few seconds so that a
// competition started later appears.
#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <vector>

namespace rm::serve {

struct FoundCompetition {
  std::string id;            // in URLs: the code, made of [A-Za-z0-9_-], unique ("-2"...)
  std::string code;          // the control file's stem
  std::string control_file;  // its path
};

// Looks `max_depth` directories down each of `dirs` (not into a competition's own
// directories: <code>.games/, .void/, .gtplogs/, .candidates/, nor hidden ones). Sorted by
// path; unreadable directories are skipped.
std::vector<FoundCompetition> find_competitions(const std::vector<std::string>& dirs,
                                                int max_depth = 4);

class CompetitionFinder {
 public:
  explicit CompetitionFinder(std::vector<std::string> dirs) : dirs_(std::move(dirs)) {}
  std::vector<FoundCompetition> competitions();  // rescanned when older than 2 s
  const std::vector<std::string>& dirs() const { return dirs_; }

 private:
  std::vector<std::string> dirs_;
  std::mutex mutex_;
  std::vector<FoundCompetition> found_;
  std::chrono::steady_clock::time_point scanned_{};
  bool scanned_once_ = false;
};

}  // namespace rm::serve
