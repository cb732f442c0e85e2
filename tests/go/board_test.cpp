#include "engine/go/board.hpp"

#include <stdexcept>

#include "tests/go/diagram.hpp"

using namespace rm::go;
using rm::go::test::from_diagram;
using rm::go::test::mv;
using rm::go::test::to_diagram;
using rm::go::test::v;

TEST_CASE("board sizes outside 2..25 are rejected", "[board]") {
  CHECK_THROWS_AS(Board(1), std::invalid_argument);
  CHECK_THROWS_AS(Board(26), std::invalid_argument);
  CHECK_THROWS_AS(Board(0), std::invalid_argument);
  for (int size = 2; size <= 25; ++size) {
    Board b(size);
    CHECK(b.size() == size);
    CHECK(b.stone_count(Colour::Black) == 0);
    CHECK(b.stone_count(Colour::Empty) == size * size);
    CHECK(b.at(Vertex{size - 1, size - 1}) == Colour::Empty);
  }
}

TEST_CASE("opponent swaps colours", "[board]") {
  CHECK(opponent(Colour::Black) == Colour::White);
  CHECK(opponent(Colour::White) == Colour::Black);
}

TEST_CASE("a single stone is captured in the middle", "[board][capture]") {
  Board b = from_diagram({
      ".........",
      ".........",
      ".........",
      "....X....",
      "...XO....",
      "....X....",
      ".........",
      ".........",
      ".........",
  });
  CHECK(b.stone_count(Colour::White) == 1);
  REQUIRE(b.play(Colour::Black, mv("F5")) == MoveError::None);
  CHECK(b.at(v("E5")) == Colour::Empty);
  CHECK(b.stone_count(Colour::White) == 0);
  CHECK(b.stone_count(Colour::Black) == 4);
  // The captured point is playable again for White? No: it is surrounded, so it is suicide.
  CHECK(b.check(Colour::White, mv("E5")) == MoveError::Suicide);
  CHECK(b.check(Colour::Black, mv("E5")) == MoveError::None);
}

TEST_CASE("a multi-stone chain is captured when its last liberty is filled", "[board][capture]") {
  Board b = from_diagram({
      ".........",
      ".........",
      "...XX....",
      "..XOOX...",
      "..XO.....",
      "...X.....",
      ".........",
      ".........",
      ".........",
  });
  CHECK(b.stone_count(Colour::White) == 3);
  REQUIRE(b.play(Colour::Black, mv("E5")) == MoveError::None);
  CHECK(b.stone_count(Colour::White) == 0);
  CHECK(to_diagram(b)[3] == "..X..X...");
  CHECK(to_diagram(b)[4] == "..X.X....");
}

TEST_CASE("a chain with two liberties survives one of them being filled", "[board][capture]") {
  Board b = from_diagram({
      ".....",
      ".XX..",
      ".OO..",
      ".XX..",
      ".....",
  });
  REQUIRE(b.play(Colour::Black, mv("D3", 5)) == MoveError::None);
  CHECK(b.stone_count(Colour::White) == 2);
  REQUIRE(b.play(Colour::White, mv("A3", 5)) == MoveError::None);
  CHECK(b.stone_count(Colour::White) == 3);
}

TEST_CASE("captures on the edge and in the corner", "[board][capture]") {
  Board b = from_diagram({
      "OOX......",
      "X........",
      ".........",
      "X........",
      "OX.......",
      ".........",
      ".........",
      ".........",
      "OX.......",
  });
  // Two stones in the corner A9 B9: last liberty B8.
  CHECK(b.stone_count(Colour::White) == 4);
  REQUIRE(b.play(Colour::Black, mv("B8")) == MoveError::None);
  CHECK(b.at(v("A9")) == Colour::Empty);
  CHECK(b.at(v("B9")) == Colour::Empty);
  // One stone on the edge at A5: last liberty A4.
  REQUIRE(b.play(Colour::Black, mv("A4")) == MoveError::None);
  CHECK(b.at(v("A5")) == Colour::Empty);
  // One stone in the corner A1: last liberty A2.
  REQUIRE(b.play(Colour::Black, mv("A2")) == MoveError::None);
  CHECK(b.at(v("A1")) == Colour::Empty);
  CHECK(b.stone_count(Colour::White) == 0);
}

TEST_CASE("a move without liberties is legal when it captures", "[board][capture]") {
  Board b = from_diagram({
      "...",
      "XO.",
      ".XO",
  });
  // White A1 has no empty neighbour but takes the last liberty of black B1.
  CHECK(b.check(Colour::White, mv("A1", 3)) == MoveError::None);
  REQUIRE(b.play(Colour::White, mv("A1", 3)) == MoveError::None);
  CHECK(b.at(v("B1", 3)) == Colour::Empty);
  CHECK(b.at(v("A1", 3)) == Colour::White);
  CHECK(b.stone_count(Colour::Black) == 1);
}

