#include "engine/go/scoring.hpp"

#include "tests/go/diagram.hpp"

using namespace rm::go;
using rm::go::test::from_diagram;

TEST_CASE("empty board scores nothing", "[scoring]") {
  const AreaScore s = area_score(Board(9));
  CHECK(s.black == 0);
  CHECK(s.white == 0);
}

TEST_CASE("a lone stone owns the whole board", "[scoring]") {
  Board b(5);
  REQUIRE(b.play(Colour::White, Move::at(Vertex{2, 2})) == MoveError::None);
  const AreaScore s = area_score(b);
  CHECK(s.black == 0);
  CHECK(s.white == 25);
}

TEST_CASE("territory, stones and dame", "[scoring]") {
  const Board b = from_diagram({
      "..X.O",
      "..X.O",
      "XXX.O",
      "OOOOO",
      ".....",
  });
  // Black: 5 stones + 4 points of territory (top-left). White: 8 stones + 5 below.
  // The column D5 D4 D3 touches both colours: dame.
  const AreaScore s = area_score(b);
  CHECK(s.black == 9);
  CHECK(s.white == 13);
}

TEST_CASE("seki-like shape: shared liberties count for nobody", "[scoring]") {
  const Board b = from_diagram({
      "X.O..",
      "X.O..",
      "X.O..",
      "X.O..",
      "X.O..",
  });
  // Column B touches both chains: dame. White also owns columns D and E.
  const AreaScore s = area_score(b);
  CHECK(s.black == 5);
  CHECK(s.white == 5 + 10);
}

TEST_CASE("a chain in atari still counts as alive with its eye", "[scoring]") {
  const Board b = from_diagram({
      ".XO..",
      "XXO..",
      "OOO..",
      ".....",
      ".....",
  });
  // Black chain A4 B4 B5 with eye A5 is alive and scores that eye; white owns the rest.
  const AreaScore s = area_score(b);
  CHECK(s.black == 3 + 1);
  CHECK(s.white == 5 + 16);
}
