// The flat reference bot: uniform playouts from the root and all-moves-as-first statistics
// for the side to move (first occurrence of each point by that side only).
#include <array>

#include "engine/refbot/search.hpp"

namespace rm::refbot {

using go::Board;
using go::Colour;

SearchResult flat_search(const Board& root, Colour to_move, int passes_before, double komi,
                         const Params& params, Rng& rng) {
  SearchResult result;
  const std::vector<Board::Point> candidates = root_candidates(root, to_move);
  if (candidates.empty()) return result;  // pass

  std::array<double, Board::kMaxPoints> wins{};
  std::array<int, Board::kMaxPoints> visits{};
  std::array<int, Board::kMaxPoints> seen_in{};  // playout number that last marked a point
  std::vector<MoveRecord> record;
  record.reserve(static_cast<std::size_t>(kMaxPlayoutMovesFactor * root.size() * root.size() + 2));
  Board board(root.size());
  const Budget budget(params);
  int done = 0;
  while (!budget.exhausted(done)) {
    ++done;
    board.copy_position_from(root);
    record.clear();
    const PlayoutOutcome out =
        run_playout(board, to_move, passes_before, komi, rng, &record, params.weights);
    const double reward = to_move == Colour::Black ? black_reward(out.black_minus_white)
                                                   : 1.0 - black_reward(out.black_minus_white);
    for (const MoveRecord& m : record) {
      if (m.point == Board::kNoPoint) continue;
      const auto p = static_cast<std::size_t>(m.point);
      if (seen_in[p] == done) continue;  // not the first occurrence
      seen_in[p] = done;
      if (m.colour != to_move) continue;
      ++visits[p];
      wins[p] += reward;
    }
  }
  result.playouts = done;
  // Best AMAF win rate; unsampled points rank below every sampled one. Ties keep the first.
  double best = -1;
  result.point = candidates.front();
  for (Board::Point p : candidates) {
    const auto i = static_cast<std::size_t>(p);
    const double rate = visits[i] > 0 ? wins[i] / visits[i] : -0.5;
    if (rate > best) {
      best = rate;
      result.point = p;
    }
  }
  result.win_rate = best < 0 ? 0.5 : best;
  return result;
}

}  // namespace rm::refbot
