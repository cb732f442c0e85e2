#include "ringmaster/store/store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <utility>

#include "ringmaster/game/plain_result_reader.hpp"
#include "ringmaster/store/run_lock.hpp"
#include "ringmaster/store/schema.hpp"
#include "ringmaster/store/seal.hpp"
#include "ringmaster/store/sqlite_handle.hpp"
#include "ringmaster/store/wal_flusher.hpp"

namespace rm::store {
namespace {

using detail::Statement;
using detail::WriteTransaction;

// A reader waits this long for a writer's checkpoint instead of failing at once.
constexpr int kBusyTimeoutMs = 5000;

sqlite3* open_database(const std::string& db_path, int flags) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(db_path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = "cannot open database " + db_path + ": " +
                          (db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    sqlite3_close(db);
    throw StoreError(message);
  }
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_timeout(db, kBusyTimeoutMs);
  return db;
}

std::string damage_advice(const std::string& db_path) {
  return ": restore it from a backup (`sqlite3 " + db_path +
         " .recover` may save most of it), or remove it (`reset`) to start the competition again";
}

[[noreturn]] void refuse_damaged(const std::string& db_path, const std::string& found) {
  throw StoreError("database " + db_path + " is damaged (" + found + ")" + damage_advice(db_path));
}

// A database damaged in the middle (a bad disk, a copy cut short, stray writes) reads fine
// where a run looks (the last rows) and would be written on into a worse state; SQLite's
// quick_check (every page and record, not the indexes' contents: about a second per GB when
// cached, see performance.md) finds it before anything is read or written.
void check_integrity(sqlite3* db, const std::string& db_path) {
  std::string found;
  try {
    Statement check(db, "PRAGMA quick_check(1)");
    found = check.step() ? check.column_text(0) : "no answer";
  } catch (const StoreError& e) {
    found = e.what();
  }
  if (found != "ok") refuse_damaged(db_path, found);
}

bool wal_holds_frames(const std::string& db_path) {
  struct stat info {};
  return ::stat((db_path + "-wal").c_str(), &info) == 0 && info.st_size > 0;
}

// What can be checked without reading the whole file (integrity_check(N) and quick_check(N)
// bound the errors reported, not the pages read): page 1 and the schema (any statement parses
// them), every page and record of the small tables (quick_check with a table's name checks
// only that table), the file's size against the page count (a copy cut short), and the b-tree
// paths to the first and last rows of the tables that grow (with the rows' overflow pages:
// length() reads the whole text). Damage elsewhere in a big table is not seen: the seal
// (seal.hpp) is what says that nothing wrote there since a full check.
void check_cheaply(sqlite3* db, const std::string& db_path) {
  std::string found;
  try {
    // Pragmas take no bound parameters: each table's check is its own literal.
    const std::pair<const char*, const char*> small_tables[] = {
        {"sqlite_schema", "PRAGMA quick_check(sqlite_schema)"},
        {"meta", "PRAGMA quick_check(meta)"},
        {"state", "PRAGMA quick_check(state)"},
        {"statistics", "PRAGMA quick_check(statistics)"}};
    std::vector<std::string> tables{"sqlite_schema"};
    {
      Statement names(db, "SELECT name FROM sqlite_schema WHERE type = 'table'");
      while (names.step()) tables.push_back(names.column_text(0));
    }
    const auto has = [&](const char* name) {
      return std::find(tables.begin(), tables.end(), name) != tables.end();
    };
    for (const auto& [table, sql] : small_tables) {
      if (!has(table)) continue;
      Statement check(db, sql);
      const std::string answer = check.step() ? check.column_text(0) : "no answer";
      if (answer != "ok") {
        found = answer;
        break;
      }
    }
    if (found.empty() && !wal_holds_frames(db_path)) {
      Statement pages(db, "PRAGMA page_count");
      pages.step();
      Statement page_size(db, "PRAGMA page_size");
      page_size.step();
      struct stat info {};
      const auto expected = pages.column_int(0) * page_size.column_int(0);
      if (::stat(db_path.c_str(), &info) == 0 && info.st_size < expected)
        found = "the file has " + std::to_string(info.st_size) + " bytes, its header says " +
                std::to_string(expected);
    }
    if (found.empty()) {
      std::vector<const char*> reads;
      if (has("games"))
        reads.insert(reads.end(),
                     {"SELECT length(result_json) FROM games ORDER BY seq DESC LIMIT 1",
                      "SELECT length(result_json) FROM games ORDER BY seq LIMIT 1",
                      "SELECT max(game_id) FROM games", "SELECT min(game_id) FROM games"});
      if (has("void_games"))
        reads.insert(reads.end(),
                     {"SELECT length(result_json) FROM void_games ORDER BY seq DESC LIMIT 1",
                      "SELECT length(result_json) FROM void_games ORDER BY seq LIMIT 1"});
      if (has("archive"))
        reads.insert(reads.end(),
                     {"SELECT length(chunk_json) FROM archive ORDER BY seq DESC LIMIT 1",
                      "SELECT length(chunk_json) FROM archive ORDER BY seq LIMIT 1"});
      for (const char* sql : reads) {
        Statement read(db, sql);
        while (read.step()) {
        }
      }
    }
  } catch (const StoreError& e) {
    found = e.what();
  }
  if (!found.empty()) refuse_damaged(db_path, found);
}

void check_database(sqlite3* db, const std::string& db_path, IntegrityCheck check) {
  if (check == IntegrityCheck::full)
    check_integrity(db, db_path);
  else
    check_cheaply(db, db_path);
}

}  // namespace

Store::Store(sqlite3* db, std::string db_path, std::unique_ptr<RunLock> lock,
             const RunLock* seal_lock, IntegrityCheck checked)
    : db_(db),
      db_path_(std::move(db_path)),
      cache_(std::make_unique<detail::StatementCache>(db)),
      lock_(std::move(lock)),
      seal_lock_(seal_lock),
      read_only_(seal_lock == nullptr),
      integrity_checked_(checked),
      damage_errors_at_open_(detail::damage_errors_seen()) {
  if (!read_only_) {
    const char* file = sqlite3_db_filename(db, "main");
    flusher_ =
        std::make_unique<detail::WalFlusher>(std::string(file != nullptr ? file : "") + "-wal");
  }
}

Store::~Store() {
  flusher_.reset();  // the last commits on disk before SQLite checkpoints and removes the WAL
  cache_.reset();
  close_and_seal();
  lock_.reset();  // releases the flock (if this store holds it), once the database is closed
}

void Store::close_and_seal() {
  bool seal = false;
  if (!read_only_ && detail::damage_errors_seen() == damage_errors_at_open_) {
    // TRUNCATE: every frame into the database file and the WAL emptied, so that the file is
    // the whole database. It waits for readers in the WAL; not long: without it there is
    // simply no seal, and the next open checks fully.
    sqlite3_busy_timeout(db_, 250);
    seal = sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr) ==
           SQLITE_OK;
  }
  sqlite3_close_v2(db_);
  if (!seal) return;
  try {
    const std::string text = detail::make_seal(db_path_);
    if (!text.empty()) seal_lock_->replace_contents(text, false);
  } catch (const StoreError&) {
    // No seal: the next open checks fully.
  }
}

