// Playoff and allplayall end to end with the real `ringmaster` and ringbot: runs to the end,
// SIGKILL-and-resume exactness, void games, control-file changes between runs, JSON reports.
#include <catch2/catch.hpp>
#include <csignal>
#include <map>
#include <random>
#include <set>

#include "tests/e2e/e2e_support.hpp"

using namespace std::chrono_literals;

namespace {

using rm::test::CompetitionDir;

const std::string kRingbots =
    "players:\n"
    "  weak: {command: [ringbot, --playouts, '2', --seed, '3']}\n"
    "  strong: {command: [ringbot, --playouts, '30', --seed, '4']}\n"
    "  mid: {command: [ringbot, --playouts, '8', --seed, '5']}\n"
    "board_size: 7\n"
    "komi: 4.5\n"
    "move_limit: 200\n";

std::string playoff_yaml(int games_1, int games_2) {
  return "competition_type: playoff\n" + kRingbots +
         "matchups:\n"
         "  - {player_1: weak, player_2: strong, alternating: true, number_of_games: " +
         std::to_string(games_1) +
         "}\n"
         "  - {player_1: mid, player_2: weak, id: mw, name: mid against weak, number_of_games: " +
         std::to_string(games_2) + "}\n";
}

}  // namespace

TEST_CASE("playoff runs to the end, show, report and report --json agree with the store",
          "[e2e][playoff]") {
  CompetitionDir c("po", playoff_yaml(6, 4));
  auto f = c.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  const auto games = c.games();
  CHECK(games.size() == 10);
  std::set<std::string> ids;
  for (const auto& g : games) {
    ids.insert(g.game_id);
    REQUIRE(std::filesystem::exists(g.sgf_path));
  }
  CHECK(ids == std::set<std::string>{"0_0", "0_1", "0_2", "0_3", "0_4", "0_5", "mw_0", "mw_1",
                                     "mw_2", "mw_3"});
  CHECK_THAT(rm::test::slurp(c.file(".games/mw_0.sgf")),
             Catch::Contains("EV[po (mid against weak)]"));
  CHECK_THAT(rm::test::slurp(c.file(".games/0_1.sgf")), Catch::Contains("PB[ringbot"));

  auto show = c.run({"show"});
  REQUIRE(show.exit_status == 0);
  CHECK_THAT(
      show.out,
      Catch::StartsWith("playoff: po\n\nweak v strong (6/6 games)\nboard size: 7   komi: 4.5\n"));
  CHECK_THAT(show.out, Catch::Contains("mid against weak (4/4 games)"));
  CHECK_THAT(show.out, Catch::Contains("weak v strong: Elo"));
  auto report = c.run({"report", "--json"});
  REQUIRE(report.exit_status == 0);
  auto json = nlohmann::json::parse(report.out);
  CHECK(json.at("competition_type") == "playoff");
  CHECK(json.at("games_played") == 10);
  const auto& m0 = json.at("matchups").at(0);
  CHECK(m0.at("games_played") == 6);
  CHECK(m0.at("players").at(0).at("wins").get<double>() +
            m0.at("players").at(1).at("wins").get<double>() ==
        6);
  CHECK(m0.at("pairs").at("ll").get<int>() + m0.at("pairs").at("ld").get<int>() +
            m0.at("pairs").at("wl_dd").get<int>() + m0.at("pairs").at("wd").get<int>() +
            m0.at("pairs").at("ww").get<int>() ==
        3);
  CHECK(std::filesystem::exists(c.file(".report")));
  CHECK_THAT(rm::test::slurp(c.file(".hist")), Catch::Contains("   mw_0 "));

  // number_of_games may go up between runs: only the new games are played.
  c.write(playoff_yaml(8, 4));
  f = c.run({"run", "-q"});
  REQUIRE(f.exit_status == 0);
  CHECK(c.games().size() == 12);
  CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
}

TEST_CASE("playoff with --affinity: games pinned to CPUs give the same results", "[e2e][playoff]") {
  CompetitionDir free_run("pofree", playoff_yaml(4, 2));
  CompetitionDir pinned("popin", playoff_yaml(4, 2));
  REQUIRE(free_run.run({"run", "-j", "2", "-q"}).exit_status == 0);
  auto f = pinned.run({"run", "-j", "3", "--affinity", "-q"});  // 3 workers, round robin
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK_THAT(rm::test::slurp(pinned.file(".log")), Catch::Contains("games pinned to CPUs "));
  std::map<std::string, std::string> expected, got;
  for (const auto& g : free_run.games()) expected[g.game_id] = g.sgf_result;
  for (const auto& g : pinned.games()) got[g.game_id] = g.sgf_result;
  CHECK(got.size() == 6);
  CHECK(got == expected);  // ringbot's games depend on its seed and the game id only
  CHECK(rm::test::tagged_processes_after(pinned.tag(), 5s).empty());
}

