#include "ringmaster/serve/snapshot.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <ctime>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/report/html/html_report.hpp"
#include "ringmaster/report/live_summary.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/recent_game_window.hpp"
#include "ringmaster/run/report_inputs.hpp"
#include "ringmaster/run/stop_file.hpp"

namespace rm::serve {
namespace {

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &tm);
  return text;
}

// Size and modification time; a missing file and an empty one are the same (opening a
// database in WAL mode, even read-only, may create an empty <code>.db-wal).
std::string stat_text(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || st.st_size == 0) return "-;";
  return std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec) + ";";
}

}  // namespace

std::string file_signature(const FoundCompetition& found) {
  try {
    const auto paths = rm::run::CompetitionPaths::for_control_file(found.control_file);
    return stat_text(paths.control_file) + stat_text(paths.db) + stat_text(paths.db + "-wal") +
           (rm::run::competition_is_running(paths.lock) ? "running" : "idle");
  } catch (const std::exception&) {
    return stat_text(found.control_file);
  }
}

Snapshot take_snapshot(const FoundCompetition& found, rm::run::RecentGameWindow* window) {
  static std::atomic<std::uint64_t> versions{0};
  Snapshot s;
  s.found = found;
  s.version = ++versions;
  s.taken_at = utc_now();
  try {
    const auto control = rm::comp::load_control_file(found.control_file);
    s.type = control.competition_type;
    const auto paths = rm::run::CompetitionPaths::for_control_file(found.control_file);
    const auto session = rm::run::open_read_only(control, paths);
    const std::string text =
        session.competition->full_report() + rm::run::run_halt_note(*session.store);
    auto inputs = rm::run::gather_report_inputs(session, control, paths, text, window);
    s.report = inputs.report;  // json_report_with_halt(session), made once
    s.description = s.report.value("description", std::string());
    s.games_played = s.report.value("games_played", 0);
    // The games of games_played's kind (a tuner's tuning games) of the number_of_games the
    // report's header names, or played + remaining; validation games apart.
    const auto remaining = session.competition->games_remaining();
    const auto validation = session.competition->validation_games();
    if (validation) s.validation_played = validation->played;
    if (remaining) {
      if (validation) s.validation_total = validation->played + validation->remaining;
      const auto& number = s.report.value("number_of_games", nlohmann::json());
      if (number.is_number_integer()) {
        s.games_total = number.get<int>();
      } else {
        const long long tuning_remaining =
            static_cast<long long>(*remaining) - (validation ? validation->remaining : 0);
        s.games_total = static_cast<int>(
            std::clamp<long long>(s.games_played + std::max(tuning_remaining, 0LL), 0, INT_MAX));
      }
    }
    s.headline = rm::report::live_summary_lines(s.report);
    if (rm::run::competition_is_running(paths.lock))
      s.status = "running";
    else if (session.competition->finished())
      s.status = "finished";
    else
      s.status = "stopped";
    inputs.sgf_url_base = "/competition/" + found.id + "/";  // served by live_server.cpp
    s.report_html = rm::report::html_report(inputs);
    if (window) window->give_back(std::move(inputs.games));
  } catch (const std::exception& e) {
    s.status = "error";
    s.error = e.what();
    s.report = nullptr;
    s.report_html.clear();
  }
  return s;
}

Snapshot SnapshotCache::read_with_window(const FoundCompetition& found, Entry& entry) {
  std::lock_guard lock(entry.window_mutex);
  Snapshot snapshot = take_snapshot(found, &entry.window);
  // 20,000 games are about 13 MB (serve's resident size at a million games): kept for the
  // next read of a competition that may get more games, not for a finished one.
  if (snapshot.status == "finished" || snapshot.status == "error")
    entry.window = rm::run::RecentGameWindow(rm::run::kHtmlReportGames);
  return snapshot;
}

SnapshotCache::SnapshotCache(int first_read_games)
    : first_read_games_(first_read_games), refresher_([this] { refresh_loop(); }) {}

SnapshotCache::~SnapshotCache() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  refresher_.join();
}

std::shared_ptr<const Snapshot> SnapshotCache::get(const FoundCompetition& found) {
  std::shared_ptr<Entry> entry;
  {
    std::lock_guard lock(mutex_);
    auto& slot = entries_[found.control_file];
    if (!slot) slot = std::make_shared<Entry>();
    entry = slot;
  }
  std::unique_lock entry_lock(entry->mutex);
  const std::string signature = file_signature(found);
  if (!entry->snapshot || entry->snapshot->found.id != found.id) {
    // The first read (or the id changed): made now, the request waits for it. It takes only
    // the last first_read_games_ games, so that the first page of a million-game competition
    // comes in milliseconds too; with more games stored, the whole window is read next, in
    // the background, and the page shows it one poll later.
    rm::run::RecentGameWindow first(first_read_games_);
    entry->snapshot = std::make_shared<const Snapshot>(take_snapshot(found, &first));
    entry->signature = signature;
    auto current = entry->snapshot;
    entry_lock.unlock();
    if (first_read_games_ < rm::run::kHtmlReportGames && first.size() >= first_read_games_)
      queue_read(found, entry);
    return current;
  }
  auto current = entry->snapshot;
  if (signature != entry->signature) {
    entry_lock.unlock();
    queue_read(found, entry);
  }
  return current;
}

void SnapshotCache::queue_read(const FoundCompetition& found, const std::shared_ptr<Entry>& entry) {
  std::lock_guard lock(mutex_);
  if (entry->queued || stopping_) return;
  entry->queued = true;
  queue_.emplace_back(found, entry);
  wake_.notify_one();
}

void SnapshotCache::refresh_loop() {
  for (;;) {
    std::pair<FoundCompetition, std::shared_ptr<Entry>> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    // The signature is taken before the read: a change during it is seen next time.
    const std::string signature = file_signature(job.first);
    auto snapshot = std::make_shared<const Snapshot>(read_with_window(job.first, *job.second));
    {
      std::lock_guard entry_lock(job.second->mutex);
      job.second->snapshot = std::move(snapshot);
      job.second->signature = signature;
    }
    std::lock_guard lock(mutex_);
    job.second->queued = false;
  }
}

}  // namespace rm::serve
