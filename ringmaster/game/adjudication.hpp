// Adjudication settings: who decides a game the players' scorers cannot agree on (the
// arbiter), and when a game is ended by Ringmaster instead of by the players (resign
// adjudication, scoring at the move limit). Plain data with a JSON round trip.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "engine/gtp/controller.hpp"

namespace rm::game {

enum class ArbiterKind { None, Internal, Engine };

struct Adjudication {
  // Asked when the scorers disagree or none reported a score (and at the move limit when
  // score_at_move_limit): Ringmaster's area scorer, or an engine (GNU Go) told the game with
  // `loadsgf` and asked `final_score`.
  ArbiterKind arbiter = ArbiterKind::None;
  std::string arbiter_code;                           // the arbiter engine's player code
  std::optional<rm::gtp::EngineSpec> arbiter_engine;  // when arbiter == Engine
  // The arbiter engine finishes the game with `kgs-genmove_cleanup` (when it knows the
  // command) before `final_score`, at most this many moves; 0: no clean-up.
  int cleanup_moves = 0;
  // Resign adjudication: after `resign_after_moves` moves, a player behind by at least
  // `resign_score` points by the internal area estimate for `resign_moves` moves running
  // loses by resignation (B+R / W+R). Off when resign_score is nullopt.
  std::optional<double> resign_score;
  int resign_moves = 1;
  int resign_after_moves = 0;
  // At the move limit, score the position (with the arbiter, else the internal scorer)
  // instead of ending the game without a result: for engines that never pass or resign.
  bool score_at_move_limit = false;
};

nlohmann::json to_json(const Adjudication& a);
// Throws std::invalid_argument naming the field.
Adjudication adjudication_from_json(const nlohmann::json& j, const std::string& path);

}  // namespace rm::game
