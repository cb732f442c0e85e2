// Playoff and allplayall: scheduling, colours, game ids, void games, resume, ghosts, reports.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/tournaments/allplayall.hpp"
#include "ringmaster/competitions/tournaments/playoff.hpp"
#include "tests/competitions/tuner_fixture.hpp"

namespace {

using rm::comp::test::TempDir;

rm::control::ControlFile load(const TempDir& dir, const std::string& name,
                              const std::string& yaml) {
  const std::string path = dir.path() + "/" + name;
  // p.yaml holds a playoff, a.yaml an allplayall.
  std::ofstream(path) << "competition_type: " << (name[0] == 'p' ? "playoff" : "allplayall") << "\n"
                      << yaml;
  return rm::comp::load_control_file(path);
}

const std::string kPlayers =
    "players:\n"
    "  a: {command: [ringbot]}\n"
    "  b: {command: [ringbot]}\n"
    "  c: {command: [ringbot]}\n"
    "board_size: 9\n"
    "komi: 7.5\n";

rm::game::GameResult result(const rm::game::GameJob& job, const std::string& winner_code,
                            double cpu = 0.0) {
  rm::game::GameResult r;
  r.game_id = job.game_id;
  r.black_code = job.black.code;
  r.white_code = job.white.code;
  r.winner = winner_code == job.black.code ? "b" : "w";
  r.sgf_result = r.winner == "b" ? "B+R" : "W+R";
  r.black_cpu_s = cpu;
  r.white_cpu_s = cpu;
  r.black_long_description = job.black.code + " engine";
  r.white_long_description = job.white.code + " engine";
  return r;
}

std::vector<std::string> issue_all(rm::comp::Competition& c) {
  std::vector<std::string> ids;
  while (auto request = c.next_job()) ids.push_back(request->job.game_id);
  return ids;
}

}  // namespace

TEST_CASE("playoff: fewest-issued scheduling, control-file order on ties, padded ids",
          "[playoff]") {
  TempDir dir;
  auto cf = load(dir, "p.yaml",
                 kPlayers +
                     "matchups:\n"
                     "  - {player_1: a, player_2: b, number_of_games: 3}\n"
                     "  - {player_1: a, player_2: c, number_of_games: 11}\n");
  rm::comp::Playoff p(cf);
  auto ids = issue_all(p);
  std::vector<std::string> expected{"0_0",  "1_00", "0_1",  "1_01", "0_2",  "1_02", "1_03",
                                    "1_04", "1_05", "1_06", "1_07", "1_08", "1_09", "1_10"};
  CHECK(ids == expected);
}

TEST_CASE("playoff: alternating puts player_2 in Black for odd game numbers", "[playoff]") {
  TempDir dir;
  auto cf = load(dir, "p.yaml",
                 kPlayers +
                     "matchups:\n"
                     "  - {player_1: a, player_2: b, number_of_games: 4, alternating: true}\n"
                     "  - {player_1: a, player_2: c, number_of_games: 2}\n");
  rm::comp::Playoff p(cf);
  std::vector<std::string> blacks;
  while (auto r = p.next_job()) blacks.push_back(r->job.game_id + ":" + r->job.black.code);
  CHECK(blacks == std::vector<std::string>{"0_0:a", "1_0:a", "0_1:b", "1_1:a", "0_2:a", "0_3:b"});
}

TEST_CASE("playoff: the same player twice plays a clone named <code>#2", "[playoff]") {
  TempDir dir;
  auto cf = load(dir, "p.yaml", kPlayers + "matchups:\n  - [a, a]\nnumber_of_games: 1\n");
  rm::comp::Playoff p(cf);
  auto request = p.next_job();
  REQUIRE(request);
  CHECK(request->job.black.code == "a");
  CHECK(request->job.white.code == "a#2");
}

