// One competition as `ringmaster serve` shows it, read the way `show --json` and `report`
// read it (the store opened read-only, no lock, nothing written), and a cache that reads it
// again only when its files changed.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/serve/competition_finder.hpp"

namespace rm::serve {

struct Snapshot {
  FoundCompetition found;
  std::string type;  // "" when the control file could not be read
  std::string description;
  std::string status;  // "running", "stopped", "finished" or "error"
  std::string error;   // why, with status "error" (a bad control file, a damaged db)
  int games_played = 0;
  std::optional<int> games_total;     // nullopt: no limit
  std::vector<std::string> headline;  // the live view's "= Now =" lines
  nlohmann::json report;              // `show --json`'s report (null with an error)
  std::string report_html;            // the HTML report (empty with an error)
  std::string taken_at;               // UTC, "2026-11-28 00:12:03"
  std::uint64_t version = 0;          // unique to this snapshot in this process (ETags)
};

// Reads the competition now. Never throws: a failure is status "error".
Snapshot take_snapshot(const FoundCompetition& found);

// The files whose change means a new snapshot: the control file, the database and its WAL
// (size and time), and whether a run holds the lock.
std::string file_signature(const FoundCompetition& found);

class SnapshotCache {
 public:
  // The competition's snapshot: the cached one while its files have not changed, else a new
  // one (at most one reader at a time per competition; others wait and share it).
  std::shared_ptr<const Snapshot> get(const FoundCompetition& found);

 private:
  struct Entry {
    std::mutex mutex;
    std::string signature;
    std::shared_ptr<const Snapshot> snapshot;
  };
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Entry>> entries_;  // by control file path
};

}  // namespace rm::serve
