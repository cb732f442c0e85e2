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

// Picks a playout move for c (kNoPoint means pass). Reorders the board's empty-point list.
go::Board::Point choose_playout_move(go::Board& b, go::Colour c, Rng& rng);

// Plays a playout on b (modified) with `to_move` first; `passes_before` is the number of
// consecutive passes that ended the sequence leading here (0, or 1 after a pass).
// If `record` is not null each move is appended to it.
PlayoutOutcome run_playout(go::Board& b, go::Colour to_move, int passes_before, double komi,
                           Rng& rng, std::vector<MoveRecord>* record);

// Area score difference (black - white) of a finished playout, where every empty point is
// surrounded by one colour; falls back to full area scoring otherwise.
int playout_score(const go::Board& b, bool finished);

// 1 for a black win, 0 for a white win, 0.5 for a jigo.
inline double black_reward(double black_minus_white) {
  return black_minus_white > 0 ? 1.0 : black_minus_white < 0 ? 0.0 : 0.5;
}

}  // namespace rm::refbot