TEST_CASE(
    "playoff: a void game halts unless the matchup finished a game in this run, then it is "
    "replayed",
    "[playoff]") {
  TempDir dir;
  auto cf = load(dir, "p.yaml", kPlayers + "matchups:\n  - [a, b]\nnumber_of_games: 10\n");
  rm::comp::Playoff p(cf);
  auto first = p.next_job();
  CHECK_FALSE(p.on_void(rm::comp::test::void_for(first->job)));  // nothing finished yet in this run

  rm::comp::Playoff q(cf);
  auto g0 = q.next_job();
  q.on_result(result(g0->job, "a"));
  auto g1 = q.next_job();
  CHECK(q.on_void(rm::comp::test::void_for(g1->job)));  // replayed...
  auto replay = q.next_job();
  REQUIRE(replay);
  CHECK(replay->job.game_id == g1->job.game_id);                  // ...with the same id
  CHECK_FALSE(q.on_void(rm::comp::test::void_for(replay->job)));  // twice in a row: halt
  // The unfinished number is reissued by the next run.
  rm::comp::Playoff next_run(cf);
  next_run.restore(q.state());
  auto reissued = next_run.next_job();
  REQUIRE(reissued);
  CHECK(reissued->job.game_id == g1->job.game_id);
}

TEST_CASE("playoff: state round trip reissues unfinished games lowest first and keeps results",
          "[playoff]") {
  TempDir dir;
  auto cf = load(dir, "p.yaml", kPlayers + "matchups:\n  - [a, b]\nnumber_of_games: 10\n");
  rm::comp::Playoff p(cf);
  std::vector<rm::comp::JobRequest> jobs;
  for (int i = 0; i < 4; ++i) jobs.push_back(*p.next_job());
  std::vector<rm::game::GameResult> committed{result(jobs[2].job, "a"), result(jobs[0].job, "b")};
  for (const auto& r : committed) p.on_result(r);

  rm::comp::Playoff resumed(cf);
  resumed.restore(p.state());
  resumed.restore_games(committed);
  CHECK(resumed.next_job()->job.game_id == "0_1");
  CHECK(resumed.next_job()->job.game_id == "0_3");
  CHECK(resumed.next_job()->job.game_id == "0_4");
  CHECK(resumed.games_remaining() == 8);
  CHECK(resumed.short_report() == p.short_report());
}

TEST_CASE("playoff: changing a matchup's players is refused with gomill's message", "[playoff]") {
  TempDir dir;
  auto cf = load(dir, "p.yaml", kPlayers + "matchups:\n  - [a, b]\nnumber_of_games: 10\n");
  rm::comp::Playoff p(cf);
  p.on_result(result(p.next_job()->job, "a"));
  auto changed = load(dir, "p.yaml", kPlayers + "matchups:\n  - [a, c]\nnumber_of_games: 10\n");
  rm::comp::Playoff q(changed);
  CHECK_THROWS_WITH(q.restore(p.state()),
                    "existing results for matchup 0 are inconsistent with control file:\n"
                    "result players are a,b;\ncontrol file players are a,c");
}

TEST_CASE("playoff: a matchup removed from the control file stays in reports as a ghost",
          "[playoff]") {
  TempDir dir;
  auto cf = load(dir, "p.yaml",
                 kPlayers +
                     "matchups:\n"
                     "  - {player_1: a, player_2: b, id: ab}\n"
                     "  - {player_1: a, player_2: c, id: ac}\n"
                     "number_of_games: 4\n");
  rm::comp::Playoff p(cf);
  std::vector<rm::game::GameResult> games;
  for (int i = 0; i < 4; ++i) {
    games.push_back(result(p.next_job()->job, "a"));
    p.on_result(games.back());
  }
  auto fewer =
      load(dir, "p.yaml",
           kPlayers + "matchups:\n  - {player_1: a, player_2: c, id: ac}\nnumber_of_games: 4\n");
  rm::comp::Playoff q(fewer);
  q.restore(p.state());
  q.restore_games(games);
  const std::string report = q.short_report();
  CHECK_THAT(report, Catch::Contains("a v b (missing from control file) (2 games)"));
  CHECK_THAT(report, Catch::Contains("a v c (2/4 games)"));
  for (int i = 0; i < 2; ++i) CHECK(q.next_job()->job.game_id.rfind("ac_", 0) == 0);
  CHECK_FALSE(q.next_job());
  CHECK(q.json_report()["matchups"][1]["is_ghost"] == true);
}

