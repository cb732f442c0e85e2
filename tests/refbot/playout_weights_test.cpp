// The weighted playout policy: it draws among the same moves as the uniform one, each with the
// chance of its weight, and all weights 1 leave the reference bot's playouts unchanged.
#include <catch2/catch.hpp>

#include "engine/go/board.hpp"
#include "engine/go/coordinates.hpp"
#include "engine/refbot/playout.hpp"
#include "tests/refbot/board_setup.hpp"

using namespace rm::go;
using rm::refbot::choose_weighted_playout_move;
using rm::refbot::PlayoutWeights;
using rm::refbot::Rng;

using namespace rm::refbot::test;

namespace {

// How often Black's weighted choice is `target` in `draws` draws.
double share_of(const Board& b, const char* target, const PlayoutWeights& w, int draws) {
  Rng rng(7);
  int hits = 0;
  for (int i = 0; i < draws; ++i)
    hits += choose_weighted_playout_move(b, B, Board::kNoPoint, w, rng) == pt(b, target);
  return static_cast<double>(hits) / draws;
}
}  // namespace

TEST_CASE("a capture's weight sets how often the capture is played", "[playout][weights]") {
  // White E5 in atari: Black captures at E6. 81 - 5 stones = 76 legal moves for Black.
  const Board b = setup(9, {{B, "D5"}, {W, "E5"}, {B, "F5"}, {W, "A1"}, {B, "E4"}});
  PlayoutWeights w;
  w.capture = 1.0000001;  // not uniform(), so the weighted draw is used with the same weights
  CHECK(share_of(b, "E6", w, 7700) == Approx(1.0 / 76).margin(0.006));
  w.capture = 1000;
  CHECK(share_of(b, "E6", w, 2000) == Approx(1000.0 / 1075).margin(0.03));
  w.capture = 0.001;
  CHECK(share_of(b, "E6", w, 2000) < 0.003);
}

TEST_CASE("weighted playouts never fill an own one-point eye", "[playout][weights]") {
  const Board b = setup(9, {{B, "D5"}, {B, "F5"}, {B, "E4"}, {B, "E6"}});
  PlayoutWeights w;
  w.contact = 1000;  // the eye E5 touches four stones: it would be the favourite
  CHECK(share_of(b, "E5", w, 2000) == 0);
}

TEST_CASE("the lines and the previous move weigh as documented", "[playout][weights]") {
  const Board b(9);
  PlayoutWeights w;
  CHECK(w.uniform());
  w.line1 = 3;
  w.line2 = 5;
  w.near_last = 7;
  w.contact = 11;
  const Board::Point e5 = pt(b, "E5");
  CHECK(w.of(b, B, pt(b, "A1"), Board::kNoPoint) == 3);
  CHECK(w.of(b, B, pt(b, "B5"), Board::kNoPoint) == 5);
  CHECK(w.of(b, B, pt(b, "D4"), e5) == 7);
  CHECK(w.of(b, B, pt(b, "C3"), e5) == 1);
  const Board s = setup(9, {{W, "E5"}});
  CHECK(s.chain_in_atari(pt(s, "E5")) == false);
  CHECK(w.of(s, B, pt(s, "E6"), pt(s, "E5")) == 7 * 11);
}

TEST_CASE("playouts with weights finish and are reproducible", "[playout][weights]") {
  PlayoutWeights w;
  w.capture = 20;
  w.save = 5;
  w.line1 = 0.2;
  for (int seed = 1; seed <= 20; ++seed) {
    Board a(9), c(9);
    Rng ra(static_cast<std::uint64_t>(seed)), rc(static_cast<std::uint64_t>(seed));
    const auto x = rm::refbot::run_playout(a, B, 0, 7.5, ra, nullptr, w);
    const auto y = rm::refbot::run_playout(c, B, 0, 7.5, rc, nullptr, w);
    CHECK_FALSE(x.capped);
    CHECK(x.moves == y.moves);
    CHECK(x.black_minus_white == y.black_minus_white);
  }
}