std::unique_ptr<Store> Store::open_for_run(const std::string& db_path, const std::string& lock_path,
                                           IntegrityCheck check) {
  auto lock = std::make_unique<RunLock>(lock_path);
  const RunLock& held = *lock;
  return open_writable(db_path, std::move(lock), held, check);
}

std::unique_ptr<Store> Store::open_for_run(const std::string& db_path, const RunLock& lock,
                                           IntegrityCheck check) {
  return open_writable(db_path, nullptr, lock, check);
}

std::unique_ptr<Store> Store::open_writable(const std::string& db_path,
                                            std::unique_ptr<RunLock> owned_lock,
                                            const RunLock& lock, IntegrityCheck check) {
  // The seal goes before anything is written (durably: after a crash or a power cut from now
  // on, there is none and the next open checks fully).
  const std::string seal = detail::read_lock_file(lock.path());
  if (check == IntegrityCheck::automatic)
    check = detail::seal_matches(seal, db_path) ? IntegrityCheck::cheap : IntegrityCheck::full;
  if (!seal.empty()) lock.replace_contents("", true);
  sqlite3* db = nullptr;
  try {
    db = open_database(db_path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX);
    check_database(db, db_path, check);
    // WAL: readers (show/report) never block the writer. synchronous=NORMAL: COMMIT returns
    // once the transaction is in the WAL (a kill of the process cannot lose it) without the
    // fsync FULL waits for (3 ms a game on a VM disk, most of the run loop's cost); the
    // WalFlusher makes it durable against a power loss a few ms later, off the run loop.
    detail::exec(db, "PRAGMA journal_mode=WAL");
    detail::exec(db, "PRAGMA synchronous=NORMAL");
    detail::migrate(db);
  } catch (...) {
    sqlite3_close_v2(db);
    throw;
  }
  return std::unique_ptr<Store>(new Store(db, db_path, std::move(owned_lock), &lock, check));
}

