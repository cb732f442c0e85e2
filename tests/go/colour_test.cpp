#include "engine/go/colour.hpp"

#include <catch2/catch.hpp>

using namespace rm::go;

TEST_CASE("a player's colour round-trips through its letter", "[colour]") {
  for (Colour c : {Colour::Black, Colour::White}) CHECK(colour_from_letter(colour_letter(c)) == c);
  CHECK(colour_letter(Colour::Black) == "b");
  CHECK(colour_letter(Colour::White) == "w");
  CHECK(sgf_letter(Colour::Black) == 'B');
  CHECK(sgf_letter(Colour::White) == 'W');
}

TEST_CASE("no player has the empty letter and other spellings are not Ringmaster's", "[colour]") {
  CHECK(colour_letter(Colour::Empty).empty());
  for (const char* text : {"", "B", "W", "black", "white", "e", "bw", " b"})
    CHECK_FALSE(colour_from_letter(text).has_value());
}
