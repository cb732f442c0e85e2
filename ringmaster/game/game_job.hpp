// The description of one game to play: the seam between the run loop (or a remote
// `ringmaster-play`) and the referee. Plain data with a JSON round trip.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "engine/gtp/controller.hpp"
#include "ringmaster/game/adjudication.hpp"
#include "ringmaster/game/candidate_record.hpp"
#include "ringmaster/game/game_result.hpp"
#include "ringmaster/game/opening.hpp"
#include "ringmaster/game/time_control.hpp"

namespace rm::game {

struct PlayerSpec {
  std::string code;            // player code from the control file (or a candidate's code)
  rm::gtp::EngineSpec engine;  // how to start and talk to the engine
  bool is_reliable_scorer = true;
  bool allow_claim = false;
  bool sgf_player_name_from_gtp = true;
  // Keep the engine alive between the games one worker plays (engine_cache.hpp); with
  // restart_every > 0 it is started anew after that many games.
  bool reuse = false;
  int restart_every = 0;
  // This player's clock, instead of the game's time_control (time odds).
  std::optional<TimeControl> time_control;
};

enum class Scorer { Players, Internal };
enum class HandicapStyle { Fixed, Free };
enum class HandicapCompensation { No, Full, Short };
// A move that leaves its own chain without liberties: gomill's board allows it (the chain is
// removed); Forfeit makes it an illegal move that loses the game.
enum class SuicideRule { Allowed, Forfeit };

struct GameSettings {
  int board_size = 19;
  double komi = 0.0;
  int handicap = 0;  // 0 = no handicap
  HandicapStyle handicap_style = HandicapStyle::Fixed;
  int move_limit = 1000;
  Scorer scorer = Scorer::Players;
  HandicapCompensation internal_scorer_handicap_compensation = HandicapCompensation::Full;
  SuicideRule suicide = SuicideRule::Allowed;  // gomill's rule
  // Clocks (none: only the per-genmove timeout). A move that takes longer than the clock
  // allows plus time_margin_s loses on time.
  std::optional<TimeControl> time_control;
  double time_margin_s = 0.1;
  Adjudication adjudication;
};

struct GameJob {
  std::string game_id;           // e.g. "17" (mc_tuner) or "0_003" (playoff)
  std::string competition_code;  // for GN "<code> <game_id>"
  std::string sgf_event;         // EV
  std::string sgf_note;          // extra root-comment line, e.g. "Candidate parameters: pl: 300"
  PlayerSpec black, white;
  GameSettings settings;
  std::string sgf_dir;       // if non-empty: write <sgf_dir>/<game_id>.sgf for a finished game
  std::string void_sgf_dir;  // if non-empty: write <void_sgf_dir>/<game_id>.sgf for a void game
                             // with >= 1 move
  std::string gtp_log_path;  // if non-empty: GTP transcript of both engines (--log-gtp)
  // The SGF record comes back in GameResult::sgf_text instead of being written here (a game
  // played on another machine: the controller writes it to sgf_dir / void_sgf_dir).
  bool return_sgf = false;
  std::optional<Opening> opening;  // played by both engines before the first genmove
  // A tuner's game: the candidate it plays, handed back in the result (GameResult::candidate).
  std::optional<CandidateRecord> candidate;
  // A game between two candidates (the spsa_tuner's head to head): the other one, handed back
  // in GameResult::opponent_candidate. Absent (and not written) otherwise, so jobs and stored
  // results from before it read as they did.
  std::optional<CandidateRecord> opponent_candidate;
};

// The clock a player plays under: its own time_control, else the game's.
inline std::optional<TimeControl> time_control_of(const PlayerSpec& p, const GameSettings& s) {
  return p.time_control ? p.time_control : s.time_control;
}

// A result naming the job's game, players, opening and candidate, for the rest to be filled in.
GameResult result_for(const GameJob& job);
// A void result for a job that could not be played; `reason` says why.
GameResult void_result_for(const GameJob& job, std::string reason);
GameResult void_result_for(const GameJob& job, VoidReason reason);

// Throws std::invalid_argument naming the offending field ("black.engine.process.argv: ...")
// when a field is missing or has the wrong type or value.
nlohmann::json to_json(const GameJob& job);
GameJob job_from_json(const nlohmann::json& j);

}  // namespace rm::game