std::unique_ptr<Store> Store::open_read_only(const std::string& db_path,
                                             const std::string& lock_path, IntegrityCheck check) {
  struct stat info {};
  if (::stat(db_path.c_str(), &info) != 0)
    throw StoreError("no database " + db_path + ": " + std::strerror(errno));
  if (check == IntegrityCheck::automatic) {
    // A live run checked at its start (and clears the seal while it writes).
    const bool trusted =
        !lock_path.empty() && (detail::seal_matches(detail::read_lock_file(lock_path), db_path) ||
                               detail::run_is_live(lock_path));
    check = trusted ? IntegrityCheck::cheap : IntegrityCheck::full;
  }
  // Read-write, but query_only: no statement can change anything. A read-only connection
  // could not remove the -wal and -shm files it creates when it is the last to close; this
  // one checkpoints and removes them as a run does (SQLite falls back to read-only by itself
  // when the file is write-protected).
  sqlite3* db = open_database(db_path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
  try {
    detail::exec(db, "PRAGMA query_only = ON");
    check_database(db, db_path, check);
    const int version = detail::read_schema_version(db);
    if (version == 0) throw StoreError(db_path + " is not a ringmaster database (no meta table)");
    if (version > kSchemaVersion)
      throw StoreError("database schema version " + std::to_string(version) +
                       " is newer than this ringmaster supports (" +
                       std::to_string(kSchemaVersion) + ")");
  } catch (...) {
    sqlite3_close_v2(db);
    throw;
  }
  return std::unique_ptr<Store>(new Store(db, db_path, nullptr, nullptr, check));
}

namespace {

std::optional<std::string> read_meta(sqlite3* db, const char* key) {
  Statement select(db, "SELECT value FROM meta WHERE key = ?1");
  select.bind(1, key);
  if (!select.step()) return std::nullopt;
  return select.column_text(0);
}

void write_meta(sqlite3* db, const char* key, const std::string& value) {
  WriteTransaction transaction(db);
  Statement upsert(db,
                   "INSERT INTO meta (key, value) VALUES (?1, ?2) "
                   "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  upsert.bind(1, key).bind(2, value);
  upsert.step();
  transaction.commit();
}

nlohmann::json parse_stored_json(const std::string& text, const std::string& what) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw StoreError("corrupt " + what + " in the database: " + e.what());
  }
}

void write_state(detail::StatementCache& cache, sqlite3* db, const nlohmann::json& state) {
  Statement upsert(cache, db,
                   "INSERT INTO state (id, state_json, updated_at) "
                   "VALUES (1, ?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) "
                   "ON CONFLICT (id) DO UPDATE SET state_json = excluded.state_json, "
                   "updated_at = excluded.updated_at");
  upsert.bind(1, state.dump());
  upsert.step();
}

void bind_nullable(Statement& statement, int index, const std::string& text) {
  if (text.empty())
    statement.bind_null(index);
  else
    statement.bind(index, text);
}

// The results a prepared SELECT of result_json gives; `reserve`: at most that many.
std::vector<rm::game::GameResult> read_results(Statement& select, const char* what,
                                               std::int64_t reserve = 0) {
  std::vector<rm::game::GameResult> results;
  // No moves as it grows.
  results.reserve(static_cast<std::size_t>(std::max<std::int64_t>(reserve, 0)));
  while (select.step()) {
    const std::string text = select.column_text(0);
    // Most results are plain: read without building a JSON document; the rest, and any
    // error, through the document.
    if (rm::game::read_plain_result(text, results.emplace_back())) continue;
    results.pop_back();
    const nlohmann::json j = parse_stored_json(text, what);
    try {
      results.push_back(rm::game::result_from_json(j));
    } catch (const std::exception& e) {
      throw StoreError(std::string("corrupt ") + what + " in the database: " + e.what());
    }
  }
  return results;
}

// `limit`, when given, is bound to the statement's ?1.
std::vector<rm::game::GameResult> read_results(sqlite3* db, const char* sql, const char* what,
                                               std::optional<std::int64_t> limit = std::nullopt) {
  Statement select(db, sql);
  if (limit) select.bind(1, *limit);
  return read_results(select, what, limit.value_or(0));
}

std::int64_t max_seq(sqlite3* db) {
  Statement select(db, "SELECT coalesce(max(seq), 0) FROM games");
  select.step();
  return select.column_int(0);
}

// Inside commit_game's transaction, right after the game's row: the statistics now cover one
// more game, the one just inserted. Without a row yet (a competition's first game, or a
// database from before version 3 that no run has opened since), the games are counted, once:
// an upsert would evaluate that count(*) with every commit.
void write_statistics_after_game(detail::StatementCache& cache, sqlite3* db, std::int64_t seq,
                                 const nlohmann::json& statistics) {
  const std::string text = statistics.dump();
  {
    Statement update(cache, db,
                     "UPDATE statistics SET games = games + 1, last_seq = ?1, "
                     "statistics_json = ?2 WHERE id = 1");
    update.bind(1, seq).bind(2, text);
    update.step();
  }
  if (sqlite3_changes(db) > 0) return;
  Statement insert(cache, db,
                   "INSERT INTO statistics (id, games, last_seq, statistics_json) "
                   "VALUES (1, (SELECT count(*) FROM games), ?1, ?2)");
  insert.bind(1, seq).bind(2, text);
  insert.step();
}

int count_rows(sqlite3* db, const char* sql) {
  Statement select(db, sql);
  select.step();
  return static_cast<int>(select.column_int(0));
}

}  // namespace

