// Ko, superko, suicide and scoring in real moves, through GTP.
#include <catch2/catch.hpp>

#include "tests/refbot/gtp_pipe.hpp"

using rm::refbot::test::GtpPipe;
using rm::refbot::test::ringbot_path;

namespace {
void setup_ko(GtpPipe& e) {
  for (const char* cmd : {"boardsize 9", "clear_board", "play b C5", "play w D5", "play b C3",
                          "play w D3", "play b B4", "play w E4", "play w C4", "play b D4"}) {
    INFO(cmd);
    REQUIRE(e.send(cmd).ok);
  }
}
}  // namespace

TEST_CASE("simple ko: immediate retake is illegal, later legal", "[rules][ko]") {
  GtpPipe e({ringbot_path(), "--playouts", "50", "--seed", "5"});
  setup_ko(e);
  CHECK(e.send("play w C4").text == "illegal move");
  CHECK(e.send("play w J9").ok);
  CHECK(e.send("play b J1").ok);
  CHECK(e.send("play w C4").ok);
  CHECK(e.send("play b D4").text == "illegal move");
}

TEST_CASE("genmove never retakes a ko at once", "[rules][ko]") {
  for (const char* seed : {"1", "2", "3", "4"}) {
    GtpPipe e({ringbot_path(), "--playouts", "100", "--seed", seed});
    setup_ko(e);
    const auto r = e.send("genmove w");
    REQUIRE(r.ok);
    CHECK(r.text != "C4");
  }
}

TEST_CASE("positional superko applies to real moves", "[rules][superko]") {
  GtpPipe e({ringbot_path(), "--playouts", "50", "--seed", "5"});
  setup_ko(e);
  CHECK(e.send("play w pass").ok);
  CHECK(e.send("play b pass").ok);
  // Retaking now would repeat the position before Black's capture.
  CHECK(e.send("play w C4").text == "illegal move");
  for (const char* seed : {"1", "2", "3"}) {
    CHECK(e.send(std::string("ringbot-set_param seed ") + seed).ok);
    const auto r = e.send("genmove w");
    REQUIRE(r.ok);
    CHECK(r.text != "C4");
    REQUIRE(e.send("undo").ok);
  }
}

TEST_CASE("suicide is rejected", "[rules][suicide]") {
  GtpPipe e({ringbot_path(), "--playouts", "50"});
  REQUIRE(e.send("boardsize 5").ok);
  REQUIRE(e.send("play b A2").ok);
  REQUIRE(e.send("play b B1").ok);
  CHECK(e.send("play w A1").text == "illegal move");
  CHECK(e.send("play b A2").text == "illegal move");  // occupied
  CHECK(e.send("play b A1").ok);                      // filling one's own eye is legal
}

TEST_CASE("final_score and final_status_list", "[rules][score]") {
  GtpPipe e({ringbot_path(), "--playouts", "50"});
  REQUIRE(e.send("boardsize 5").ok);
  REQUIRE(e.send("komi 0.5").ok);
  CHECK(e.send("final_score").text == "W+0.5");
  REQUIRE(e.send("play b C3").ok);
  CHECK(e.send("final_score").text == "B+24.5");
  REQUIRE(e.send("play w A1").ok);
  CHECK(e.send("final_score").text == "W+0.5");
  CHECK(e.send("komi 0").ok);
  CHECK(e.send("final_score").text == "0");
  CHECK(e.send("final_status_list alive").text == "C3 A1");
  CHECK(e.send("final_status_list dead").text.empty());
  CHECK(e.send("final_status_list seki").text.empty());
  REQUIRE(e.send("undo").ok);
  CHECK(e.send("final_status_list alive").text == "C3");
}

TEST_CASE("handicap commands place black stones", "[rules][handicap]") {
  GtpPipe e({ringbot_path(), "--playouts", "50"});
  REQUIRE(e.send("boardsize 19").ok);
  CHECK(e.send("fixed_handicap 4").text == "D4 Q16 D16 Q4");
  CHECK(e.send("fixed_handicap 2").text == "board not empty");
  CHECK(e.send("clear_board").ok);
  CHECK(e.send("place_free_handicap 5").text == "D4 Q16 D16 Q4 K10");
  CHECK(e.send("clear_board").ok);
  CHECK(e.send("boardsize 7").ok);
  CHECK(e.send("fixed_handicap 2").text == "invalid number of stones");
  CHECK(e.send("place_free_handicap 3").text == "D4 D3 C4");
  CHECK(e.send("clear_board").ok);
  CHECK(e.send("set_free_handicap A1 b2 G7").ok);
  CHECK(e.send("final_status_list alive").text == "G7 B2 A1");
  CHECK(e.send("play b A1").text == "illegal move");
}

TEST_CASE("resign threshold, timed search and pass_when_won", "[rules][params]") {
  GtpPipe e({ringbot_path(), "--playouts", "100", "--seed", "4"});
  REQUIRE(e.send("boardsize 5").ok);
  REQUIRE(e.send("komi 100").ok);
  // Black cannot win with komi 100: every move's win rate is 0.
  REQUIRE(e.send("ringbot-set_param resign_threshold 0.5").ok);
  CHECK(e.send("genmove b").text == "resign");
  REQUIRE(e.send("ringbot-set_param search flat").ok);
  CHECK(e.send("genmove b").text == "resign");
  REQUIRE(e.send("ringbot-set_param resign_threshold 0").ok);
  REQUIRE(e.send("ringbot-set_param search uct").ok);
  REQUIRE(e.send("ringbot-set_param time_per_move 0.05").ok);
  const auto timed = e.send("genmove b");
  CHECK(timed.ok);
  CHECK(timed.text != "resign");
  REQUIRE(e.send("clear_board").ok);
  REQUIRE(e.send("komi 0.5").ok);
  REQUIRE(e.send("ringbot-set_param time_per_move 0").ok);
  REQUIRE(e.send("play b C3").ok);
  REQUIRE(e.send("play w pass").ok);
  // By default ringbot plays on while it has a non-eye move...
  const auto on = e.send("genmove b");
  CHECK(on.text != "pass");
  REQUIRE(e.send("undo").ok);
  // ...with pass_when_won it answers a pass with a pass when the area count already wins.
  REQUIRE(e.send("ringbot-set_param pass_when_won 1").ok);
  CHECK(e.send("genmove b").text == "pass");
}
