#include "engine/go/scoring.hpp"

#include <array>

namespace rm::go {

AreaScore area_score(const Board& b) {
  AreaScore score{b.stone_count(Colour::Black), b.stone_count(Colour::White)};
  std::array<bool, Board::kMaxPoints> seen{};
  std::array<int, Board::kMaxPoints> stack{};
  const int stride = b.stride();
  for (int i = 0; i < b.empty_count(); ++i) {
    const int start = b.empty_point(i);
    if (seen[static_cast<std::size_t>(start)]) continue;
    // Flood-fill one empty region and note which colours border it.
    int region = 0;
    bool touches_black = false;
    bool touches_white = false;
    std::size_t top = 0;
    stack[top++] = start;
    seen[static_cast<std::size_t>(start)] = true;
    while (top > 0) {
      const int p = stack[--top];
      ++region;
      const int nbs[4] = {p - 1, p + 1, p - stride, p + stride};
      for (int n : nbs) {
        const auto ni = static_cast<std::size_t>(n);
        if (ni >= static_cast<std::size_t>(stride * stride)) continue;
        const int col = n % stride;
        const int row = n / stride;
        if (col == 0 || row == 0 || col == stride - 1 || row == stride - 1) continue;  // border
        const Colour c = b.colour_at(n);
        if (c == Colour::Black)
          touches_black = true;
        else if (c == Colour::White)
          touches_white = true;
        else if (!seen[ni]) {
          seen[ni] = true;
          stack[top++] = n;
        }
      }
    }
    if (touches_black && !touches_white) score.black += region;
    if (touches_white && !touches_black) score.white += region;
  }
  return score;
}

}  // namespace rm::go
