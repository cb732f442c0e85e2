// One SQLite database per competition: <dir>/<code>.db (WAL, synchronous=FULL). Opening for a
// run takes an exclusive lock on <dir>/<code>.lock (flock, non-blocking) BEFORE any engine
// starts; a second opener gets StoreLocked ("competition is already running").
// Schema: docs/files-and-database.md.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "ringmaster/game/game_result.hpp"

struct sqlite3;

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

inline constexpr int kSchemaVersion = 2;

// Why the last run stopped (recorded when it ends; cleared when a run starts).
struct RunHalt {
  std::string reason;  // e.g. "too many void games", "competition finished"
  bool error = false;  // the run stopped because something went wrong
};

class Store {
 public:
  // Creates or migrates the database; throws StoreLocked / StoreError.
  static std::unique_ptr<Store> open_for_run(const std::string& db_path,
                                             const std::string& lock_path);
  // For show/report while a run goes on: no lock, never writes; throws StoreError if the
  // database does not exist or has an unknown schema version.
  static std::unique_ptr<Store> open_read_only(const std::string& db_path);

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
  // history file) + the new competition state. Committing a game_id twice is refused
  // (returns false, state unchanged).
  bool commit_game(const rm::game::GameResult& r, const nlohmann::json& new_state,
                   const std::string& history_lines = "");
  // ONE transaction: the void game row + the new state (a void game id may recur: a replayed
  // job can be void again, so void rows are never refused).
  void commit_void_game(const rm::game::GameResult& r, const nlohmann::json& new_state);
  // Saves the state alone (e.g. after a restore adjusted it); one transaction.
  void save_state(const nlohmann::json& state);
  std::vector<rm::game::GameResult> games();       // in commit order
  std::vector<rm::game::GameResult> void_games();  // in commit order
  // Each game's history lines ("\n"-terminated), in commit order; nullopt for a game
  // committed before the database kept them.
  std::vector<std::optional<std::string>> game_histories();
  void save_run_halt(const std::optional<RunHalt>& halt);
  std::optional<RunHalt> load_run_halt();
  int game_count();
  int void_game_count();
  int schema_version();

 private:
  Store(sqlite3* db, int lock_fd, bool read_only);
  sqlite3* db_;
  int lock_fd_;  // -1 when read-only
  bool read_only_;
};

}  // namespace rm::store
