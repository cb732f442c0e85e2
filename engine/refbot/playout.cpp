#include "engine/refbot/playout.hpp"

#include "engine/go/scoring.hpp"

namespace rm::refbot {

using go::Board;
using go::Colour;

Board::Point choose_playout_move(Board& b, Colour c, Rng& rng) {
  // Sampling without replacement: a rejected point is swapped out of the candidate range, so
  // the accepted point is uniform among all acceptable ones.
  int candidates = b.empty_count();
  while (candidates > 0) {
    const int i = rng.below(candidates);
    const Board::Point p = b.empty_point(i);
    if (b.empty_neighbours(p) > 0) return p;  // the common case, decided by one lookup
    if (!b.is_one_point_eye(c, p) && b.is_legal_fast(c, p)) return p;
    b.swap_empties(i, --candidates);
  }
  return Board::kNoPoint;
}

int playout_score(const Board& b, bool finished) {
  if (!finished) {
    const go::AreaScore s = go::area_score(b);
    return s.black - s.white;
  }
  int score = b.stone_count(Colour::Black) - b.stone_count(Colour::White);
  const int stride = b.stride();
  for (int i = 0; i < b.empty_count(); ++i) {
    const Board::Point p = b.empty_point(i);
    // Only one colour borders each empty point at the end of a playout: find it.
    for (Board::Point n : {p - 1, p + 1, p - stride, p + stride}) {
      const Colour c = b.colour_at(n);
      if (c == Colour::Black) {
        ++score;
        break;
      }
      if (c == Colour::White) {
        --score;
        break;
      }
    }
  }
  return score;
}

PlayoutOutcome run_playout(Board& b, Colour to_move, int passes_before, double komi, Rng& rng,
                           std::vector<MoveRecord>* record) {
  PlayoutOutcome out;
  const int max_moves = kMaxPlayoutMovesFactor * b.size() * b.size();
  int passes = passes_before;
  bool finished = passes >= 2;
  while (!finished) {
    if (out.moves >= max_moves) {
      out.capped = true;
      break;
    }
    const Board::Point p = choose_playout_move(b, to_move, rng);
    if (p == Board::kNoPoint) {
      b.pass_fast();
      ++passes;
    } else {
      b.play_fast(to_move, p);
      passes = 0;
    }
    if (record) record->push_back(MoveRecord{p, to_move});
    ++out.moves;
    finished = passes >= 2;
    to_move = go::opponent(to_move);
  }
  // A one-point region bordered by both colours cannot survive two passes (one side could
  // always play there), so the quick count is exact for a finished playout.
  out.black_minus_white = playout_score(b, finished && !out.capped) - komi;
  return out;
}

}  // namespace rm::refbot
