#include "ringmaster/store/sqlite_handle.hpp"

#include "ringmaster/store/seal.hpp"
#include "ringmaster/store/store.hpp"

namespace rm::store::detail {

void throw_sqlite_error(sqlite3* db, std::string_view what) {
  note_sqlite_error(sqlite3_extended_errcode(db));
  const char* file = sqlite3_db_filename(db, "main");
  std::string message = std::string(what) + ": " + sqlite3_errmsg(db);
  if (file != nullptr && *file != '\0') message += " (database " + std::string(file) + ")";
  throw StoreError(message);
}

StatementCache::~StatementCache() {
  for (auto& [sql, stmt] : statements_) sqlite3_finalize(stmt);
}

sqlite3_stmt* StatementCache::get(const char* sql) {
  for (auto& [key, stmt] : statements_)
    if (key == sql) return stmt;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK)
    throw_sqlite_error(db_, std::string("preparing '") + sql + "'");
  statements_.emplace_back(sql, stmt);
  return stmt;
}

Statement::Statement(sqlite3* db, const char* sql) : db_(db) {
  if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
    throw_sqlite_error(db, std::string("preparing '") + sql + "'");
}

Statement::Statement(StatementCache& cache, sqlite3* db, const char* sql)
    : db_(db), stmt_(cache.get(sql)), cached_(true) {}

Statement::~Statement() {
  if (!cached_) {
    sqlite3_finalize(stmt_);
    return;
  }
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

Statement& Statement::bind(int index, std::string_view text) {
  // SQLITE_TRANSIENT: SQLite copies the text, so the caller's buffer may go away.
  if (sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK)
    throw_sqlite_error(db_, "binding a parameter");
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK)
    throw_sqlite_error(db_, "binding a parameter");
  return *this;
}

Statement& Statement::bind_null(int index) {
  if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) throw_sqlite_error(db_, "binding a parameter");
  return *this;
}

bool Statement::step() {
  last_code_ = sqlite3_step(stmt_);
  if (last_code_ == SQLITE_ROW) return true;
  if (last_code_ == SQLITE_DONE) return false;
  throw_sqlite_error(db_, std::string("executing '") + sqlite3_sql(stmt_) + "'");
}

bool Statement::step_unless_constraint() {
  last_code_ = sqlite3_step(stmt_);
  if (last_code_ == SQLITE_DONE || last_code_ == SQLITE_ROW) return true;
  // Extended result codes are on, so step() returns SQLITE_CONSTRAINT_UNIQUE itself.
  if (last_code_ == SQLITE_CONSTRAINT_UNIQUE) {
    sqlite3_reset(stmt_);
    return false;
  }
  throw_sqlite_error(db_, std::string("executing '") + sqlite3_sql(stmt_) + "'");
}

std::string Statement::column_text(int column) const {
  const unsigned char* text = sqlite3_column_text(stmt_, column);
  if (text == nullptr) return {};
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::optional<std::string> Statement::column_optional_text(int column) const {
  if (sqlite3_column_type(stmt_, column) == SQLITE_NULL) return std::nullopt;
  return column_text(column);
}

std::int64_t Statement::column_int(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

void exec(sqlite3* db, const char* sql) {
  char* error = nullptr;
  if (const int code = sqlite3_exec(db, sql, nullptr, nullptr, &error); code != SQLITE_OK) {
    note_sqlite_error(code);
    std::string message = error != nullptr ? error : sqlite3_errmsg(db);
    sqlite3_free(error);
    throw StoreError(std::string("executing '") + sql + "': " + message);
  }
}

WriteTransaction::WriteTransaction(sqlite3* db) : db_(db) {
  exec(db, "BEGIN IMMEDIATE");
}

WriteTransaction::WriteTransaction(StatementCache& cache, sqlite3* db) : db_(db), cache_(&cache) {
  Statement(cache, db, "BEGIN IMMEDIATE").step();
}

WriteTransaction::~WriteTransaction() {
  // Nothing useful can be done with a failed rollback in a destructor; SQLite rolls back an
  // open transaction on close anyway.
  if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void WriteTransaction::commit() {
  if (cache_ != nullptr)
    Statement(*cache_, db_, "COMMIT").step();
  else
    exec(db_, "COMMIT");
  done_ = true;
}

}  // namespace rm::store::detail