TEST_CASE("playoff: the wins table is gomill's, then Elo, pairs and forfeits", "[playoff]") {
  TempDir dir;
  auto cf = load(dir, "p.yaml",
                 "players:\n  py-a: {command: [ringbot]}\n  py-b: {command: [ringbot]}\n"
                 "board_size: 9\nkomi: 7.5\nmatchups:\n  - {player_1: py-a, player_2: py-b, "
                 "alternating: true}\n"
                 "number_of_games: 100\n");
  rm::comp::Playoff p(cf);
  // py-a wins 2 of its 5 games as Black (even numbers) and 4 of 5 as White (gomill's example).
  for (int n = 0; n < 10; ++n) {
    auto job = p.next_job()->job;
    bool a_black = n % 2 == 0;
    bool a_wins = a_black ? (n == 0 || n == 4) : (n != 9);
    auto r = result(job, a_wins ? "py-a" : "py-b", 0.03);
    if (n == 6) {  // py-a (Black) loses this one by forfeit
      r.is_forfeit = true;
      r.forfeit_cause = "timeout";
    }
    p.on_result(r);
  }
  const std::string report = p.short_report();
  CHECK_THAT(report,
             Catch::Contains("py-a v py-b (10/100 games)\n"
                             "board size: 9   komi: 7.5\n"
                             "       wins              black        white      forfeits avg cpu\n"
                             "py-a      6 60.00%       2 40.00%     4 80.00%          1    0.03\n"
                             "py-b      4 40.00%       1 20.00%     3 60.00%          0    0.03\n"
                             "                         3 30.00%     7 70.00%\n"
                             "forfeits: py-a 1 (timeout 1); py-b 0\n"
                             "py-a v py-b: Elo +70.4"));
  CHECK_THAT(report, Catch::Contains("pairs (player 1's score over a pair): 0: 1  0.5: 0  1: 2  "
                                     "1.5: 0  2: 2  (5 pairs, 0 unpaired games)"));
  const auto j = p.json_report();
  CHECK(j["matchups"][0]["players"][0]["forfeits_by_cause"]["timeout"] == 1);
  CHECK(j["matchups"][0]["pairs"]["ww"] == 2);
}

TEST_CASE("playoff: opening pairs get paired statistics without `alternating`", "[playoff]") {
  TempDir dir;
  std::ofstream(dir.path() + "/o.sgf") << "(;SZ[9];B[ee])";
  auto cf = load(dir, "p.yaml",
                 kPlayers +
                     "openings: {sgf: o.sgf}\nmatchups:\n  - {player_1: a, player_2: b, "
                     "sprt: {elo0: 0, elo1: 200}}\nnumber_of_games: 10\n");
  rm::comp::Playoff p(cf);
  // a wins every game it plays as Black: each pair is split, the colour decides.
  for (int n = 0; n < 6; ++n) {
    auto job = p.next_job()->job;
    p.on_result(result(job, job.black.code));
  }
  CHECK_THAT(p.short_report(),
             Catch::Contains("pairs (player 1's score over a pair): 0: 0  0.5: 0  1: 3  "
                             "1.5: 0  2: 0  (3 pairs, 0 unpaired games)"));
  const auto j = p.json_report();
  CHECK(j["matchups"][0]["pairs"]["wl_dd"] == 3);
  CHECK(j["matchups"][0]["sprt"]["pentanomial"] == true);
}

