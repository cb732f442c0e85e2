// The statistics committed with each game must give exactly what rebuilding them from every
// stored game gives, for each competition type; statistics that do not cover the stored games
// (a game committed without them, a database from before they were kept) are rebuilt.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <string>

#include "ringmaster/competitions/competition_type.hpp"
#include "tests/scale/scale_test_support.hpp"

namespace {

using rm::scale::test::add_games;
using rm::scale::test::copy_control;

struct Reports {
  std::string full, short_report;
  nlohmann::json json;
  bool from_statistics = false;
};

Reports read_reports(const std::string& control_path) {
  const auto control = rm::comp::load_control_file(control_path);
  const auto paths = rm::run::CompetitionPaths::for_control_file(control_path);
  auto session = rm::run::open_read_only(control, paths);
  Reports r;
  r.full = session.competition->full_report();
  r.short_report = session.competition->short_report();
  r.json = session.competition->json_report();
  r.from_statistics = session.store->load_statistics().has_value();
  return r;
}

void exec_sql(const std::string& db_path, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_path.c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

}  // namespace

TEST_CASE("stored statistics give the same reports as rebuilding them from the games",
          "[scale][statistics]") {
  for (const char* type : rm::scale::test::kTypes) {
    DYNAMIC_SECTION(type) {
      rm::test::TempDir dir;
      const std::string control = copy_control(dir, type);
      const std::string db = dir.file(std::string(type) + ".db");
      add_games(control, 40, 7);
      add_games(control, 37, 8);  // a second run resumes from the stored statistics
      const Reports stored = read_reports(control);
      REQUIRE(stored.from_statistics);

      exec_sql(db, "DELETE FROM statistics");
      const Reports rebuilt = read_reports(control);
      CHECK_FALSE(rebuilt.from_statistics);
      CHECK(rebuilt.full == stored.full);
      CHECK(rebuilt.short_report == stored.short_report);
      CHECK(rebuilt.json == stored.json);

      // A run stores them again, so that only its open pays for the rebuild.
      add_games(control, 0, 9);
      CHECK(read_reports(control).from_statistics);
    }
  }
}

TEST_CASE("statistics that do not cover every stored game are not used", "[scale][statistics]") {
  rm::test::TempDir dir;
  const std::string control = copy_control(dir, "playoff");
  add_games(control, 20, 1);
  add_games(control, 3, 2, false);  // three games committed without statistics
  const Reports r = read_reports(control);
  CHECK_FALSE(r.from_statistics);
  int games = 0;
  for (const auto& m : r.json.at("matchups")) games += m.at("games_played").get<int>();
  CHECK(games == 23);
}

TEST_CASE("statistics of another format are rebuilt", "[scale][statistics]") {
  rm::test::TempDir dir;
  const std::string control = copy_control(dir, "mc_tuner");
  add_games(control, 30, 3);
  const Reports before = read_reports(control);
  exec_sql(dir.file("mc_tuner.db"),
           "UPDATE statistics SET statistics_json = json_set(statistics_json, '$.format', 99)");
  const Reports after = read_reports(control);
  CHECK(after.full == before.full);
}

TEST_CASE("model_tuner: samples leave the state for the archive in chunks of 1000",
          "[scale][archive]") {
  rm::test::TempDir dir;
  const std::string control = copy_control(dir, "model_tuner");
  add_games(control, 1500, 4);
  add_games(control, 1000, 5);  // resumed from 1 chunk + 500 samples in the state
  const Reports before = read_reports(control);
  CHECK(before.json.at("results").at("games") == 2500);

  const auto cf = rm::comp::load_control_file(control);
  const auto paths = rm::run::CompetitionPaths::for_control_file(control);
  auto session = rm::run::open_read_only(cf, paths);
  CHECK(session.store->archive_chunks().size() == 2);
  const auto state = session.store->load_state();
  REQUIRE(state);
  CHECK(state->at("archived_samples") == 2000);
  CHECK(state->at("samples").size() == 500);

  // A chunk lost from the archive: the stored samples no longer add up.
  exec_sql(dir.file("model_tuner.db"), "DELETE FROM archive WHERE seq = 1");
  CHECK_THROWS_WITH(read_reports(control), Catch::Contains("the archive holds 1000 samples"));
}

TEST_CASE("ce_tuner: finished generations leave the state for the archive", "[scale][archive]") {
  const std::string yaml =
      "competition_type: ce_tuner\n"
      "players:\n  opp: {command: [\"true\"]}\n"
      "skip_player_checks: true\nrecord_games: false\n"
      "board_size: 9\nkomi: 7.5\nopponent: opp\n"
      "candidate_colour: b\nsamples_per_generation: 4\n"
      "batch_size: 2\nnumber_of_generations: 5\n"
      "elite_proportion: 0.5\nstep_size: 0.6\nseed: 3\n"
      "parameters:\n"
      "  - {code: c, initial_mean: 0.5, initial_variance: 0.1}\n"
      "candidate:\n  command: [\"true\", \"{c}\"]\n";
  rm::test::TempDir dir;
  const std::string control = dir.write("ce.yaml", yaml);
  add_games(control, 13, 1);
  add_games(control, 7, 2);  // 20 games: generations 1 and 2 finished, 3 half played
  const Reports before = read_reports(control);

  const auto cf = rm::comp::load_control_file(control);
  const auto paths = rm::run::CompetitionPaths::for_control_file(control);
  {
    auto session = rm::run::open_read_only(cf, paths);
    CHECK(session.store->archive_chunks().size() == 2);
    const auto state = session.store->load_state();
    REQUIRE(state);
    CHECK(state->at("archived_history") == 2);
    CHECK(state->at("history").empty());
  }
  // The generations' records are in the reports as before the archive existed: the report of
  // a competition that played the same 20 games in one session, with no resume.
  rm::test::TempDir other;
  const std::string one_run = other.write("ce.yaml", yaml);
  add_games(one_run, 13, 1);
  add_games(one_run, 7, 2);
  CHECK(read_reports(one_run).full == before.full);

  exec_sql(dir.file("ce.db"), "DELETE FROM archive WHERE seq = 2");
  CHECK_THROWS_WITH(read_reports(control), Catch::Contains("the archive holds 1 generations"));
}