std::optional<nlohmann::json> Store::load_definition() {
  const auto text = read_meta(db_, "definition");
  if (!text) return std::nullopt;
  return parse_stored_json(*text, "competition definition");
}

void Store::save_definition(const nlohmann::json& definition) {
  if (read_only_) throw StoreError("save_definition on a read-only store");
  write_meta(db_, "definition", definition.dump());
}

std::string Store::competition_type() {
  return read_meta(db_, "competition_type").value_or("");
}

void Store::save_competition_type(const std::string& type) {
  if (read_only_) throw StoreError("save_competition_type on a read-only store");
  write_meta(db_, "competition_type", type);
}

std::optional<nlohmann::json> Store::load_state() {
  Statement select(db_, "SELECT state_json FROM state WHERE id = 1");
  if (!select.step()) return std::nullopt;
  return parse_stored_json(select.column_text(0), "competition state");
}

void Store::save_state(const nlohmann::json& state) {
  if (read_only_) throw StoreError("save_state on a read-only store");
  WriteTransaction transaction(db_);
  write_state(*cache_, db_, state);
  transaction.commit();
  committed();
}

bool Store::commit_game(const rm::game::GameResult& r, const nlohmann::json& new_state,
                        const std::string& history_lines, const nlohmann::json& statistics,
                        const nlohmann::json& archive_chunk) {
  if (read_only_) throw StoreError("commit_game on a read-only store");
  WriteTransaction transaction(*cache_, db_);
  Statement insert(*cache_, db_,
                   "INSERT INTO games (game_id, black, white, winner, sgf_result, result_json, "
                   "sgf_path, history, committed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
                   "strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))");
  insert.bind(1, r.game_id).bind(2, r.black_code).bind(3, r.white_code).bind(4, r.winner);
  insert.bind(5, r.sgf_result).bind(6, rm::game::to_json(r).dump());
  bind_nullable(insert, 7, r.sgf_path);
  insert.bind(8, history_lines);
  // The UNIQUE game_id refuses a second commit of the same game; the transaction then rolls
  // back (destructor), leaving the state as it was.
  if (!insert.step_unless_constraint()) return false;
  const auto seq = static_cast<std::int64_t>(sqlite3_last_insert_rowid(db_));
  if (!r.unwritten_sgf.empty()) {
    // Tells the next run, without a scan of every game, that a record waits to be written.
    Statement mark(*cache_, db_,
                   "INSERT INTO meta (key, value) VALUES ('unwritten_records', '1') "
                   "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    mark.step();
  }
  write_state(*cache_, db_, new_state);
  if (!statistics.is_null()) write_statistics_after_game(*cache_, db_, seq, statistics);
  if (!archive_chunk.is_null()) {
    Statement append(*cache_, db_, "INSERT INTO archive (chunk_json) VALUES (?1)");
    append.bind(1, archive_chunk.dump());
    append.step();
  }
  transaction.commit();
  committed();
  return true;
}

std::vector<rm::game::GameResult> Store::games_with_unwritten_records() {
  if (read_meta(db_, "unwritten_records") != "1") return {};
  std::vector<rm::game::GameResult> waiting;
  for (auto& r : read_results(db_,
                              "SELECT result_json FROM games WHERE sgf_path IS NULL AND "
                              "instr(result_json, '\"unwritten_sgf\"') > 0 ORDER BY seq",
                              "game result"))
    if (!r.unwritten_sgf.empty()) waiting.push_back(std::move(r));
  return waiting;
}

void Store::record_written(const rm::game::GameResult& r) {
  if (read_only_) throw StoreError("record_written on a read-only store");
  WriteTransaction transaction(db_);
  Statement update(db_, "UPDATE games SET result_json = ?1, sgf_path = ?2 WHERE game_id = ?3");
  update.bind(1, rm::game::to_json(r).dump()).bind(2, r.sgf_path).bind(3, r.game_id);
  update.step();
  transaction.commit();
  committed();
}

void Store::forget_unwritten_records() {
  if (read_only_) throw StoreError("forget_unwritten_records on a read-only store");
  WriteTransaction transaction(db_);
  Statement remove(db_, "DELETE FROM meta WHERE key = 'unwritten_records'");
  remove.step();
  transaction.commit();
  committed();
}

std::vector<nlohmann::json> Store::archive_chunks() {
  std::vector<nlohmann::json> chunks;
  if (detail::read_schema_version(db_) < 3) return chunks;
  Statement select(db_, "SELECT chunk_json FROM archive ORDER BY seq");
  while (select.step()) chunks.push_back(parse_stored_json(select.column_text(0), "archive chunk"));
  return chunks;
}

std::optional<StoredStatistics> Store::load_statistics() {
  // show and report do not migrate: a database of version 2 has no statistics table yet.
  if (detail::read_schema_version(db_) < 3) return std::nullopt;
  Statement select(db_, "SELECT games, last_seq, statistics_json FROM statistics WHERE id = 1");
  if (!select.step()) return std::nullopt;
  StoredStatistics stored;
  stored.games = select.column_int(0);
  stored.last_seq = select.column_int(1);
  const std::string text = select.column_text(2);
  if (stored.last_seq != max_seq(db_) || stored.games != game_count()) return std::nullopt;
  stored.statistics = parse_stored_json(text, "competition statistics");
  return stored;
}

void Store::save_statistics(const nlohmann::json& statistics) {
  if (read_only_) throw StoreError("save_statistics on a read-only store");
  WriteTransaction transaction(db_);
  Statement upsert(db_,
                   "INSERT INTO statistics (id, games, last_seq, statistics_json) "
                   "VALUES (1, (SELECT count(*) FROM games), ?1, ?2) "
                   "ON CONFLICT (id) DO UPDATE SET games = excluded.games, "
                   "last_seq = excluded.last_seq, statistics_json = excluded.statistics_json");
  upsert.bind(1, max_seq(db_)).bind(2, statistics.dump());
  upsert.step();
  transaction.commit();
}

void Store::commit_void_game(const rm::game::GameResult& r, const nlohmann::json& new_state) {
  if (read_only_) throw StoreError("commit_void_game on a read-only store");
  WriteTransaction transaction(*cache_, db_);
  Statement insert(
      *cache_, db_,
      "INSERT INTO void_games (game_id, black, white, void_reason, result_json, sgf_path, "
      "committed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))");
  insert.bind(1, r.game_id).bind(2, r.black_code).bind(3, r.white_code).bind(4, r.void_reason);
  insert.bind(5, rm::game::to_json(r).dump());
  bind_nullable(insert, 6, r.sgf_path);
  insert.step();
  write_state(*cache_, db_, new_state);
  transaction.commit();
  committed();
}

std::vector<rm::game::GameResult> Store::games() {
  return read_results(db_, "SELECT result_json FROM games ORDER BY seq", "game result");
}

void Store::read_consistently(const std::function<void()>& read) {
  detail::exec(db_, "BEGIN");
  try {
    read();
  } catch (...) {
    detail::exec(db_, "ROLLBACK");
    throw;
  }
  detail::exec(db_, "COMMIT");
}

std::vector<rm::game::GameResult> Store::recent_games(int count) {
  // Read newest first and turned round here: an outer ORDER BY would sort them in SQLite.
  auto results = read_results(db_, "SELECT result_json FROM games ORDER BY seq DESC LIMIT ?1",
                              "game result", static_cast<std::int64_t>(count));
  std::reverse(results.begin(), results.end());
  return results;
}

std::vector<rm::game::GameResult> Store::recent_games_between(std::int64_t after, std::int64_t upto,
                                                              int count) {
  Statement select(db_,
                   "SELECT result_json FROM games WHERE seq > ?1 AND seq <= ?2 "
                   "ORDER BY seq DESC LIMIT ?3");
  select.bind(1, after).bind(2, upto).bind(3, static_cast<std::int64_t>(count));
  // Seqs are distinct integers, so at most upto - after rows match: reserve no more than that
  // (`serve` polls with a large count and few new games). The difference is taken unsigned:
  // it cannot overflow when upto > after.
  const std::uint64_t span =
      upto > after ? static_cast<std::uint64_t>(upto) - static_cast<std::uint64_t>(after) : 0;
  const auto reserve = static_cast<std::int64_t>(
      std::min<std::uint64_t>(span, static_cast<std::uint64_t>(std::max(count, 0))));
  auto results = read_results(select, "game result", reserve);
  std::reverse(results.begin(), results.end());
  return results;
}

std::int64_t Store::last_game_seq() {
  return max_seq(db_);
}

std::string Store::game_stamp_at(std::int64_t seq) {
  Statement select(db_, "SELECT game_id || ' ' || committed_at FROM games WHERE seq = ?1");
  select.bind(1, seq);
  return select.step() ? select.column_text(0) : std::string();
}

std::vector<rm::game::GameResult> Store::void_games() {
  return read_results(db_, "SELECT result_json FROM void_games ORDER BY seq", "void game result");
}

std::vector<std::optional<std::string>> Store::game_histories() {
  std::vector<std::optional<std::string>> histories;
  Statement select(db_, "SELECT history FROM games ORDER BY seq");
  while (select.step()) histories.push_back(select.column_optional_text(0));
  return histories;
}

std::vector<std::optional<std::string>> Store::recent_game_histories(int count) {
  std::vector<std::optional<std::string>> histories;
  Statement select(db_, "SELECT history FROM games ORDER BY seq DESC LIMIT ?1");
  select.bind(1, static_cast<std::int64_t>(count));
  while (select.step()) histories.push_back(select.column_optional_text(0));
  return {histories.rbegin(), histories.rend()};
}

void Store::save_run_halt(const std::optional<RunHalt>& halt) {
  if (read_only_) throw StoreError("save_run_halt on a read-only store");
  nlohmann::json j = nullptr;
  if (halt) j = {{"reason", halt->reason}, {"error", halt->error}};
  write_meta(db_, "last_run_halt", j.dump());
}

std::optional<RunHalt> Store::load_run_halt() {
  const auto text = read_meta(db_, "last_run_halt");
  if (!text) return std::nullopt;
  const nlohmann::json j = parse_stored_json(*text, "last run halt");
  if (!j.is_object()) return std::nullopt;
  RunHalt halt;
  halt.reason = j.value("reason", "");
  halt.error = j.value("error", false);
  return halt;
}

int Store::game_count() {
  return count_rows(db_, "SELECT count(*) FROM games");
}

int Store::void_game_count() {
  return count_rows(db_, "SELECT count(*) FROM void_games");
}

void Store::committed() {
  if (flusher_) flusher_->committed();
}

void Store::wait_until_durable() {
  if (flusher_) flusher_->wait_until_flushed();
}

int Store::schema_version() {
  return detail::read_schema_version(db_);
}

}  // namespace rm::store