TEST_CASE("playoff: a matchup stops when its SPRT decides", "[playoff][sprt]") {
  TempDir dir;
  auto cf = load(dir, "p.yaml",
                 kPlayers +
                     "matchups:\n"
                     "  - {player_1: a, player_2: b, sprt: {elo0: 0, elo1: 200}}\n");
  rm::comp::Playoff p(cf);
  CHECK_FALSE(p.games_remaining());
  int played = 0;
  while (auto request = p.next_job()) {
    p.on_result(result(request->job, "a"));
    REQUIRE(++played < 100);
  }
  CHECK(played > 2);
  CHECK(p.finished());
  CHECK(p.games_remaining() == 0);
  CHECK_THAT(p.short_report(), Catch::Contains("accept H1"));
  CHECK(p.json_report()["matchups"][0]["sprt"]["decision"] == "accept H1");
}

TEST_CASE("playoff: the SPRT's model, normalized by default, logistic on request",
          "[playoff][sprt]") {
  TempDir dir;
  // a wins every game: 8 straight wins accept H1 on [0, 200] in either model (normalized:
  // fishtest's LLR 3.24 after 8, 2.83 after 7; logistic: 3.30 and 2.89).
  for (const auto& [model, games, text] :
       {std::tuple{std::string(), 8, std::string("normalized")},
        std::tuple{std::string(", model: normalized"), 8, std::string("normalized")},
        std::tuple{std::string(", model: logistic"), 8, std::string("logistic")}}) {
    CAPTURE(model);
    auto cf =
        load(dir, "p.yaml",
             kPlayers + "matchups:\n  - {player_1: a, player_2: b, sprt: {elo0: 0, elo1: " + "200" +
                 model + "}}\n");
    rm::comp::Playoff p(cf);
    int played = 0;
    while (auto request = p.next_job()) {
      p.on_result(result(request->job, "a"));
      REQUIRE(++played < 100);
    }
    CHECK(played == games);
    CHECK(p.json_report()["matchups"][0]["sprt"]["model"] == text);
    CHECK(p.json_report()["matchups"][0]["sprt"]["decision"] == "accept H1");
  }
  CHECK_THROWS_WITH(load(dir, "p.yaml",
                         kPlayers + "matchups:\n  - {player_1: a, player_2: b, sprt: {elo0: 0, "
                                    "elo1: 5, model: bayesian}}\n"),
                    Catch::Contains("p.yaml:9:") &&
                        Catch::Contains("sprt.model: unknown value 'bayesian' (one of: "
                                        "normalized, logistic)"));
}

TEST_CASE("allplayall: letter codes, pair matchups, alternating colours, grid", "[allplayall]") {
  CHECK(rm::comp::AllPlayAll::letter(0) == "A");
  CHECK(rm::comp::AllPlayAll::letter(25) == "Z");
  CHECK(rm::comp::AllPlayAll::letter(26) == "AA");
  CHECK(rm::comp::AllPlayAll::letter(27) == "AB");
  CHECK(rm::comp::AllPlayAll::letter(26 * 27 - 1) == "ZZ");
  TempDir dir;
  auto cf = load(dir, "a.yaml", kPlayers + "competitors: [a, b, c]\nrounds: 2\n");
  rm::comp::AllPlayAll t(cf);
  std::vector<std::string> ids;
  while (auto request = t.next_job()) {
    ids.push_back(request->job.game_id + ":" + request->job.black.code);
    t.on_result(result(request->job, request->job.black.code));  // Black always wins
  }
  CHECK(ids ==
        std::vector<std::string>{"AvB_0:a", "AvC_0:a", "BvC_0:b", "AvB_1:b", "AvC_1:c", "BvC_1:c"});
  CHECK(t.finished());
  // gomill's heading stands one character in from each column.
  CHECK_THAT(t.short_report(), Catch::Contains("6/6 games played\n\n"
                                               "     A   B   C\n"
                                               "A a     1-1 1-1\n"
                                               "B b 1-1     1-1\n"
                                               "C c 1-1 1-1\n"));
  // show prints gomill's per-pair blocks too: the short and full reports are one.
  CHECK_THAT(t.short_report(), Catch::Contains("\na v b (2/2 games)\n"));
  CHECK_THAT(t.short_report(), Catch::Contains("\nb v c (2/2 games)\n"));
  CHECK(t.short_report() == t.full_report());
}

