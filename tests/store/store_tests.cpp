#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>

#include "ringmaster/store/store.hpp"
#include "tests/store/store_test_support.hpp"

using rm::store::Store;
using rm::store::test::make_result;
using rm::store::test::TempDir;

TEST_CASE("a new store is empty and at the current schema version", "[store]") {
  TempDir dir;
  auto store = Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
  CHECK(store->schema_version() == rm::store::kSchemaVersion);
  CHECK_FALSE(store->load_definition().has_value());
  CHECK_FALSE(store->load_state().has_value());
  CHECK(store->competition_type().empty());
  CHECK(store->game_count() == 0);
  CHECK(store->void_game_count() == 0);
  CHECK(store->games().empty());
}

TEST_CASE("definition, type, state and games round trip through a reopen", "[store]") {
  TempDir dir;
  const nlohmann::json definition = {{"parameters", {{{"code", "pl"}, {"split", 5}}}},
                                     {"initial_visits", 10}};
  {
    auto store = Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
    store->save_definition(definition);
    store->save_competition_type("mc_tuner");
    CHECK(store->commit_game(make_result("0", "b"), {{"n", 1}}));
    CHECK(store->commit_game(make_result("1", "w"), {{"n", 2}}));
    auto void_result = make_result("2", "");
    void_result.is_void = true;
    void_result.void_reason = "engine exited";
    void_result.sgf_result = "Void";
    void_result.sgf_path.clear();
    store->commit_void_game(void_result, {{"n", 2}, {"voids", 1}});
  }
  auto store = Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
  CHECK(store->load_definition() == definition);
  CHECK(store->competition_type() == "mc_tuner");
  CHECK(store->load_state() == nlohmann::json({{"n", 2}, {"voids", 1}}));
  CHECK(store->game_count() == 2);
  CHECK(store->void_game_count() == 1);
  const auto games = store->games();
  REQUIRE(games.size() == 2);
  CHECK(games[0].game_id == "0");
  CHECK(games[1].game_id == "1");
  CHECK(games[1].winner == "w");
  CHECK(games[1].margin == 4.5);
  CHECK(games[0].white_code == make_result("0").white_code);
  CHECK(games[0].black_long_description == "Alpha engine\nversion 1");
  CHECK(games[0].black_cpu_s == 0.25);
  CHECK(games[0].warnings == std::vector<std::string>{"a warning"});
  const auto voids = store->void_games();
  REQUIRE(voids.size() == 1);
  CHECK(voids[0].is_void);
  CHECK(voids[0].void_reason == "engine exited");
}

TEST_CASE("committing a game id twice is refused and leaves the state alone", "[store]") {
  TempDir dir;
  auto store = Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
  CHECK(store->commit_game(make_result("7"), {{"n", 1}}));
  CHECK_FALSE(store->commit_game(make_result("7", "w"), {{"n", 99}}));
  CHECK(store->game_count() == 1);
  CHECK(store->load_state() == nlohmann::json({{"n", 1}}));
  CHECK(store->games().at(0).winner == "b");
  // The store is still usable after the refused transaction.
  CHECK(store->commit_game(make_result("8"), {{"n", 2}}));
  CHECK(store->load_state() == nlohmann::json({{"n", 2}}));
}

TEST_CASE("a void game id may recur (a replayed job can be void again)", "[store]") {
  TempDir dir;
  auto store = Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
  auto r = make_result("0_1", "");
  r.is_void = true;
  store->commit_void_game(r, {{"v", 1}});
  store->commit_void_game(r, {{"v", 2}});
  CHECK(store->void_game_count() == 2);
  CHECK(store->commit_game(make_result("0_1"), {{"v", 3}}));
}

