// Boards for the playout tests: stones placed by GTP names, and points by name.
#pragma once

#include <catch2/catch.hpp>
#include <utility>
#include <vector>

#include "engine/go/board.hpp"
#include "engine/go/coordinates.hpp"

namespace rm::refbot::test {

inline go::Board setup(int size, const std::vector<std::pair<go::Colour, const char*>>& stones) {
  go::Board b(size);
  for (const auto& [c, name] : stones)
    REQUIRE(b.play(c, *go::parse_gtp_move(name, size)) == go::MoveError::None);
  return b;
}

inline go::Board::Point pt(const go::Board& b, const char* name) {
  return b.point_of(go::parse_gtp_move(name, b.size())->vertex());
}

constexpr go::Colour B = go::Colour::Black;
constexpr go::Colour W = go::Colour::White;

}  // namespace rm::refbot::test
