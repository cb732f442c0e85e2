// The check at open (docs/files-and-database.md#integrity-at-open): full (every page) unless the
// seal a clean close left in the lock file says the database file is as that run left it, or,
// for a reader, while a run is live; the cheap check still refuses the damage it can see.
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "ringmaster/store/store.hpp"
#include "tests/store/store_test_support.hpp"
#include "tests/support/scratch_files.hpp"

using rm::store::IntegrityCheck;
using rm::store::Store;
using rm::store::test::make_result;
using rm::store::test::TempDir;

namespace {

std::string slurp(const std::string& path) {
  return rm::test::read_whole_file(path);
}

void fill(const std::string& db, const std::string& lock, int games) {
  auto store = Store::open_for_run(db, lock);
  store->save_definition({{"d", 1}});
  store->save_competition_type("playoff");
  for (int i = 0; i < games; ++i)
    REQUIRE(store->commit_game(make_result(std::to_string(i)), {{"n", i}}));
}

// Writes 4 KB of junk over page `page` (numbered from 1) of the file, or over the page's
// bytes after `from`.
void junk_page(const std::string& db, std::int64_t page, std::size_t from = 0) {
  std::string junk(4096 - from, '\0');
  unsigned x = 29;
  for (auto& ch : junk) ch = static_cast<char>((x = x * 1103515245u + 12345u) >> 16);
  std::fstream file(db, std::ios::in | std::ios::out | std::ios::binary);
  file.seekp(static_cast<std::streamoff>((page - 1) * 4096 + static_cast<std::int64_t>(from)));
  file.write(junk.data(), static_cast<std::streamsize>(junk.size()));
  REQUIRE(file.good());
}

std::int64_t root_page(const std::string& db, const char* table) {
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(handle, "SELECT rootpage FROM sqlite_schema WHERE name = ?1", -1,
                             &stmt, nullptr) == SQLITE_OK);
  sqlite3_bind_text(stmt, 1, table, -1, SQLITE_STATIC);
  REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
  const std::int64_t page = sqlite3_column_int64(stmt, 0);
  sqlite3_finalize(stmt);
  sqlite3_close(handle);
  return page;
}

}  // namespace

