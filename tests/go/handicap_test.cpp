#include "engine/go/handicap.hpp"

#include <set>
#include <sstream>

#include "engine/go/coordinates.hpp"
#include "tests/go/diagram.hpp"

using namespace rm::go;

namespace {
std::string names(const std::vector<Vertex>& points) {
  std::string s;
  for (const Vertex& p : points) s += (s.empty() ? "" : " ") + to_gtp(Move::at(p));
  return s;
}
}  // namespace

TEST_CASE("maximum fixed handicap per board size", "[handicap]") {
  for (int size = 2; size <= 7; ++size) CHECK(max_fixed_handicap(size) == 0);
  for (int size = 8; size <= 25; size += 2) CHECK(max_fixed_handicap(size) == 4);
  for (int size = 9; size <= 25; size += 2) CHECK(max_fixed_handicap(size) == 9);
}

TEST_CASE("19x19 layouts in the GTP spec's order", "[handicap]") {
  CHECK(names(fixed_handicap_points(19, 2)) == "D4 Q16");
  CHECK(names(fixed_handicap_points(19, 3)) == "D4 Q16 D16");
  CHECK(names(fixed_handicap_points(19, 4)) == "D4 Q16 D16 Q4");
  CHECK(names(fixed_handicap_points(19, 5)) == "D4 Q16 D16 Q4 K10");
  CHECK(names(fixed_handicap_points(19, 6)) == "D4 Q16 D16 Q4 D10 Q10");
  CHECK(names(fixed_handicap_points(19, 7)) == "D4 Q16 D16 Q4 D10 Q10 K10");
  CHECK(names(fixed_handicap_points(19, 8)) == "D4 Q16 D16 Q4 D10 Q10 K4 K16");
  CHECK(names(fixed_handicap_points(19, 9)) == "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
}

TEST_CASE("9x9 and 13x13 layouts", "[handicap]") {
  CHECK(names(fixed_handicap_points(9, 2)) == "C3 G7");
  CHECK(names(fixed_handicap_points(9, 3)) == "C3 G7 C7");
  CHECK(names(fixed_handicap_points(9, 4)) == "C3 G7 C7 G3");
  CHECK(names(fixed_handicap_points(9, 5)) == "C3 G7 C7 G3 E5");
  CHECK(names(fixed_handicap_points(9, 6)) == "C3 G7 C7 G3 C5 G5");
  CHECK(names(fixed_handicap_points(9, 7)) == "C3 G7 C7 G3 C5 G5 E5");
  CHECK(names(fixed_handicap_points(9, 8)) == "C3 G7 C7 G3 C5 G5 E3 E7");
  CHECK(names(fixed_handicap_points(9, 9)) == "C3 G7 C7 G3 C5 G5 E3 E7 E5");
  CHECK(names(fixed_handicap_points(13, 2)) == "D4 K10");
  CHECK(names(fixed_handicap_points(13, 5)) == "D4 K10 D10 K4 G7");
  CHECK(names(fixed_handicap_points(13, 9)) == "D4 K10 D10 K4 D7 K7 G4 G10 G7");
}

TEST_CASE("even sizes allow corners only", "[handicap]") {
  CHECK(names(fixed_handicap_points(8, 4)) == "C3 F6 C6 F3");
  CHECK(names(fixed_handicap_points(10, 2)) == "C3 H8");
  CHECK(names(fixed_handicap_points(12, 4)) == "C3 K10 C10 K3");  // 3-3 points below 13x13
  CHECK(names(fixed_handicap_points(14, 4)) == "D4 L11 D11 L4");
  CHECK(names(fixed_handicap_points(24, 3)) == "D4 V21 D21");
  for (int size = 8; size <= 24; size += 2) CHECK(fixed_handicap_points(size, 5).empty());
}

TEST_CASE("every size 2..25 and every stone count", "[handicap]") {
  for (int size = 2; size <= 25; ++size) {
    for (int stones = -1; stones <= 12; ++stones) {
      INFO("size " << size << " stones " << stones);
      const auto points = fixed_handicap_points(size, stones);
      const bool allowed = size > 7 && stones >= 2 && stones <= (size % 2 == 0 ? 4 : 9);
      if (!allowed) {
        CHECK(points.empty());
        continue;
      }
      REQUIRE(static_cast<int>(points.size()) == stones);
      const int line = size >= 13 ? 3 : 2;
      std::set<std::pair<int, int>> distinct;
      for (const Vertex& p : points) {
        CHECK(on_board(p, size));
        // Each coordinate is a star line: the 3rd/4th line from either edge or the middle.
        for (int c : {p.col, p.row})
          CHECK((c == line || c == size - 1 - line || 2 * c == size - 1));
        distinct.insert({p.col, p.row});
      }
      CHECK(distinct.size() == points.size());
      // Each layout is symmetric under a half turn except for odd counts below 5? No: the
      // two-stone and three-stone layouts are not; the 4, 5, 6, 7, 8, 9 layouts are.
      if (stones >= 4) {
        for (const Vertex& p : points)
          CHECK(distinct.count({size - 1 - p.col, size - 1 - p.row}) == 1);
      }
      // Every layout with more stones contains the smaller one's corners.
      CHECK(points[0] == (Vertex{line, line}));
      CHECK(points[1] == (Vertex{size - 1 - line, size - 1 - line}));
    }
  }
}