TEST_CASE("allplayall: competitors may be appended between runs, not removed or reordered",
          "[allplayall]") {
  TempDir dir;
  auto cf = load(dir, "a.yaml", kPlayers + "competitors: [a, b]\nrounds: 2\n");
  rm::comp::AllPlayAll t(cf);
  std::vector<rm::game::GameResult> games;
  while (auto request = t.next_job()) {
    games.push_back(result(request->job, "a"));
    t.on_result(games.back());
  }
  auto more = load(dir, "a.yaml", kPlayers + "competitors: [a, b, c]\nrounds: 2\n");
  rm::comp::AllPlayAll u(more);
  u.restore(t.state());
  u.restore_games(games);
  CHECK(issue_all(u) == std::vector<std::string>{"AvC_0", "BvC_0", "AvC_1", "BvC_1"});

  auto removed = load(dir, "a.yaml", kPlayers + "competitors: [a, c]\nrounds: 2\n");
  rm::comp::AllPlayAll v(removed);
  CHECK_THROWS_WITH(v.restore(t.state()),
                    Catch::Contains("competitor has been removed from control file: b"));
  auto reordered = load(dir, "a.yaml", kPlayers + "competitors: [b, a]\nrounds: 2\n");
  rm::comp::AllPlayAll w(reordered);
  CHECK_THROWS_WITH(w.restore(t.state()), Catch::Contains("competitors have changed"));
}

TEST_CASE(
    "playoff: a void game beyond a lowered number_of_games is not replayed, the other "
    "matchups play",
    "[playoff]") {
  TempDir dir;
  const std::string two_matchups =
      "matchups:\n"
      "  - {player_1: a, player_2: b, number_of_games: NG}\n"
      "  - {player_1: a, player_2: c, number_of_games: 4}\n";
  auto with_games = [&](int n) {
    std::string yaml = two_matchups;
    yaml.replace(yaml.find("NG"), 2, std::to_string(n));
    return load(dir, "p.yaml", kPlayers + yaml);
  };
  rm::comp::Playoff p(with_games(10));
  std::vector<std::string> issued;
  for (int i = 0; i < 7; ++i) {
    auto job = *p.next_job();
    issued.push_back(job.job.game_id);
    // 0_3 is left unfinished (a void game that halted the run): the next run reissues it.
    if (job.job.game_id != "0_3") p.on_result(result(job.job, "a"));
  }
  REQUIRE(issued == std::vector<std::string>{"0_0", "1_0", "0_1", "1_1", "0_2", "1_2", "0_3"});
  rm::comp::Playoff lowered(with_games(3));
  lowered.restore(p.state());
  CHECK(issue_all(lowered) == std::vector<std::string>{"1_3"});
  rm::comp::Playoff kept(with_games(10));
  kept.restore(p.state());
  CHECK(kept.next_job()->job.game_id == "0_3");
}

TEST_CASE(
    "playoff reports: identical names tell their matchup id, missing descriptions are "
    "shown as gomill does",
    "[playoff]") {
  TempDir dir;
  auto cf = load(dir, "p.yaml",
                 kPlayers +
                     "matchups:\n"
                     "  - {player_1: a, player_2: b, id: first, number_of_games: 1}\n"
                     "  - {player_1: a, player_2: b, id: second, number_of_games: 1}\n"
                     "  - {player_1: a, player_2: c, number_of_games: 1}\n");
  rm::comp::Playoff p(cf);
  while (auto job = p.next_job()) {
    auto r = result(job->job, "a");
    if (job->job.game_id == "2_0") r.white_long_description.clear();  // c gave none
    p.on_result(r);
  }
  const std::string report = p.short_report();
  CHECK_THAT(report, Catch::Contains("a v b [matchup first] (1/1 games)\n"));
  CHECK_THAT(report, Catch::Contains("a v b [matchup second] (1/1 games)\n"));
  CHECK_THAT(report, Catch::Contains("\na v c (1/1 games)\n"));
  CHECK_THAT(report, Catch::Contains("player c: [no description available]\n"));
  CHECK(p.json_report().at("players").at("c").at("description").is_null());
}
