// One competition as `ringmaster serve` shows it, read the way `show --json` and `report`
// read it (the store opened read-only, no lock, nothing written), and a cache that reads it
// again only when its files changed.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
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

// Keeps each competition's last snapshot. The first request for a competition reads it (and
// waits); after that a request never waits for a read: when the files have changed it gets
// the snapshot it has while one background thread reads the new one (stale while
// revalidating), so a page of a million-game competition comes in milliseconds, one read
// behind.
class SnapshotCache {
 public:
  SnapshotCache();
  ~SnapshotCache();  // waits for a read in progress
  SnapshotCache(const SnapshotCache&) = delete;
  SnapshotCache& operator=(const SnapshotCache&) = delete;

  std::shared_ptr<const Snapshot> get(const FoundCompetition& found);

 private:
  struct Entry {
    std::mutex mutex;  // held while a first read is made
    std::string signature;
    std::shared_ptr<const Snapshot> snapshot;
    bool queued = false;  // a background read is wanted or going on
  };
  void refresh_loop();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::map<std::string, std::shared_ptr<Entry>> entries_;  // by control file path
  std::deque<std::pair<FoundCompetition, std::shared_ptr<Entry>>> queue_;
  bool stopping_ = false;
  std::thread refresher_;
};

}  // namespace rm::serve
