// Playing a job's opening: both engines are told it (`set_free_handicap` for a black-only
// setup, `play` for the rest, pipelined), the referee's board follows, and the moves go into
// the game record.
#pragma once

#include <array>
#include <functional>

#include "engine/go/board.hpp"
#include "engine/gtp/controller.hpp"
#include "ringmaster/game/opening.hpp"
#include "ringmaster/game/played_game.hpp"

namespace rm::game {

// Called with any error from an engine (including a failure response such as "illegal
// move"): the opening is nobody's fault, so the caller makes the game void. Must not return.
using OpeningErrorHandler = std::function<void(const rm::gtp::GtpError&)>;

struct OpeningPlayed {
  int to_move = 0;     // 0: black moves next, 1: white
  int move_count = 0;  // moves (passes included) added to the record
};

// `engines` are black's and white's controllers. Throws std::invalid_argument if the
// opening is illegal on `board` (a job not made by opening_from_sgf).
OpeningPlayed play_opening(const Opening& opening,
                           const std::array<rm::gtp::Controller*, 2>& engines, rm::go::Board& board,
                           PlayedGame& game, const OpeningErrorHandler& on_error);

}  // namespace rm::game