TEST_CASE("single-stone suicide is forbidden and changes nothing", "[board][suicide]") {
  Board b = from_diagram({
      ".X.......",
      "X........",
      ".........",
      ".........",
      ".........",
      ".........",
      ".........",
      ".........",
      ".........",
  });
  const auto before = b.hash();
  CHECK(b.check(Colour::White, mv("A9")) == MoveError::Suicide);
  CHECK(b.play(Colour::White, mv("A9")) == MoveError::Suicide);
  CHECK(b.hash() == before);
  CHECK(b.at(v("A9")) == Colour::Empty);
  CHECK(b.stone_count(Colour::White) == 0);
  // Filling one's own eye is legal.
  CHECK(b.check(Colour::Black, mv("A9")) == MoveError::None);
}

TEST_CASE("multi-stone suicide is forbidden", "[board][suicide]") {
  Board b = from_diagram({
      ".OX...",
      "OX....",
      "X.....",
      "......",
      "......",
      "......",
  });
  // White A6 would join B6 and A5 into a chain whose only liberty was A6.
  CHECK(b.check(Colour::White, mv("A6", 6)) == MoveError::Suicide);
  CHECK(b.play(Colour::White, mv("A6", 6)) == MoveError::Suicide);
  CHECK(b.stone_count(Colour::White) == 2);
  // For Black the same point captures both white stones.
  REQUIRE(b.play(Colour::Black, mv("A6", 6)) == MoveError::None);
  CHECK(b.stone_count(Colour::White) == 0);
}

TEST_CASE("occupied and off-board points are rejected", "[board]") {
  Board b(5);
  REQUIRE(b.play(Colour::Black, mv("C3", 5)) == MoveError::None);
  CHECK(b.play(Colour::White, mv("C3", 5)) == MoveError::Occupied);
  CHECK(b.play(Colour::White, Move::at(Vertex{5, 0})) == MoveError::OffBoard);
  CHECK(b.play(Colour::White, Move::at(Vertex{-1, 2})) == MoveError::OffBoard);
  CHECK(b.play(Colour::White, Move::pass()) == MoveError::None);
  CHECK(describe(MoveError::Occupied) == "occupied point");
  CHECK(describe(MoveError::Suicide) == "suicide");
  CHECK(describe(MoveError::Ko) == "ko-forbidden point");
  CHECK(describe(MoveError::Superko) == "superko");
  CHECK(describe(MoveError::OffBoard) == "off board");
}

TEST_CASE("handicap stones are placed without moves", "[board][handicap]") {
  Board b(9);
  b.place_handicap_stone(v("C3"));
  b.place_handicap_stone(v("G7"));
  CHECK(b.stone_count(Colour::Black) == 2);
  CHECK(b.at(v("G7")) == Colour::Black);
  CHECK_THROWS_AS(b.place_handicap_stone(v("C3")), std::invalid_argument);
  CHECK_THROWS_AS(b.place_handicap_stone(Vertex{9, 9}), std::invalid_argument);
}

TEST_CASE("suicide allowed (gomill's board): the chain is removed, nothing else changes",
          "[board][suicide]") {
  Board b(5);
  b.set_suicide_allowed(true);
  REQUIRE(b.play(Colour::White, mv("B1", 5)) == MoveError::None);
  REQUIRE(b.play(Colour::White, mv("B2", 5)) == MoveError::None);
  REQUIRE(b.play(Colour::White, mv("A3", 5)) == MoveError::None);
  REQUIRE(b.play(Colour::Black, mv("A1", 5)) == MoveError::None);
  // A2 joins A1 and leaves the pair without liberties: both stones go.
  CHECK(b.check(Colour::Black, mv("A2", 5)) == MoveError::None);
  CHECK(b.play(Colour::Black, mv("A2", 5)) == MoveError::None);
  CHECK(b.at(mv("A1", 5).vertex()) == Colour::Empty);
  CHECK(b.at(mv("A2", 5).vertex()) == Colour::Empty);
  CHECK(b.stone_count(Colour::Black) == 0);
  CHECK(b.stone_count(Colour::White) == 3);
  // The same position as if Black had never played there (the hash agrees).
  Board fresh(5);
  fresh.play(Colour::White, mv("B1", 5));
  fresh.play(Colour::White, mv("B2", 5));
  fresh.play(Colour::White, mv("A3", 5));
  CHECK(b.hash() == fresh.hash());
  // Forbidden again once switched off (the default).
  b.set_suicide_allowed(false);
  REQUIRE(b.play(Colour::Black, mv("A1", 5)) == MoveError::None);
  CHECK(b.play(Colour::Black, mv("A2", 5)) == MoveError::Suicide);
}
