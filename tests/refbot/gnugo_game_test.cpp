// A short full game against GNU Go (skipped when GNU Go is not installed), refereed by a tiny
// driver in this test: every ringbot move must be accepted by GNU Go and vice versa.
#include <unistd.h>

#include <catch2/catch.hpp>

#include "tests/refbot/gtp_pipe.hpp"

using rm::refbot::test::GtpPipe;
using rm::refbot::test::ringbot_path;

namespace {
const char* const kGnugo = "/usr/games/gnugo";
}

TEST_CASE("a full 9x9 game against GNU Go level 0", "[gnugo]") {
  if (access(kGnugo, X_OK) != 0) {
    WARN("GNU Go not installed at /usr/games/gnugo: skipped");
    return;
  }
  GtpPipe bot({ringbot_path(), "--playouts", "200", "--seed", "9"});
  GtpPipe gnugo({kGnugo, "--mode", "gtp", "--chinese-rules", "--capture-all-dead", "--level", "0",
                 "--seed", "1"});
  for (GtpPipe* e : {&bot, &gnugo}) {
    REQUIRE(e->send("boardsize 9").ok);
    REQUIRE(e->send("clear_board").ok);
    REQUIRE(e->send("komi 7.5").ok);
  }
  int passes = 0;
  int plies = 0;
  bool resigned = false;
  for (; plies < 300 && passes < 2; ++plies) {
    const bool black = plies % 2 == 0;  // ringbot plays Black
    GtpPipe& mover = black ? bot : gnugo;
    GtpPipe& other = black ? gnugo : bot;
    const std::string colour = black ? "b" : "w";
    const auto r = mover.send("genmove " + colour);
    REQUIRE(r.ok);
    if (r.text == "resign") {
      resigned = true;
      break;
    }
    INFO("ply " << plies << " move " << r.text);
    REQUIRE(other.send("play " + colour + " " + r.text).ok);
    const bool pass = r.text == "pass" || r.text == "PASS";
    passes = pass ? passes + 1 : 0;
  }
  CHECK((passes == 2 || resigned));
  CHECK(plies > 20);
  if (passes == 2) {
    // ringbot plays on until only eyes are left and GNU Go captures all dead stones, so an
    // area count with every stone alive agrees with GNU Go's own scoring.
    CHECK(bot.send("final_score").text == gnugo.send("final_score").text);
  }
}
