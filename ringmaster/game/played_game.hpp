// What the referee saw during a game, beyond the GameResult: the material of the SGF record.
#pragma once

#include <string>
#include <vector>

#include "ringmaster/game/sgf_writer.hpp"

namespace rm::game {

struct PlayedGame {
  std::vector<std::string> handicap_points;      // SGF points of the handicap stones
  std::vector<std::string> opening_setup_black;  // SGF points of an opening's free-handicap setup
  std::vector<SgfMove> moves;              // one per move, passes included, with explain comments
  std::vector<std::string> scoring_lines;  // "<code> final_score: <raw>" when scorers disagree
  std::string error_message;               // void games: "aborting game due to error:\n..."
  // A player that resigned or forfeited by its own move: its gomill-explain_last_move answer,
  // as gomill writes it: "final message from w: <<<\n...\n>>>".
  std::string final_message;
};

}  // namespace rm::game
