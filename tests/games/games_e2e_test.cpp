// Openings, clocks and adjudication end to end: `ringmaster check` refusing a bad opening
// file, and a playoff run with the real `ringmaster` and ringbot whose records, results and
// reports show the openings (pairs, colours swapped), the clocks and who decided.
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>

#include "tests/e2e/e2e_support.hpp"

namespace {

using rm::test::CompetitionDir;

const std::string kPlayoff =
    "competition_type: playoff\n"
    "players:\n"
    "  weak: {command: [ringbot, --playouts, '2', --seed, '3']}\n"
    "  strong: {command: [ringbot, --playouts, '20', --seed, '4']}\n"
    "board_size: 7\n"
    "komi: 4.5\n"
    "move_limit: 200\n"
    "time_control: {system: canadian, main_time: 60, period_time: 30, period_moves: 10}\n"
    "adjudication: {arbiter: internal}\n"
    "matchups:\n"
    "  - {player_1: weak, player_2: strong, number_of_games: 6}\n";

void write_openings(const CompetitionDir& c) {
  const auto dir = std::filesystem::path(c.control()).parent_path() / "openings";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a.sgf") << "(;SZ[7];B[dd];W[cc])";
  std::ofstream(dir / "b.sgf") << "(;SZ[7]AB[bb][ff])";
}

}  // namespace

TEST_CASE("a playoff with openings in pairs, clocks and an arbiter", "[e2e][games]") {
  CompetitionDir c("gm", kPlayoff + "openings: {sgf: openings, report: true}\n");
  write_openings(c);
  auto check = c.run({"check"});
  INFO(check.err);
  REQUIRE(check.exit_status == 0);
  auto f = c.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  const auto games = c.games();
  REQUIRE(games.size() == 6);
  std::map<std::string, rm::game::GameResult> by_id;
  for (const auto& g : games) by_id[g.game_id] = g;
  // Game numbers 2k and 2k+1 share opening k (in order, cycling), colours swapped.
  CHECK(by_id["0_0"].opening == "openings/a.sgf");
  CHECK(by_id["0_1"].opening == "openings/a.sgf");
  CHECK(by_id["0_2"].opening == "openings/b.sgf");
  CHECK(by_id["0_4"].opening == "openings/a.sgf");
  CHECK(by_id["0_0"].black_code == "weak");
  CHECK(by_id["0_1"].black_code == "strong");
  const std::string sgf0 = rm::test::slurp(c.file(".games/0_0.sgf"));
  CHECK_THAT(sgf0, Catch::Contains(";B[dd]") && Catch::Contains("Opening openings/a.sgf"));
  CHECK_THAT(sgf0, Catch::Contains("TM[60]") && Catch::Contains("BL["));
  CHECK_THAT(rm::test::slurp(c.file(".games/0_2.sgf")), Catch::Contains("AB[bb][ff]"));

  auto report = c.run({"report"});
  REQUIRE(report.exit_status == 0);
  const std::string text = report.out + rm::test::slurp(c.file(".report"));
  CHECK_THAT(text, Catch::Contains("results per opening:") && Catch::Contains("openings/b.sgf"));
  auto json = c.run({"report", "--json"});
  REQUIRE(json.exit_status == 0);
  const auto j = nlohmann::json::parse(json.out);
  REQUIRE(j.contains("openings"));
  CHECK(j["openings"].size() == 2);
  CHECK(j["openings"][0]["name"] == "openings/a.sgf");
  CHECK(j["openings"][0]["games"] == 4);
  CHECK(j["openings"][1]["games"] == 2);
}

TEST_CASE("check refuses a bad opening file, naming the file and position", "[e2e][games]") {
  CompetitionDir c("bad", kPlayoff + "openings: {sgf: openings/a.sgf}\n");
  write_openings(c);
  const auto file = std::filesystem::path(c.control()).parent_path() / "openings" / "a.sgf";
  std::ofstream(file) << "(;SZ[7]\n;B[dd]\n;W[dd])";
  auto check = c.run({"check"});
  CHECK(check.exit_status != 0);
  CHECK_THAT(check.err, Catch::Contains(file.string() + ":3:2: openings: move W D4 is illegal"));
}
