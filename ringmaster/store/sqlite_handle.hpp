// Thin RAII helpers over the SQLite C API, for the store only. Every value goes through a
// bound parameter; SQL text is always a literal.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <sqlite3.h>

namespace rm::store::detail {

// Throws StoreError with the operation, SQLite's message and the database file name.
[[noreturn]] void throw_sqlite_error(sqlite3* db, std::string_view what);

// One prepared statement; finalized on destruction.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql);
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
  int last_code_ = SQLITE_OK;
};

// Runs SQL that takes no parameters and returns no rows (pragmas, BEGIN, COMMIT, DDL).
void exec(sqlite3* db, const char* sql);

// Rolls back on destruction unless commit() was called; BEGIN IMMEDIATE takes the write lock
// at once so a transaction never fails half way with SQLITE_BUSY on upgrade.
class WriteTransaction {
 public:
  explicit WriteTransaction(sqlite3* db);
  ~WriteTransaction();
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  void commit();

 private:
  sqlite3* db_;
  bool done_ = false;
};

}  // namespace rm::store::detail
