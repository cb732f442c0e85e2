// One SQLite database per competition: <dir>/<code>.db (WAL, synchronous=NORMAL, the WAL
// fdatasynced by a background thread after each commit: see wal_flusher.hpp). Opening for a
// run takes an exclusive lock on <dir>/<code>.lock (flock, non-blocking) BEFORE any engine
// starts; a second opener gets StoreLocked ("competition is already running").
// Schema: docs/files-and-database.md.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "ringmaster/game/game_result.hpp"

struct sqlite3;

namespace rm::store::detail {
class StatementCache;
class WalFlusher;
}  // namespace rm::store::detail

namespace rm::store {
class RunLock;
}  // namespace rm::store

namespace rm::store {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Another process holds the competition's lock file.
class StoreLocked : public StoreError {
 public:
  using StoreError::StoreError;
};

inline constexpr int kSchemaVersion = 3;

// The competition's statistics as committed with the last game (schema version 3).
struct StoredStatistics {
  nlohmann::json statistics;
  std::int64_t games = 0;     // finished games they cover
  std::int64_t last_seq = 0;  // the seq of the last of them
};

// Why the last run stopped (recorded when it ends; cleared when a run starts).
struct RunHalt {
  std::string reason;  // e.g. "too many void games", "competition finished"
  bool error = false;  // the run stopped because something went wrong
};

// How much of the database an open checks before it reads or writes anything; a damaged
// database is refused ("database <path> is damaged (...)"). See
// docs/files-and-database.md#integrity-at-open.
enum class IntegrityCheck {
  // cheap when the lock file's seal says the file is as a run that closed cleanly left it
  // (seal.hpp), or, read-only, while a run is live (it checked at its start); full otherwise.
  automatic,
  full,   // every page and record (PRAGMA quick_check): about 2.5 s a million games
  cheap,  // the header and the schema, the small tables' pages, the file's size against the
          // page count, the b-tree paths to the first and last rows: milliseconds
};

class Store {
 public:
  // Takes the lock (held until the store is closed), then creates or migrates the database;
  // throws StoreLocked / StoreError.
  static std::unique_ptr<Store> open_for_run(const std::string& db_path,
                                             const std::string& lock_path,
                                             IntegrityCheck check = IntegrityCheck::automatic);
  // The same under a lock the caller holds, and keeps until after the store is closed (so
  // that it can remove what it created before anyone else may touch the files).
  static std::unique_ptr<Store> open_for_run(const std::string& db_path, const RunLock& lock,
                                             IntegrityCheck check = IntegrityCheck::automatic);
  // For show/report while a run goes on: no lock, never writes; throws StoreError if the
  // database does not exist or has an unknown schema version. `lock_path`: the competition's
  // lock file, where the seal is (without it, `automatic` checks fully).
  static std::unique_ptr<Store> open_read_only(const std::string& db_path,
                                               const std::string& lock_path = "",
                                               IntegrityCheck check = IntegrityCheck::automatic);
  // Runs `read` in one read transaction, so that what it reads (the state and the archive
  // chunks it refers to) is one commit's view, whatever a running writer commits meanwhile.
  void read_consistently(const std::function<void()>& read);

