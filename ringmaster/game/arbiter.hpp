// The arbiter: decides the result of a finished game the players' scorers could not agree
// on (or at the move limit, when asked): Ringmaster's area scorer, or an engine such as GNU
// Go, which is given the game with `loadsgf`, may finish disputed endings with
// `kgs-genmove_cleanup` (as GoGui's twogtp does), and is asked `final_score`.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "engine/go/board.hpp"
#include "engine/gtp/controller.hpp"
#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/outcome.hpp"

namespace rm::game {

struct ArbiterVerdict {
  std::optional<Outcome> outcome;  // nullopt: the arbiter could not decide (see notes)
  std::string decided_by;          // "internal scorer" or "arbiter <code>"
  std::vector<std::string> notes;  // for the record's last node: the arbiter's answer, problems
};

// `sgf_text`: the game so far as an SGF record (for loadsgf); `next_colour` is the
// colour to move after the last move. The engine is started and closed here (never left
// running); its GTP exchange goes to `log` on channel "arbiter".
ArbiterVerdict ask_arbiter(const GameSettings& settings, const rm::go::Board& board,
                           const std::string& sgf_text, rm::go::Colour next_colour,
                           const std::atomic<bool>* abort, rm::gtp::GtpLog log);

}  // namespace rm::game
