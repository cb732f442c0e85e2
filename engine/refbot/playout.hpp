#pragma once
// Light playouts per the reference-bot rules: uniform among legal moves that neither fill one
// of the mover's own one-point eyes nor retake a simple ko; pass only when no such move;
// two consecutive passes end the playout; area scoring with every stone alive.
#include <cstdint>
#include <vector>

#include "engine/go/board.hpp"
#include "engine/refbot/rng.hpp"

namespace rm::refbot {

// Safety net against (vanishingly rare) very long playouts: a playout stops after
// kMaxPlayoutMovesFactor * size * size moves and is scored as it stands.
inline constexpr int kMaxPlayoutMovesFactor = 3;

// Moves of one simulation, for all-moves-as-first statistics.
struct MoveRecord {
  go::Board::Point point;  // kNoPoint for a pass
  go::Colour colour;
};

struct PlayoutOutcome {
  double black_minus_white = 0;  // area score difference minus komi
  int moves = 0;                 // including passes (both final passes counted)
  bool capped = false;           // stopped by the safety net
};

// Weights of move features in the playouts (the tunable playout policy, in the spirit of the
// Monte-Carlo pattern values of GNU Go's seed document): a move's chance is proportional to the
// product of the weights of the features it has. All 1 (the default): uniform light playouts,
// exactly the reference bot's (same moves for the same seed).
struct PlayoutWeights {
  double capture = 1;    // takes the last liberty of an adjacent enemy chain
  double save = 1;       // extends an adjacent own chain in atari
  double near_last = 1;  // one of the 8 points around the previous playout move
  double contact = 1;    // next to a stone of either colour
  double line1 = 1;      // on the edge
  double line2 = 1;      // on the second line
  bool uniform() const {
    return capture == 1 && save == 1 && near_last == 1 && contact == 1 && line1 == 1 && line2 == 1;
  }
  // The product of the weights of the features of c's move at p (`last`: the previous move,
  // kNoPoint if none or a pass).
  double of(const go::Board& b, go::Colour c, go::Board::Point p, go::Board::Point last) const;
};

// Picks a playout move for c (kNoPoint means pass). Reorders the board's empty-point list.
go::Board::Point choose_playout_move(go::Board& b, go::Colour c, Rng& rng);
// The same with feature weights: among the same moves, each with the chance of its weight.
go::Board::Point choose_weighted_playout_move(const go::Board& b, go::Colour c,
                                              go::Board::Point last, const PlayoutWeights& w,
                                              Rng& rng);

// Plays a playout on b (modified) with `to_move` first; `passes_before` is the number of
// consecutive passes that ended the sequence leading here (0, or 1 after a pass).
// If `record` is not null each move is appended to it.
PlayoutOutcome run_playout(go::Board& b, go::Colour to_move, int passes_before, double komi,
                           Rng& rng, std::vector<MoveRecord>* record,
                           const PlayoutWeights& weights = {});

// Area score difference (black - white) of a finished playout, where every empty point is
// surrounded by one colour; falls back to full area scoring otherwise.
int playout_score(const go::Board& b, bool finished);

// 1 for a black win, 0 for a white win, 0.5 for a jigo.
inline double black_reward(double black_minus_white) {
  return black_minus_white > 0 ? 1.0 : black_minus_white < 0 ? 0.0 : 0.5;
}

}  // namespace rm::refbot
