// Playout statistics from the empty board: the black-box conformance figures.
#include <catch2/catch.hpp>

#include "engine/refbot/stats.hpp"

using namespace rm::refbot;

TEST_CASE("playout statistics on 9x9 match the reference bot", "[playout][stats]") {
  const PlayoutStats s = run_playout_stats(20000, 9, 7.5, 12345);
  CHECK(s.playouts == 20000);
  CHECK(s.capped == 0);
  // Published reference-bot figures for uniform light playouts on 9x9: about 111 moves per
  // playout (passes included) and Black winning about 42-44% at komi 7.5.
  CHECK(s.average_moves > 109.0);
  CHECK(s.average_moves < 113.0);
  CHECK(s.black_win_fraction > 0.40);
  CHECK(s.black_win_fraction < 0.46);
}

TEST_CASE("statistics are reproducible with a seed", "[playout][stats]") {
  const PlayoutStats a = run_playout_stats(500, 9, 7.5, 99);
  const PlayoutStats b = run_playout_stats(500, 9, 7.5, 99);
  const PlayoutStats c = run_playout_stats(500, 9, 7.5, 100);
  CHECK(a.average_moves == b.average_moves);
  CHECK(a.black_win_fraction == b.black_win_fraction);
  CHECK(a.average_moves != c.average_moves);
}

TEST_CASE("playouts finish on every board size", "[playout][stats]") {
  for (int size = 2; size <= 25; ++size) {
    const PlayoutStats s = run_playout_stats(size <= 9 ? 50 : 5, size, 0.5, 1);
    INFO("size " << size);
    // On 2x2 and 3x3 boards capture cycles are common (playouts ignore superko): the
    // safety net ends them. From 5x5 up it is practically never reached.
    if (size >= 5) CHECK(s.capped == 0);
    CHECK(s.average_moves >= 2);
    CHECK(s.average_moves <= 3 * size * size);
  }
}
