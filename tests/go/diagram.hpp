#pragma once
// Test helper: set up a position from a diagram (top row first; X black, O white, . empty).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/go/board.hpp"
#include "engine/go/coordinates.hpp"

namespace rm::go::test {

inline Vertex v(const char* gtp, int size = 9) {
  auto m = parse_gtp_move(gtp, size);
  REQUIRE(m);
  REQUIRE(!m->is_pass());
  return m->vertex();
}

inline Move mv(const char* gtp, int size = 9) {
  return Move::at(v(gtp, size));
}

// Stones are played one by one (black and white as they come), so the diagram must not
// contain a chain without liberties.
inline Board from_diagram(const std::vector<std::string>& rows) {
  const int size = static_cast<int>(rows.size());
  Board b(size);
  for (int r = 0; r < size; ++r) {
    const std::string& line = rows[static_cast<std::size_t>(r)];
    REQUIRE(static_cast<int>(line.size()) == size);
    for (int col = 0; col < size; ++col) {
      const char ch = line[static_cast<std::size_t>(col)];
      if (ch == '.') continue;
      const Colour c = ch == 'X' ? Colour::Black : Colour::White;
      REQUIRE(b.play(c, Move::at(Vertex{col, size - 1 - r})) == MoveError::None);
    }
  }
  return b;
}

inline std::vector<std::string> to_diagram(const Board& b) {
  std::vector<std::string> rows;
  for (int r = b.size() - 1; r >= 0; --r) {
    std::string line;
    for (int col = 0; col < b.size(); ++col) {
      const Colour c = b.at(Vertex{col, r});
      line += c == Colour::Black ? 'X' : c == Colour::White ? 'O' : '.';
    }
    rows.push_back(line);
  }
  return rows;
}

}  // namespace rm::go::test
