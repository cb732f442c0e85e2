#include "engine/refbot/playout.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

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

double PlayoutWeights::of(const Board& b, Colour c, Board::Point p, Board::Point last) const {
  double w = 1;
  bool capture_found = false, save_found = false, stone_found = false;
  const int stride = b.stride();
  for (Board::Point n : {p - 1, p + 1, p - stride, p + stride}) {
    const Colour nc = b.colour_at(n);
    if (nc != Colour::Black && nc != Colour::White) continue;
    stone_found = true;
    if (!b.chain_in_atari(n)) continue;
    (nc == c ? save_found : capture_found) = true;
  }
  if (capture_found) w *= capture;
  if (save_found) w *= save;
  if (stone_found) w *= contact;
  if (last != Board::kNoPoint) {
    const go::Vertex v = b.vertex_of(p), l = b.vertex_of(last);
    if (p != last && std::abs(v.row - l.row) <= 1 && std::abs(v.col - l.col) <= 1) w *= near_last;
  }
  const go::Vertex v = b.vertex_of(p);
  const int line = std::min({v.row, v.col, b.size() - 1 - v.row, b.size() - 1 - v.col});
  if (line == 0) w *= line1;
  if (line == 1) w *= line2;
  return w;
}

Board::Point choose_weighted_playout_move(const Board& b, Colour c, Board::Point last,
                                          const PlayoutWeights& w, Rng& rng) {
  // The same moves as choose_playout_move (legal, not filling an own one-point eye), drawn
  // by weight: a cumulative table over the empty points, then one draw.
  std::array<double, Board::kMaxPoints> cumulative;
  std::array<Board::Point, Board::kMaxPoints> points;
  int count = 0;
  double total = 0;
  for (int i = 0; i < b.empty_count(); ++i) {
    const Board::Point p = b.empty_point(i);
    if (b.empty_neighbours(p) == 0 && (b.is_one_point_eye(c, p) || !b.is_legal_fast(c, p)))
      continue;
    total += w.of(b, c, p, last);
    cumulative[static_cast<std::size_t>(count)] = total;
    points[static_cast<std::size_t>(count)] = p;
    ++count;
  }
  if (count == 0) return Board::kNoPoint;
  // 53 random bits in [0, 1).
  const double u = static_cast<double>(rng.next() >> 11) * 0x1.0p-53 * total;
  const auto end = cumulative.begin() + count;
  const auto it = std::upper_bound(cumulative.begin(), end, u);
  return points[static_cast<std::size_t>(it == end ? count - 1 : it - cumulative.begin())];
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
                           std::vector<MoveRecord>* record, const PlayoutWeights& weights) {
  const bool uniform = weights.uniform();
  Board::Point last = Board::kNoPoint;
  PlayoutOutcome out;
  const int max_moves = kMaxPlayoutMovesFactor * b.size() * b.size();
  int passes = passes_before;
  bool finished = passes >= 2;
  while (!finished) {
    if (out.moves >= max_moves) {
      out.capped = true;
      break;
    }
    const Board::Point p = uniform ? choose_playout_move(b, to_move, rng)
                                   : choose_weighted_playout_move(b, to_move, last, weights, rng);
    last = p;
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
