#include "ringmaster/store/schema.hpp"

#include <string>

#include "ringmaster/store/sqlite_handle.hpp"
#include "ringmaster/store/store.hpp"

namespace rm::store::detail {
namespace {

// Version 1. `state` holds one row (id = 1): the competition state after the last commit.
void create_v1(sqlite3* db) {
  exec(db,
       "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
       "CREATE TABLE games ("
       "  seq INTEGER PRIMARY KEY,"
       "  game_id TEXT NOT NULL UNIQUE,"
       "  black TEXT NOT NULL,"
       "  white TEXT NOT NULL,"
       "  winner TEXT NOT NULL,"
       "  sgf_result TEXT NOT NULL,"
       "  result_json TEXT NOT NULL,"
       "  sgf_path TEXT,"
       "  committed_at TEXT NOT NULL);"
       "CREATE TABLE void_games ("
       "  seq INTEGER PRIMARY KEY,"
       "  game_id TEXT NOT NULL,"
       "  black TEXT NOT NULL,"
       "  white TEXT NOT NULL,"
       "  void_reason TEXT NOT NULL,"
       "  result_json TEXT NOT NULL,"
       "  sgf_path TEXT,"
       "  committed_at TEXT NOT NULL);"
       "CREATE TABLE state ("
       "  id INTEGER PRIMARY KEY CHECK (id = 1),"
       "  state_json TEXT NOT NULL,"
       "  updated_at TEXT NOT NULL);");
  Statement insert(db,
                   "INSERT INTO meta (key, value) VALUES "
                   "('schema_version', ?1), ('created_at', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))");
  insert.bind(1, std::to_string(1));
  insert.step();
}

// Version 2: each game row keeps the lines it added to <code>.hist, so that a history file
// that lost its last lines (written after the commit; a SIGKILL in between) can be rebuilt.
void upgrade_to_v2(sqlite3* db) {
  exec(db, "ALTER TABLE games ADD COLUMN history TEXT");
  exec(db, "UPDATE meta SET value = '2' WHERE key = 'schema_version'");
}

// Version 3: the competition's statistics (Competition::statistics()) as committed with the
// last game, with the number of games and the last game's seq they cover, so that opening a
// competition reads one row instead of every game (empty after the upgrade: the first run
// rebuilds it from the games); and the archive, chunks of records that would otherwise make
// the state grow with every game (Competition::archive_chunk()), appended in commit order.
void upgrade_to_v3(sqlite3* db) {
  exec(db,
       "CREATE TABLE statistics ("
       "  id INTEGER PRIMARY KEY CHECK (id = 1),"
       "  games INTEGER NOT NULL,"
       "  last_seq INTEGER NOT NULL,"
       "  statistics_json TEXT NOT NULL)");
  exec(db, "CREATE TABLE archive (seq INTEGER PRIMARY KEY, chunk_json TEXT NOT NULL)");
  exec(db, "UPDATE meta SET value = '3' WHERE key = 'schema_version'");
}

}  // namespace

int read_schema_version(sqlite3* db) {
  Statement has_meta(db,
                     "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
  has_meta.step();
  if (has_meta.column_int(0) == 0) return 0;
  Statement version(db, "SELECT value FROM meta WHERE key = 'schema_version'");
  if (!version.step())
    throw StoreError("database has a meta table but no schema_version: not a ringmaster database?");
  const std::string text = version.column_text(0);
  try {
    return std::stoi(text);
  } catch (const std::exception&) {
    throw StoreError("database has an invalid schema_version '" + text + "'");
  }
}

void migrate(sqlite3* db) {
  // The write lock is taken before reading the version so two processes cannot both create.
  WriteTransaction transaction(db);
  const int version = read_schema_version(db);
  if (version > kSchemaVersion)
    throw StoreError("database schema version " + std::to_string(version) +
                     " is newer than this ringmaster supports (" + std::to_string(kSchemaVersion) +
                     ")");
  // Every step in this one transaction, so a crash leaves either the old or the new schema.
  if (version == 0) create_v1(db);
  if (version < 2) upgrade_to_v2(db);
  if (version < 3) upgrade_to_v3(db);
  transaction.commit();
}

}  // namespace rm::store::detail
