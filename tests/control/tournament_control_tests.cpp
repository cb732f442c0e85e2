// Loading playoff and allplayall control files: matchups, defaults, competitors, sprt, errors.
#include <catch2/catch.hpp>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/tournaments/tournament_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::AllPlayAllSettings;
using rm::comp::load_control_file;
using rm::comp::PlayoffSettings;
using rm::control::testing::TempDir;

namespace {

const std::string kHead =
    "competition_type: playoff\n"      // 1
    "players:\n"                       // 2
    "  a: {command: [ringbot]}\n"      // 3
    "  b: {command: [ringbot, -x]}\n"  // 4
    "board_size: 9\n"                  // 5
    "komi: 7.5\n";                     // 6

std::string error_of(const TempDir& dir, const std::string& text) {
  return rm::control::testing::load_error(dir, "bad.yaml", text);
}

}  // namespace

TEST_CASE("playoff: matchups with defaults, overrides, ids, names and sprt",
          "[tournament-control]") {
  TempDir dir;
  auto cf = load_control_file(
      dir.write("p.yaml", kHead + "alternating: true\n"
                                  "number_of_games: 20\n"
                                  "matchups:\n"
                                  "  - [a, b]\n"
                                  "  - player_1: b\n"
                                  "    player_2: a\n"
                                  "    id: big\n"
                                  "    name: b against a\n"
                                  "    board_size: 13\n"
                                  "    handicap: 3\n"
                                  "    alternating: false\n"
                                  "    number_of_games: ~\n"
                                  "    sprt: {elo0: 0, elo1: 10, alpha: 0.01}\n"));
  const auto& s = cf.settings<PlayoffSettings>();
  REQUIRE(s.matchups.size() == 2);
  const auto& m0 = s.matchups[0];
  CHECK(m0.id == "0");
  CHECK(m0.name == "a v b");
  CHECK_FALSE(m0.name_given);
  CHECK(m0.alternating);
  CHECK(m0.number_of_games == 20);
  CHECK(m0.game.board_size == 9);
  CHECK_FALSE(m0.sprt);
  const auto& m1 = s.matchups[1];
  CHECK(m1.id == "big");
  CHECK(m1.name == "b against a");
  CHECK(m1.name_given);
  CHECK_FALSE(m1.alternating);
  CHECK(m1.number_of_games == 20);  // null keeps the default (as an absent key)
  CHECK(m1.game.board_size == 13);
  CHECK(m1.game.komi == 7.5);
  CHECK(m1.game.handicap == 3);
  REQUIRE(m1.sprt);
  CHECK(m1.sprt->elo1 == 10);
  CHECK(m1.sprt->alpha == 0.01);
  CHECK(m1.sprt->beta == 0.05);
}

TEST_CASE("playoff: board size and komi may be given per matchup only", "[tournament-control]") {
  TempDir dir;
  auto cf = load_control_file(
      dir.write("p.yaml",
                "competition_type: playoff\nplayers:\n  a: {command: [ringbot]}\n"
                "matchups:\n  - {player_1: a, player_2: a, board_size: 7, komi: 0}\n"));
  const auto& m = cf.settings<PlayoffSettings>().matchups.at(0);
  CHECK(m.player_2 == "a#2");
  CHECK(cf.players.count("a#2") == 1);
  CHECK(m.game.board_size == 7);
}