TEST_CASE("a second process cannot open the competition for a run", "[store]") {
  TempDir dir;
  auto store = Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // 0: refused with StoreLocked and its message; 1: opened; 2: other error.
    int code = 2;
    try {
      Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
      code = 1;
    } catch (const rm::store::StoreLocked& e) {
      code = std::string(e.what()) == "competition is already running" ? 0 : 2;
    } catch (...) {
    }
    _exit(code);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("the lock is released when the store is closed", "[store]") {
  TempDir dir;
  Store::open_for_run(dir.file("c.db"), dir.file("c.lock")).reset();
  CHECK_NOTHROW(Store::open_for_run(dir.file("c.db"), dir.file("c.lock")));
}

TEST_CASE("a read-only store sees a running writer's commits and cannot write", "[store]") {
  TempDir dir;
  auto writer = Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
  writer->save_definition({{"d", 1}});
  REQUIRE(writer->commit_game(make_result("0"), {{"n", 1}}));
  auto reader = Store::open_read_only(dir.file("c.db"));
  CHECK(reader->game_count() == 1);
  CHECK(reader->load_definition() == nlohmann::json({{"d", 1}}));
  REQUIRE(writer->commit_game(make_result("1"), {{"n", 2}}));
  CHECK(reader->game_count() == 2);
  CHECK(reader->load_state() == nlohmann::json({{"n", 2}}));
  CHECK_THROWS_AS(reader->commit_game(make_result("2"), {{"n", 3}}), rm::store::StoreError);
  CHECK_THROWS_AS(reader->save_definition({}), rm::store::StoreError);
}

TEST_CASE("reading a closed competition leaves no -wal or -shm file behind", "[store]") {
  TempDir dir;
  {
    auto writer = Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
    REQUIRE(writer->commit_game(make_result("0"), {{"n", 1}}));
  }
  REQUIRE_FALSE(std::filesystem::exists(dir.file("c.db-wal")));
  {
    auto reader = Store::open_read_only(dir.file("c.db"));
    CHECK(reader->game_count() == 1);
  }
  CHECK_FALSE(std::filesystem::exists(dir.file("c.db-wal")));
  CHECK_FALSE(std::filesystem::exists(dir.file("c.db-shm")));
}

TEST_CASE("read-only open of a missing or foreign file is a clear error", "[store]") {
  TempDir dir;
  CHECK_THROWS_WITH(Store::open_read_only(dir.file("missing.db")), Catch::Contains("no database"));
  {
    FILE* f = std::fopen(dir.file("junk.db").c_str(), "w");
    REQUIRE(f != nullptr);
    std::fputs("this is not sqlite at all, just some text that is long enough to be a header......",
               f);
    std::fclose(f);
  }
  CHECK_THROWS_AS(Store::open_read_only(dir.file("junk.db")), rm::store::StoreError);
  CHECK_THROWS_AS(Store::open_for_run(dir.file("junk.db"), dir.file("junk.lock")),
                  rm::store::StoreError);
}

TEST_CASE("a database from a newer schema version is refused", "[store]") {
  TempDir dir;
  { auto store = Store::open_for_run(dir.file("c.db"), dir.file("c.lock")); }
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(dir.file("c.db").c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "UPDATE meta SET value = '99' WHERE key = 'schema_version'", nullptr,
                         nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  CHECK_THROWS_WITH(Store::open_for_run(dir.file("c.db"), dir.file("c.lock")),
                    Catch::Contains("newer"));
  CHECK_THROWS_WITH(Store::open_read_only(dir.file("c.db")), Catch::Contains("newer"));
}

TEST_CASE("recent_games: the last games in commit order, all when fewer", "[store]") {
  TempDir dir;
  auto store = Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
  store->save_definition({{"d", 1}});
  store->save_competition_type("playoff");
  for (int i = 0; i < 5; ++i)
    REQUIRE(store->commit_game(make_result(std::to_string(i), i % 2 ? "w" : "b"), {{"n", i}}));
  const auto last = store->recent_games(3);
  REQUIRE(last.size() == 3);
  CHECK(last[0].game_id == "2");
  CHECK(last[1].game_id == "3");
  CHECK(last[2].game_id == "4");
  CHECK(last[1].winner == "w");
  CHECK(store->recent_games(10).size() == 5);
  CHECK(store->recent_games(0).empty());
}

TEST_CASE("recent_games_between: the last games in a seq range, the last seq and its stamp",
          "[store]") {
  TempDir dir;
  auto store = Store::open_for_run(dir.file("c.db"), dir.file("c.lock"));
  store->save_definition({{"d", 1}});
  store->save_competition_type("playoff");
  CHECK(store->last_game_seq() == 0);
  CHECK(store->game_stamp_at(1).empty());
  for (int i = 0; i < 6; ++i)
    REQUIRE(store->commit_game(make_result(std::to_string(i), i % 2 ? "w" : "b"), {{"n", i}}));
  const std::int64_t last = store->last_game_seq();
  const auto ids = [](const std::vector<rm::game::GameResult>& games) {
    std::vector<std::string> out;
    for (const auto& g : games) out.push_back(g.game_id);
    return out;
  };
  // Games 2..5 are after the second one; at most 3 of them: the last 3.
  CHECK(ids(store->recent_games_between(last - 4, last, 3)) ==
        std::vector<std::string>{"3", "4", "5"});
  CHECK(ids(store->recent_games_between(last - 4, last, 10)) ==
        std::vector<std::string>{"2", "3", "4", "5"});
  CHECK(ids(store->recent_games_between(last - 4, last - 1, 10)) ==
        std::vector<std::string>{"2", "3", "4"});
  CHECK(store->recent_games_between(last, last, 10).empty());
  // An empty range (upto before after), and ranges at the ends of the seq type.
  CHECK(store->recent_games_between(last, last - 2, 10).empty());
  CHECK(ids(store->recent_games_between(std::numeric_limits<std::int64_t>::min(), last, 2)) ==
        std::vector<std::string>{"4", "5"});
  CHECK(store
            ->recent_games_between(std::numeric_limits<std::int64_t>::max(),
                                   std::numeric_limits<std::int64_t>::min(), 10)
            .empty());
  CHECK(ids(store->recent_games_between(0, last, 10)) == ids(store->games()));
  // The stamp names the game and when it was committed.
  CHECK(store->game_stamp_at(last).rfind("5 ", 0) == 0);
  CHECK(store->game_stamp_at(last + 1).empty());
}

TEST_CASE("a database damaged in the middle is refused at open, naming the file", "[store]") {
  TempDir dir;
  const std::string db = dir.file("c.db");
  {
    auto store = Store::open_for_run(db, dir.file("c.lock"));
    store->save_definition({{"d", 1}});
    store->save_competition_type("playoff");
    for (int i = 0; i < 300; ++i)
      REQUIRE(store->commit_game(make_result(std::to_string(i)), {{"n", i}}));
  }  // closed: the WAL is checkpointed into the database file
  const auto size = std::filesystem::file_size(db);
  REQUIRE(size > 16 * 4096);
  {
    // 4 KB of (seeded) random bytes over a page in the middle: not the header.
    std::mt19937 rng(29);
    std::string junk(4096, '\0');
    for (auto& c : junk) c = static_cast<char>(rng());
    std::fstream file(db, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(static_cast<std::streamoff>(size / 2 / 4096 * 4096));
    file.write(junk.data(), static_cast<std::streamsize>(junk.size()));
    REQUIRE(file.good());
  }
  CHECK_THROWS_WITH(Store::open_for_run(db, dir.file("c.lock")),
                    Catch::StartsWith("database " + db + " is damaged (") &&
                        Catch::Contains("restore it from a backup"));
  CHECK_THROWS_WITH(Store::open_read_only(db),
                    Catch::StartsWith("database " + db + " is damaged ("));
}
