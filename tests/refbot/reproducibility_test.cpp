// A fixed seed gives exactly the same game; a different seed gives a different one.
#include <catch2/catch.hpp>

#include "tests/refbot/gtp_pipe.hpp"

using rm::refbot::test::GtpPipe;
using rm::refbot::test::ringbot_path;

namespace {
// A whole self-play game on 9x9 in one ringbot process; returns the moves.
std::vector<std::string> self_play(const std::string& search, const std::string& seed) {
  GtpPipe e({ringbot_path(), "--search", search, "--playouts", "40", "--seed", seed, "--rave_equiv",
             search == "uct" ? "100" : "0"});
  REQUIRE(e.send("boardsize 9").ok);
  REQUIRE(e.send("komi 7.5").ok);
  std::vector<std::string> moves;
  int passes = 0;
  for (int ply = 0; ply < 400 && passes < 2; ++ply) {
    const auto r = e.send(ply % 2 == 0 ? "genmove b" : "genmove w");
    REQUIRE(r.ok);
    moves.push_back(r.text);
    if (r.text == "resign") break;
    passes = r.text == "pass" ? passes + 1 : 0;
  }
  CHECK(passes == 2);  // the game really ended
  moves.push_back(e.send("final_score").text);
  return moves;
}
}  // namespace

TEST_CASE("self-play games replay exactly with the same seed (uct)", "[reproducibility]") {
  const auto a = self_play("uct", "11");
  const auto b = self_play("uct", "11");
  const auto c = self_play("uct", "12");
  CHECK(a.size() > 30);
  CHECK(a == b);
  CHECK(a != c);
}

TEST_CASE("self-play games replay exactly with the same seed (flat)", "[reproducibility]") {
  const auto a = self_play("flat", "21");
  const auto b = self_play("flat", "21");
  const auto c = self_play("flat", "22");
  CHECK(a == b);
  CHECK(a != c);
}

TEST_CASE("undo then genmove regenerates the same move", "[reproducibility]") {
  GtpPipe e({ringbot_path(), "--playouts", "60", "--seed", "3"});
  REQUIRE(e.send("play b E5").ok);
  const auto first = e.send("genmove w").text;
  REQUIRE(e.send("undo").ok);
  CHECK(e.send("genmove w").text == first);
}

namespace {
// One game on 7x7 in an open engine, after `clear_board`; returns the moves.
std::vector<std::string> play_one(GtpPipe& e) {
  REQUIRE(e.send("boardsize 7").ok);
  REQUIRE(e.send("clear_board").ok);
  REQUIRE(e.send("komi 4.5").ok);
  std::vector<std::string> moves;
  int passes = 0;
  for (int ply = 0; ply < 200 && passes < 2; ++ply) {
    const auto r = e.send(ply % 2 == 0 ? "genmove b" : "genmove w");
    REQUIRE(r.ok);
    moves.push_back(r.text);
    if (r.text == "resign") break;
    passes = r.text == "pass" ? passes + 1 : 0;
  }
  return moves;
}
}  // namespace

TEST_CASE("ringmaster-game_id: a kept engine plays each game as a fresh one would",
          "[reproducibility]") {
  // A fresh process for game g1 gets its id from the environment, as Ringmaster starts it.
  GtpPipe fresh(
      {"/usr/bin/env", "GOMILL_GAME_ID=g1", ringbot_path(), "--playouts", "20", "--seed", "5"});
  const auto fresh_g1 = play_one(fresh);

  GtpPipe kept(
      {"/usr/bin/env", "GOMILL_GAME_ID=g0", ringbot_path(), "--playouts", "20", "--seed", "5"});
  CHECK(kept.send("known_command ringmaster-game_id").text == "true");
  CHECK(kept.send("ringmaster-game_id").text == "syntax error");
  REQUIRE(kept.send("ringmaster-game_id g1").ok);
  const auto kept_g1 = play_one(kept);
  REQUIRE(kept.send("ringmaster-game_id g2").ok);
  const auto kept_g2 = play_one(kept);
  REQUIRE(kept.send("ringmaster-game_id g1").ok);
  const auto kept_g1_again = play_one(kept);
  CHECK(kept_g1.size() > 10);
  CHECK(kept_g1 == fresh_g1);
  CHECK(kept_g1_again == fresh_g1);
  CHECK(kept_g2 != kept_g1);
}