TEST_CASE("playoff and allplayall errors name file, line, column and setting",
          "[tournament-control]") {
  TempDir dir;
  CHECK(error_of(dir, kHead + "matchups: []\n") == "bad.yaml:7:11: matchups: empty list");
  CHECK(error_of(dir, kHead + "matchups:\n  - [a, zzz]\n") ==
        "bad.yaml:8:9: matchups[0][1]: unknown player zzz");
  CHECK(error_of(dir, kHead + "matchups:\n  - [a, b, a]\n") ==
        "bad.yaml:8:5: matchups[0]: a matchup given as a list must name exactly two players");
  CHECK(error_of(dir, kHead + "matchups:\n  - {player_1: a, player_2: b, id: x}\n  - {player_1: b, "
                              "player_2: a, id: x}\n") ==
        "bad.yaml:9:5: matchups[1]: duplicate matchup id 'x'");
  CHECK(error_of(dir, kHead + "matchups:\n  - {player_1: a, player_2: b, handicap: 10}\n") ==
        "bad.yaml:8:42: matchups[0].handicap: fixed handicap out of range for board size 9");
  CHECK(error_of(dir, kHead + "matchups:\n  - {player_1: a, player_2: b, nmae: x}\n") ==
        "bad.yaml:8:32: matchups[0]: unknown setting 'nmae' (did you mean 'name'?)");
  CHECK(error_of(dir, kHead + "matchups:\n  - {player_1: a}\n") ==
        "bad.yaml:8:5: matchups[0].player_2: not specified");
  CHECK(error_of(dir, kHead + "matchups:\n  - {player_1: a, player_2: b, number_of_games: -1}\n") ==
        "bad.yaml:8:49: matchups[0].number_of_games: must be a non-negative integer (got -1)");
  CHECK(error_of(dir, kHead + "sprt: {elo0: 5, elo1: 5}\nmatchups: [[a, b]]\n") ==
        "bad.yaml:7:23: sprt.elo1: must be a finite number greater than elo0");
  CHECK(error_of(dir, kHead + "sprt: {elo0: 0, elo1: 5, alpha: 1.5}\nmatchups: [[a, b]]\n") ==
        "bad.yaml:7:33: sprt.alpha: must be between 0 and 1 (exclusive)");
  CHECK(error_of(dir,
                 kHead + "sprt: {elo0: 0, elo1: 5, alpha: 0.6, beta: 0.5}\nmatchups: [[a, b]]\n") ==
        "bad.yaml:7:7: sprt: alpha + beta must be less than 1");
  CHECK(error_of(dir,
                 "competition_type: playoff\nplayers:\n  a: {command: [ringbot]}\nmatchups:\n  - "
                 "{player_1: a, player_2: a}\n") ==
        "bad.yaml:5:5: matchups[0].board_size: not specified");

  const std::string all =
      "competition_type: allplayall\nplayers:\n  a: {command: [ringbot]}\n  b: {command: "
      "[ringbot]}\n"
      "board_size: 9\nkomi: 7.5\n";
  CHECK(error_of(dir, all + "competitors: [a, a]\n") ==
        "bad.yaml:7:18: competitors[1]: duplicate competitor 'a'");
  CHECK(error_of(dir, all + "competitors: [a, bb]\n") ==
        "bad.yaml:7:18: competitors[1]: unknown player bb (did you mean 'b'?)");
  CHECK(error_of(dir, all + "competitors: [a]\n") ==
        "bad.yaml:7:14: competitors: an all-play-all needs at least two competitors");
  CHECK(error_of(dir, all + "competitors: [a, b]\nhandicap: 2\n") ==
        "bad.yaml:8:1: unknown setting 'handicap'");
  CHECK(error_of(dir, all + "competitors: [a, b]\nrounds: x\n") ==
        "bad.yaml:8:9: rounds: must be an integer (got 'x')");
}

TEST_CASE("allplayall: competitors and rounds", "[tournament-control]") {
  TempDir dir;
  auto cf = load_control_file(
      dir.write("a.yaml",
                "competition_type: allplayall\nplayers:\n  a: {command: [ringbot]}\n"
                "  b: {command: [ringbot]}\n  c: {command: [ringbot]}\n"
                "board_size: 9\nkomi: 7.5\ncompetitors: [c, a, b]\nrounds: 4\n"));
  const auto& s = cf.settings<AllPlayAllSettings>();
  CHECK(s.competitors == std::vector<std::string>{"c", "a", "b"});
  CHECK(s.rounds == 4);
}
