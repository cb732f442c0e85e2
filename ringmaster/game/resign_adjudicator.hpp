// Resign adjudication for engines that never resign: after each move, Ringmaster's area
// estimate of the position (every stone alive, komi and handicap compensation as the internal
// scorer counts them); a player behind by the threshold for enough moves running loses.
#pragma once

#include <optional>

#include "engine/go/board.hpp"
#include "ringmaster/game/game_job.hpp"

namespace rm::game {

class ResignAdjudicator {
 public:
  explicit ResignAdjudicator(const GameSettings& settings) : settings_(settings) {}
  bool enabled() const { return settings_.adjudication.resign_score.has_value(); }
  // After move number `move_count` (1-based): the winner, when the other side has
  // been behind by resign_score for resign_moves moves running; else nullopt. `estimate`
  // receives the latest estimate (black's lead) for the record.
  std::optional<rm::go::Colour> after_move(const rm::go::Board& board, int move_count,
                                           double* estimate = nullptr);

 private:
  const GameSettings& settings_;
  // Black / White while a side leads by the threshold, else Empty.
  rm::go::Colour leader_ = rm::go::Colour::Empty;
  int run_ = 0;  // moves running with that lead
};

}  // namespace rm::game
