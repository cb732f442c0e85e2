// Thin RAII helpers over the SQLite C API, for the store only. Every value goes through a
// bound parameter; SQL text is always a literal.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rm::store::detail {

// Throws StoreError with the operation, SQLite's message and the database file name.
[[noreturn]] void throw_sqlite_error(sqlite3* db, std::string_view what);

// Statements prepared once per connection and reused: a game's commit runs the same five
// statements every time, and parsing them again was a fifth of the commit's CPU.
class StatementCache {
 public:
  explicit StatementCache(sqlite3* db) : db_(db) {}
  ~StatementCache();  // finalizes them (before the connection closes)
  StatementCache(const StatementCache&) = delete;
  StatementCache& operator=(const StatementCache&) = delete;
  // The statement for `sql` (a string literal: its address is the key), prepared on first use.
  sqlite3_stmt* get(const char* sql);

 private:
  sqlite3* db_;
  std::vector<std::pair<const char*, sqlite3_stmt*>> statements_;
};

// One prepared statement: its own (finalized on destruction), or one of a StatementCache
// (reset and its bindings cleared on destruction, ready for the next use).
class Statement {
 public:
  Statement(sqlite3* db, const char* sql);
  Statement(StatementCache& cache, sqlite3* db, const char* sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, std::string_view text);
  Statement& bind(int index, std::int64_t value);
  Statement& bind_null(int index);
  // Returns true while a row is available, false when done; throws StoreError on error.
  bool step();
  int last_code() const { return last_code_; }
  // For an INSERT: true when it ran, false on a UNIQUE constraint violation (other errors throw).
  bool step_unless_constraint();

  std::string column_text(int column) const;
  std::optional<std::string> column_optional_text(int column) const;
  std::int64_t column_int(int column) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  bool cached_ = false;
  int last_code_ = SQLITE_OK;
};

// Runs SQL that takes no parameters and returns no rows (pragmas, BEGIN, COMMIT, DDL).
void exec(sqlite3* db, const char* sql);

// Rolls back on destruction unless commit() was called; BEGIN IMMEDIATE takes the write lock
// at once so a transaction never fails half way with SQLITE_BUSY on upgrade.
class WriteTransaction {
 public:
  explicit WriteTransaction(sqlite3* db);
  // BEGIN and COMMIT from the cache.
  WriteTransaction(StatementCache& cache, sqlite3* db);
  ~WriteTransaction();
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  void commit();

 private:
  sqlite3* db_;
  StatementCache* cache_ = nullptr;
  bool done_ = false;
};

}  // namespace rm::store::detail