TEST_CASE("playoff killed at random moments still ends with every game exactly once",
          "[e2e][playoff][kill]") {
  // About 3 s of games on 2 cores, so that the kills land mid-run.
  const int per_matchup = 300;
  CompetitionDir c("pokill", playoff_yaml(per_matchup, per_matchup));
  const int kills_before_the_end = rm::test::kill_at_random_moments(c, 3, 77, 200, 900);
  CHECK(kills_before_the_end >= 1);
  auto last = c.run({"run", "-j", "2", "-q"});
  INFO(last.err);
  REQUIRE(last.exit_status == 0);
  const auto games = c.games();
  REQUIRE(games.size() == 2 * per_matchup);
  std::set<std::string> ids;
  std::map<std::string, double> weak_wins_by_matchup;
  for (const auto& g : games) {
    CHECK(ids.insert(g.game_id).second);
    CHECK(std::filesystem::exists(g.sgf_path));
    if (g.winning_code() == "weak")
      weak_wins_by_matchup[g.game_id.substr(0, g.game_id.find('_'))] += 1;
  }
  auto json = nlohmann::json::parse(c.run({"show", "--json"}).out);
  CHECK(json.at("games_played") == 2 * per_matchup);
  for (const auto& m : json.at("matchups")) {
    CHECK(m.at("games_played") == per_matchup);
    for (const auto& p : m.at("players"))
      if (p.at("code") == "weak")
        CHECK(p.at("wins").get<double>() == weak_wins_by_matchup[m.at("id").get<std::string>()]);
  }
}

TEST_CASE("playoff: an engine that crashes makes the game void and halts the run",
          "[e2e][playoff][void]") {
  const std::string crasher = std::string(RM_BIN_DIR) + "/scripted_engine";
  CompetitionDir c("povoid",
                   "competition_type: playoff\n"
                   "players:\n"
                   "  ok: {command: ['" +
                       crasher +
                       "', --seed, '1']}\n"
                       "  crash: {command: ['" +
                       crasher +
                       "', --crash-after-moves, '2']}\n"
                       "board_size: 7\nkomi: 4.5\n"
                       "matchups: [[ok, crash]]\nnumber_of_games: 5\n");
  auto f = c.run({"run", "-q"});
  INFO(f.err);
  // A run that halts on errors says so and fails.
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err, Catch::Contains("ringmaster: run halted: too many void games (see "));
  auto store = rm::store::Store::open_read_only(c.file(".db"));
  CHECK(store->game_count() == 0);
  CHECK(store->void_game_count() == 1);
  const std::string log = rm::test::slurp(c.file(".log"));
  CHECK_THAT(log, Catch::Contains("halting competition: too many void games"));
  CHECK_THAT(log, Catch::Contains("game 0_0 -- aborting game due to error:\nerror reading "
                                  "response to 'genmove w' from player crash:"));
  // show, report and the JSON say why the run stopped.
  const std::string note = "the last run halted on errors: too many void games";
  CHECK_THAT(c.run({"show"}).out, Catch::Contains(note));
  CHECK_THAT(c.run({"report"}).out, Catch::Contains(note));
  CHECK_THAT(rm::test::slurp(c.file(".report")), Catch::Contains(note));
  auto json = nlohmann::json::parse(c.run({"show", "--json"}).out);
  CHECK(json.at("last_run_halt") ==
        nlohmann::json({{"reason", "too many void games"}, {"error", true}}));
  CHECK(std::filesystem::exists(c.file(".void/0_0.sgf")));
  CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
}

TEST_CASE("playoff: changing a matchup's players between runs is refused", "[e2e][playoff]") {
  CompetitionDir c("pochange", playoff_yaml(2, 0));
  REQUIRE(c.run({"run", "-q"}).exit_status == 0);
  c.write("competition_type: playoff\n" + kRingbots +
          "matchups:\n  - {player_1: weak, player_2: mid, number_of_games: 4}\n");
  auto f = c.run({"run", "-q"});
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err,
             Catch::Contains("existing results for matchup 0 are inconsistent with control file"));
  // A removed matchup is no error: it is reported as a ghost.
  c.write("competition_type: playoff\n" + kRingbots +
          "matchups:\n  - {player_1: weak, player_2: mid, id: new, number_of_games: 2}\n");
  f = c.run({"run", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  auto show = c.run({"show"});
  CHECK_THAT(show.out, Catch::Contains("weak v strong (missing from control file) (2 games)"));
  CHECK_THAT(show.out, Catch::Contains("weak v mid (2/2 games)"));
}

TEST_CASE("allplayall runs every pair, and a competitor appended later plays the others",
          "[e2e][allplayall]") {
  const std::string head = "competition_type: allplayall\n" + kRingbots + "rounds: 2\n";
  CompetitionDir c("apa", head + "competitors: [weak, strong]\n");
  REQUIRE(c.run({"run", "-j", "2", "-q"}).exit_status == 0);
  CHECK(c.games().size() == 2);
  c.write(head + "competitors: [weak, strong, mid]\n");
  auto f = c.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(c.games().size() == 6);
  auto show = c.run({"show"});
  CHECK_THAT(show.out, Catch::Contains("6/6 games played"));
  CHECK_THAT(show.out, Catch::Contains("A weak"));
  auto report = c.run({"report"});
  CHECK_THAT(report.out, Catch::Contains("strong v mid (2/2 games)"));
  auto json = nlohmann::json::parse(c.run({"report", "--json"}).out);
  CHECK(json.at("competitors").size() == 3);
  CHECK(json.at("matchups").size() == 3);
  c.write(head + "competitors: [strong, mid]\n");
  f = c.run({"run", "-q"});
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err, Catch::Contains("competitor has been removed from control file: weak"));
}
