#include "engine/go/handicap.hpp"

namespace rm::go {

int max_fixed_handicap(int board_size) {
  if (board_size <= 7 || board_size > kMaxBoardSize) return 0;
  return board_size % 2 == 0 ? 4 : 9;
}

std::vector<Vertex> fixed_handicap_points(int board_size, int stones) {
  if (stones < 2 || stones > max_fixed_handicap(board_size)) return {};
  // GTP v2 section 4.1.1: corner stones on the 4-4 points from 13x13 up, else on the 3-3
  // points; side and centre stones on the middle lines (odd sizes only).
  const int lo = board_size >= 13 ? 3 : 2;
  const int hi = board_size - 1 - lo;
  const int mid = board_size / 2;
  // The spec's order (19x19: D4 Q16 D16 Q4, then D10 Q10, then K4 K16, and K10 when odd).
  std::vector<Vertex> points{{lo, lo}, {hi, hi}};
  if (stones >= 3) points.push_back({lo, hi});
  if (stones >= 4) points.push_back({hi, lo});
  if (stones >= 6) {
    points.push_back({lo, mid});
    points.push_back({hi, mid});
  }
  if (stones >= 8) {
    points.push_back({mid, lo});
    points.push_back({mid, hi});
  }
  if (stones == 5 || stones == 7 || stones == 9) points.push_back({mid, mid});
  return points;
}

}  // namespace rm::go
