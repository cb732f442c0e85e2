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

#include "ringmaster/run/recent_game_window.hpp"
#include "ringmaster/run/report_inputs.hpp"
#include "ringmaster/serve/competition_finder.hpp"

namespace rm::serve {

struct Snapshot {
  FoundCompetition found;
  std::string type;  // "" when the control file could not be read
  std::string description;
  std::string status;  // "running", "stopped", "finished" or "error"
  std::string error;   // why, with status "error" (a bad control file, a damaged db)
  // The JSON report's games_played (a tuner's tuning games), of games_total: the games of
  // that kind the event plays, the report header's number_of_games when it names one
  // (nullopt: no limit).
  int games_played = 0;
  std::optional<int> games_total;
  // A tuner's validation games, counted apart: finished, and of how many (nullopt: no limit).
  // Both nullopt for an event that plays none.
  std::optional<long> validation_played;
  std::optional<long> validation_total;
  std::vector<std::string> headline;  // the live view's "= Now =" lines
  nlohmann::json report;              // `show --json`'s report (null with an error)
  std::string report_html;            // the HTML report (empty with an error)
  std::string taken_at;               // UTC, "2026-11-28 00:12:03"
  std::uint64_t version = 0;          // unique to this snapshot in this process (ETags)
};

// Reads the competition now. Never throws: a failure is status "error". With a `window`
// (kept between reads of this competition) only the games committed since its last read are
// read from the store; the snapshot is the same as without
// (tests/serve/serve_incremental_test.cpp).
Snapshot take_snapshot(const FoundCompetition& found, rm::run::RecentGameWindow* window = nullptr);

// The files whose change means a new snapshot: the control file, the database and its WAL
// (size and time), and whether a run holds the lock.
std::string file_signature(const FoundCompetition& found);

// How many of the last games the first read of a competition takes for its page's plots
// (then all of the HTML report's kHtmlReportGames, in the background): parsing 20,000 stored
// results was most of a first read's 0.2-1 s at a million games.
constexpr int kFirstReadGames = 2'000;

// Keeps each competition's last snapshot. The first request for a competition reads it (and
// waits; the first read takes only the last kFirstReadGames games); after that a request
// never waits for a read: when the files have changed it gets the snapshot it has while one
// background thread reads the new one (stale while revalidating), so a page of a
// million-game competition comes in milliseconds, one read behind. Each competition keeps
// the games its last read took (a RecentGameWindow), so that a new read takes from the
// store only the games committed since.
class SnapshotCache {
 public:
  // The first read of a competition takes only its last `first_read_games` games.
  explicit SnapshotCache(int first_read_games = kFirstReadGames);
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
    // The last games read, so that a new read takes only those committed since; held by
    // one read at a time (a first read and a background one may overlap).
    std::mutex window_mutex;
    rm::run::RecentGameWindow window{rm::run::kHtmlReportGames};
  };
  static Snapshot read_with_window(const FoundCompetition& found, Entry& entry);
  void queue_read(const FoundCompetition& found, const std::shared_ptr<Entry>& entry);
  void refresh_loop();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::map<std::string, std::shared_ptr<Entry>> entries_;  // by control file path
  std::deque<std::pair<FoundCompetition, std::shared_ptr<Entry>>> queue_;
  bool stopping_ = false;
  int first_read_games_;
  std::thread refresher_;  // last: started once the rest is made
};

}  // namespace rm::serve