TEST_CASE("a clean close seals the database: the next opens check cheaply, until the file changes",
          "[store][integrity]") {
  TempDir dir;
  const std::string db = dir.file("c.db"), lock = dir.file("c.lock");
  fill(db, lock, 50);
  CHECK_THAT(slurp(lock), Catch::StartsWith("ringmaster-seal 1 "));
  CHECK_FALSE(std::filesystem::exists(db + "-wal"));

  CHECK(Store::open_read_only(db, lock)->integrity_checked() == IntegrityCheck::cheap);
  // Without the lock file's path a reader has no seal to go by.
  CHECK(Store::open_read_only(db)->integrity_checked() == IntegrityCheck::full);
  {
    auto store = Store::open_for_run(db, lock);
    CHECK(store->integrity_checked() == IntegrityCheck::cheap);
    CHECK(slurp(lock).empty());  // cleared before anything is written
    REQUIRE(store->commit_game(make_result("more"), {{"n", 50}}));
    // A reader beside a live run trusts the run's check at its start.
    CHECK(Store::open_read_only(db, lock)->integrity_checked() == IntegrityCheck::cheap);
  }
  CHECK_THAT(slurp(lock), Catch::StartsWith("ringmaster-seal 1 "));
  CHECK(Store::open_read_only(db, lock)->integrity_checked() == IntegrityCheck::cheap);

  // Anything that writes to the file breaks the seal, even a byte written over with itself.
  {
    std::fstream file(db, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(20);
    file.put('\0');  // the header's "reserved space" byte, 0 in every database we make
    REQUIRE(file.good());
  }
  CHECK(Store::open_read_only(db, lock)->integrity_checked() == IntegrityCheck::full);
  CHECK(Store::open_for_run(db, lock)->integrity_checked() == IntegrityCheck::full);
  // ...and that run's clean close seals it again.
  CHECK(Store::open_for_run(db, lock)->integrity_checked() == IntegrityCheck::cheap);
}

TEST_CASE("a reader open beside the run's close leaves the seal valid", "[store][integrity]") {
  TempDir dir;
  const std::string db = dir.file("c.db"), lock = dir.file("c.lock");
  fill(db, lock, 20);
  auto writer = Store::open_for_run(db, lock);
  REQUIRE(writer->commit_game(make_result("late"), {{"n", 20}}));
  auto reader = Store::open_read_only(db, lock);
  CHECK(reader->game_count() == 21);
  writer.reset();  // checkpoints with the reader still open
  CHECK(reader->game_count() == 21);
  reader.reset();  // the last connection: removes the (empty) WAL
  CHECK(Store::open_read_only(db, lock)->integrity_checked() == IntegrityCheck::cheap);
}

TEST_CASE("a run after an unclean end checks the whole database", "[store][integrity]") {
  TempDir dir;
  const std::string db = dir.file("c.db"), lock = dir.file("c.lock");
  fill(db, lock, 30);
  REQUIRE_THAT(slurp(lock), Catch::StartsWith("ringmaster-seal 1 "));
  // A writer that ends without closing its store, as after a SIGKILL or a crash.
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    try {
      auto store = Store::open_for_run(db, lock);
      for (int i = 0; i < 5; ++i)
        if (!store->commit_game(make_result("k" + std::to_string(i)), {{"n", i}})) _exit(3);
      static_cast<void>(store.release());  // never closed
      _exit(0);
    } catch (...) {
      _exit(2);
    }
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  CHECK(slurp(lock).empty());  // the dead run left no seal

  CHECK(Store::open_read_only(db, lock)->integrity_checked() == IntegrityCheck::full);
  auto store = Store::open_for_run(db, lock);
  CHECK(store->integrity_checked() == IntegrityCheck::full);
  CHECK(store->game_count() == 35);
}

TEST_CASE("the cheap check refuses the damage it can see", "[store][integrity]") {
  TempDir dir;
  const std::string db = dir.file("c.db"), lock = dir.file("c.lock");
  fill(db, lock, 300);
  const auto size = std::filesystem::file_size(db);
  REQUIRE(size > 32 * 4096);
  const std::string pristine = slurp(db);

  const auto refused = [&](const std::string& what) {
    INFO(what);
    CHECK_THROWS_WITH(Store::open_read_only(db, lock, IntegrityCheck::cheap),
                      Catch::StartsWith("database " + db + " is damaged (") &&
                          Catch::Contains("restore it from a backup"));
    CHECK_THROWS_WITH(Store::open_for_run(db, lock, IntegrityCheck::cheap),
                      Catch::StartsWith("database " + db + " is damaged ("));
    std::ofstream(db, std::ios::binary | std::ios::trunc) << pristine;  // for the next case
    std::filesystem::remove(db + "-wal");
    std::filesystem::remove(db + "-shm");
  };
  CHECK_NOTHROW(Store::open_read_only(db, lock, IntegrityCheck::cheap));

  junk_page(db, 1, 100);  // the schema, after the header
  refused("the schema page");
  junk_page(db, root_page(db, "state"));
  refused("the state's page");
  junk_page(db, root_page(db, "meta"));
  refused("the meta table's page");
  junk_page(db, root_page(db, "games"));  // on the path to the last rows
  refused("the games table's root page");
  std::filesystem::resize_file(db, size / 2);  // a copy cut short
  refused("a file cut short");

  // Junk over a page in the middle of the games is beyond the cheap check's reach; the full
  // check, which an open makes whenever the file is not as a clean close left it, finds it.
  junk_page(db, static_cast<std::int64_t>(size / 2 / 4096));
  CHECK_THROWS_WITH(Store::open_read_only(db, lock),
                    Catch::StartsWith("database " + db + " is damaged ("));
}
