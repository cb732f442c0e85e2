#pragma once
// Move search: the flat all-moves-as-first reference bot and MC+UCT (optionally with RAVE).
#include <chrono>
#include <vector>

#include "engine/go/board.hpp"
#include "engine/refbot/params.hpp"
#include "engine/refbot/playout.hpp"
#include "engine/refbot/rng.hpp"

namespace rm::refbot {

// When to stop searching: after a number of playouts, or at a deadline (time_per_move > 0).
class Budget {
 public:
  explicit Budget(const Params& p);
  bool exhausted(int playouts_done) const;

 private:
  int playouts_;
  bool timed_;
  std::chrono::steady_clock::time_point deadline_;
};

struct SearchResult {
  go::Board::Point point = go::Board::kNoPoint;  // kNoPoint = pass
  double win_rate = 0.5;                         // of the chosen move, for the side to move
  int playouts = 0;
  int tree_nodes = 0;  // UCT only
};

// The moves a real genmove may choose: legal including positional superko (as the root
// board is set up) and not filling one of the mover's own one-point eyes.
std::vector<go::Board::Point> root_candidates(const go::Board& root, go::Colour to_move);

// `passes_before`: consecutive passes just before this position (0 or 1; a game with two has
// ended). Both searches leave `root` unchanged.
SearchResult flat_search(const go::Board& root, go::Colour to_move, int passes_before, double komi,
                         const Params& params, Rng& rng);
// Uniformly random among root_candidates (no playouts).
SearchResult random_move(const go::Board& root, go::Colour to_move, Rng& rng);
SearchResult uct_search(const go::Board& root, go::Colour to_move, int passes_before, double komi,
                        const Params& params, Rng& rng);

}  // namespace rm::refbot
