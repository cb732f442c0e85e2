// The reference-bot eye rule, and that playouts never fill their own eyes.
#include <catch2/catch.hpp>

#include "engine/go/board.hpp"
#include "engine/go/coordinates.hpp"
#include "engine/refbot/playout.hpp"
#include "tests/refbot/board_setup.hpp"

using namespace rm::go;
using rm::refbot::Rng;

using namespace rm::refbot::test;

TEST_CASE("eye in the middle: at most one enemy diagonal", "[eye]") {
  Board b = setup(9, {{B, "D5"}, {B, "F5"}, {B, "E4"}, {B, "E6"}});
  CHECK(b.is_one_point_eye(B, pt(b, "E5")));
  CHECK_FALSE(b.is_one_point_eye(W, pt(b, "E5")));
  REQUIRE(b.play(W, *parse_gtp_move("D4", 9)) == MoveError::None);
  CHECK(b.is_one_point_eye(B, pt(b, "E5")));  // one enemy diagonal is allowed
  REQUIRE(b.play(W, *parse_gtp_move("F6", 9)) == MoveError::None);
  CHECK_FALSE(b.is_one_point_eye(B, pt(b, "E5")));  // two are not
}

TEST_CASE("eye on the edge: no enemy diagonal allowed", "[eye]") {
  Board b = setup(9, {{B, "D1"}, {B, "F1"}, {B, "E2"}});
  CHECK(b.is_one_point_eye(B, pt(b, "E1")));
  REQUIRE(b.play(W, *parse_gtp_move("D2", 9)) == MoveError::None);
  CHECK_FALSE(b.is_one_point_eye(B, pt(b, "E1")));
}

TEST_CASE("eye in the corner: no enemy diagonal allowed", "[eye]") {
  Board b = setup(9, {{B, "A2"}, {B, "B1"}});
  CHECK(b.is_one_point_eye(B, pt(b, "A1")));
  CHECK_FALSE(b.is_one_point_eye(B, pt(b, "B2")));  // not surrounded
  REQUIRE(b.play(W, *parse_gtp_move("B2", 9)) == MoveError::None);
  CHECK_FALSE(b.is_one_point_eye(B, pt(b, "A1")));
}

TEST_CASE("a point with an enemy or empty orthogonal neighbour is no eye", "[eye]") {
  Board b = setup(9, {{B, "D5"}, {B, "F5"}, {B, "E4"}, {W, "E6"}});
  CHECK_FALSE(b.is_one_point_eye(B, pt(b, "E5")));
  CHECK_FALSE(b.is_one_point_eye(B, pt(b, "A1")));
}

TEST_CASE("playout moves never fill own eyes, never suicide, never retake a ko", "[eye][playout]") {
  // Black has eyes at A1 (corner) and C1 (edge); for White both points are suicide.
  Board b = setup(5, {{B, "A2"}, {B, "B1"}, {B, "C2"}, {B, "D1"}});
  Rng rng(7);
  for (int i = 0; i < 2000; ++i) {
    Board copy(5);
    copy.copy_position_from(b);
    const auto p = rm::refbot::choose_playout_move(copy, B, rng);
    CHECK(p != pt(b, "A1"));
    CHECK(p != pt(b, "C1"));
    const auto q = rm::refbot::choose_playout_move(copy, W, rng);
    CHECK(q != pt(b, "A1"));  // suicide for White
    CHECK(q != pt(b, "C1"));
  }
}

TEST_CASE("with only eyes left the playout passes", "[eye][playout]") {
  // 3x3: black stones everywhere except A1 and C3, which are black eyes.
  Board b(3);
  for (const char* name : {"B1", "C1", "A2", "B2", "C2", "A3", "B3"})
    REQUIRE(b.play(B, *parse_gtp_move(name, 3)) == MoveError::None);
  Rng rng(1);
  CHECK(rm::refbot::choose_playout_move(b, B, rng) == Board::kNoPoint);
  CHECK(rm::refbot::choose_playout_move(b, W, rng) == Board::kNoPoint);  // both suicide
  const auto out = rm::refbot::run_playout(b, B, 0, 0.5, rng, nullptr);
  CHECK(out.moves == 2);
  CHECK(out.black_minus_white == 9 - 0.5);
}
