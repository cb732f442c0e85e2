// The outcome of one game as the referee saw it; plain data with a JSON round trip.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/go/colour.hpp"
#include "ringmaster/game/candidate_record.hpp"
#include "ringmaster/game/void_reason.hpp"

namespace rm::game {

struct GameResult {
  std::string game_id, black_code, white_code;
  bool is_void = false;
  std::string
      void_reason;         // the game does not count (an engine failed before the result was known)
  std::string winner;      // "b", "w" or "" (jigo, unknown, void)
  std::string sgf_result;  // "B+R", "W+4.5", "B+F", "B+", "0", "?", "Void"
  std::optional<double> margin;
  bool is_jigo = false, is_forfeit = false;
  std::string
      detail;  // gomill's detail, e.g. "forfeit by two: attempted move to occupied point D4"
  std::string forfeit_cause;  // "", "timeout", "illegal_move", "ill_formed_move",
                              // "failure_response", "claims_illegal", "exited"...
  int move_count = 0;
  std::optional<double> black_cpu_s, white_cpu_s;
  std::string black_short_description, white_short_description;
  std::string black_long_description, white_long_description;
  std::vector<std::string> warnings, late_errors;
  std::string opening;  // the opening's name, "" when the game started from an empty board
  // Who decided the result when the players did not: "arbiter <code>" (an arbiter engine),
  // "internal scorer" (the arbiter or the scorer at the move limit), "resign adjudication";
  // "" when the players' own moves and scores decided.
  std::string decided_by;
  std::string sgf_path;  // where the record was written, "" if none
  // The record could not be written (read-only directory, disk full): why, and the SGF text
  // itself, so that the game's record is kept in the database instead of lost.
  std::string sgf_write_error, unwritten_sgf;
  // For a job with return_sgf: the record's text, for the controller to write.
  std::string sgf_text;
  // A tuner's game: the candidate that played it (the job's). Absent in games stored before
  // results carried it.
  std::optional<CandidateRecord> candidate;
  // A game between two candidates: the other one (GameJob::opponent_candidate).
  std::optional<CandidateRecord> opponent_candidate;

  // `winner` as a colour (nullopt when no winner): what code branches on. The field stays
  // the text stored in the JSON.
  std::optional<rm::go::Colour> winner_colour() const;
  // A void game's reason when Ringmaster gave it in fixed words (VoidReason), else nullopt:
  // what code branches on. `void_reason` stays the text stored in the JSON.
  std::optional<VoidReason> known_void_reason() const;
  std::string winning_code() const;  // "" when no winner
  std::string losing_code() const;   // "" when no winner
  // gomill's one-line description: "one beat two B+18", "one vs two jigo",
  // "one vs two Void (hit move limit)".
  std::string describe() const;
};

// result_from_json throws std::invalid_argument naming the offending field.
nlohmann::json to_json(const GameResult& result);
GameResult result_from_json(const nlohmann::json& j);

}  // namespace rm::game