  // The check the open made: full or cheap.
  IntegrityCheck integrity_checked() const { return integrity_checked_; }

  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  std::optional<nlohmann::json> load_definition();
  void save_definition(const nlohmann::json& definition);
  // The competition type recorded with the definition ("" if none yet).
  std::string competition_type();
  void save_competition_type(const std::string& type);
  std::optional<nlohmann::json> load_state();
  // ONE transaction: the game row (id, result JSON, sgf path, the lines it adds to the
  // history file) + the new competition state + the competition's statistics including this
  // game (unless null). Committing a game_id twice is refused (returns false, state unchanged).
  // `archive_chunk` (unless null) is appended to the archive in the same transaction.
  bool commit_game(const rm::game::GameResult& r, const nlohmann::json& new_state,
                   const std::string& history_lines = "",
                   const nlohmann::json& statistics = nullptr,
                   const nlohmann::json& archive_chunk = nullptr);
  // Finished games whose SGF record could not be written (the text is in their row), in
  // commit order. No scan when there are none: commit_game flags them in meta.
  std::vector<rm::game::GameResult> games_with_unwritten_records();
  // The game's record is now written: its row gets `r` (sgf_path set, the text dropped).
  void record_written(const rm::game::GameResult& r);
  // Every waiting record is written: clears the flag.
  void forget_unwritten_records();
  // Every archive chunk (Competition::archive_chunk()), in commit order.
  std::vector<nlohmann::json> archive_chunks();
  // The statistics stored with the last game, if they still cover every stored game (their
  // game count and last seq match the games table: two index lookups); nullopt otherwise.
  std::optional<StoredStatistics> load_statistics();
  // Stores statistics rebuilt from every game (covering all of them); one transaction.
  void save_statistics(const nlohmann::json& statistics);
  // ONE transaction: the void game row + the new state (a void game id may recur: a replayed
  // job can be void again, so void rows are never refused).
  void commit_void_game(const rm::game::GameResult& r, const nlohmann::json& new_state);
  // Saves the state alone (e.g. after a restore adjusted it); one transaction.
  void save_state(const nlohmann::json& state);
  std::vector<rm::game::GameResult> games();  // in commit order
  // The last `count` finished games (fewer if there are fewer), in commit order.
  std::vector<rm::game::GameResult> recent_games(int count);
  // The last `count` finished games among those with after < seq <= upto (fewer if there
  // are fewer), in commit order: the games committed between two reads (`ringmaster serve`
  // reads only those), with `upto` the last_game_seq() of the later one.
  std::vector<rm::game::GameResult> recent_games_between(std::int64_t after, std::int64_t upto,
                                                         int count);
  // The seq of the last finished game (0 when there is none): seqs grow with each commit.
  std::int64_t last_game_seq();
  // The id and commit time of the game with that seq ("" when there is none): a game another
  // database (one reset and run again) would not have at the same seq.
  std::string game_stamp_at(std::int64_t seq);
  std::vector<rm::game::GameResult> void_games();  // in commit order
  // Each game's history lines ("\n"-terminated), in commit order; nullopt for a game
  // committed before the database kept them.
  std::vector<std::optional<std::string>> game_histories();
  // The history lines of the last `count` games (fewer if there are fewer), in commit order.
  std::vector<std::optional<std::string>> recent_game_histories(int count);
  void save_run_halt(const std::optional<RunHalt>& halt);
  std::optional<RunHalt> load_run_halt();
  int game_count();
  int void_game_count();
  int schema_version();
  // Returns once every commit so far is on disk (fdatasync of the WAL), not just in the page
  // cache where a kill of the process cannot lose it.
  void wait_until_durable();

 private:
  Store(sqlite3* db, std::string db_path, std::unique_ptr<RunLock> lock, const RunLock* seal_lock,
        IntegrityCheck checked);
  static std::unique_ptr<Store> open_writable(const std::string& db_path,
                                              std::unique_ptr<RunLock> owned_lock,
                                              const RunLock& lock, IntegrityCheck check);
  void committed();
  // On a clean close of a writable store: the WAL checkpointed into the file and emptied, the
  // connection closed, the seal written (seal.hpp). Nothing if this process saw damage.
  void close_and_seal();
  sqlite3* db_;
  std::string db_path_;
  std::unique_ptr<detail::StatementCache> cache_;
  std::unique_ptr<detail::WalFlusher> flusher_;  // null when read-only
  std::unique_ptr<RunLock> lock_;                // null when read-only or the caller holds the lock
  const RunLock* seal_lock_;  // the lock held (ours or the caller's); null when read-only
  bool read_only_;
  IntegrityCheck integrity_checked_;
  unsigned long damage_errors_at_open_;
};

}  // namespace rm::store
