#include "engine/go/board.hpp"
#include "tests/go/diagram.hpp"

using namespace rm::go;
using rm::go::test::from_diagram;
using rm::go::test::mv;
using rm::go::test::v;

namespace {
// A ko in the middle: Black D4 captures white C4; White may not take back at C4 at once.
Board ko_position() {
  return from_diagram({
      ".........",
      ".........",
      ".........",
      ".........",
      "..XO.....",
      ".XO.O....",
      "..XO.....",
      ".........",
      ".........",
  });
}
}  // namespace

TEST_CASE("simple ko: immediate recapture is forbidden, then released", "[ko]") {
  Board b = ko_position();
  const auto start = b.hash();
  REQUIRE(b.play(Colour::Black, mv("D4")) == MoveError::None);
  CHECK(b.at(v("C4")) == Colour::Empty);
  CHECK(b.check(Colour::White, mv("C4")) == MoveError::Ko);
  CHECK(b.play(Colour::White, mv("C4")) == MoveError::Ko);
  CHECK(b.at(v("D4")) == Colour::Black);
  // Ko threats elsewhere release the ko.
  REQUIRE(b.play(Colour::White, mv("J9")) == MoveError::None);
  REQUIRE(b.play(Colour::Black, mv("J1")) == MoveError::None);
  REQUIRE(b.play(Colour::White, mv("C4")) == MoveError::None);
  CHECK(b.at(v("D4")) == Colour::Empty);
  // Now Black may not retake at once.
  CHECK(b.check(Colour::Black, mv("D4")) == MoveError::Ko);
  // The position after the recapture equals the start plus the two threats.
  Board expected = ko_position();
  REQUIRE(expected.play(Colour::White, mv("J9")) == MoveError::None);
  REQUIRE(expected.play(Colour::Black, mv("J1")) == MoveError::None);
  CHECK(b.hash() == expected.hash());
  CHECK(b.hash() != start);
}

TEST_CASE("a pass releases the ko", "[ko]") {
  Board b = ko_position();
  REQUIRE(b.play(Colour::Black, mv("D4")) == MoveError::None);
  REQUIRE(b.play(Colour::White, Move::pass()) == MoveError::None);
  REQUIRE(b.play(Colour::Black, Move::pass()) == MoveError::None);
  CHECK(b.check(Colour::White, mv("C4")) == MoveError::None);
}

TEST_CASE("a capturing stone with two liberties sets no ko", "[ko]") {
  Board b = from_diagram({
      ".........",
      ".........",
      ".........",
      ".........",
      "..XO.....",
      ".XO......",
      "..XO.....",
      ".........",
      ".........",
  });
  REQUIRE(b.play(Colour::Black, mv("D4")) == MoveError::None);
  CHECK(b.at(v("C4")) == Colour::Empty);
  // White C4 does not capture D4 (it still has E4), so it is plain suicide, not ko.
  CHECK(b.check(Colour::White, mv("C4")) == MoveError::Suicide);
  CHECK(b.ko_point_for(Colour::White) == Board::kNoPoint);
}

TEST_CASE("positional superko forbids recreating an earlier position", "[superko]") {
  for (bool superko : {false, true}) {
    Board b = ko_position();
    b.set_positional_superko(superko);
    REQUIRE(b.play(Colour::Black, mv("D4")) == MoveError::None);
    // Two passes lift the simple-ko ban, but White's retake would repeat the position
    // before Black's capture.
    REQUIRE(b.play(Colour::White, Move::pass()) == MoveError::None);
    REQUIRE(b.play(Colour::Black, Move::pass()) == MoveError::None);
    if (superko) {
      CHECK(b.check(Colour::White, mv("C4")) == MoveError::Superko);
      CHECK(b.play(Colour::White, mv("C4")) == MoveError::Superko);
      CHECK(b.at(v("D4")) == Colour::Black);
    } else {
      CHECK(b.play(Colour::White, mv("C4")) == MoveError::None);
    }
  }
}
