#include "engine/refbot/search.hpp"

namespace rm::refbot {

using go::Board;

Budget::Budget(const Params& p)
    : playouts_(p.playouts),
      timed_(p.time_per_move > 0),
      deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(p.time_per_move))) {}

bool Budget::exhausted(int playouts_done) const {
  if (!timed_) return playouts_done >= playouts_;
  // Reading the clock costs about as much as a few moves; every 16 playouts is plenty.
  if (playouts_done % 16 != 0) return false;
  return std::chrono::steady_clock::now() >= deadline_;
}

std::vector<Board::Point> root_candidates(const Board& root, go::Colour to_move) {
  std::vector<Board::Point> points;
  for (int i = 0; i < root.empty_count(); ++i) {
    const Board::Point p = root.empty_point(i);
    if (root.is_one_point_eye(to_move, p)) continue;
    if (root.check(to_move, go::Move::at(root.vertex_of(p))) != go::MoveError::None) continue;
    points.push_back(p);
  }
  return points;
}

SearchResult random_move(const Board& root, go::Colour to_move, Rng& rng) {
  SearchResult result;
  const std::vector<Board::Point> candidates = root_candidates(root, to_move);
  if (!candidates.empty())
    result.point =
        candidates[static_cast<std::size_t>(rng.below(static_cast<int>(candidates.size())))];
  return result;
}

}  // namespace rm::refbot
