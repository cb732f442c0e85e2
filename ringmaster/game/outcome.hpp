// How a game ended, in gomill's terms (gameplay.Result): the pieces of a GameResult that
// describe the result, built by small named constructors so every outcome has one spelling.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/go/colour.hpp"
#include "ringmaster/game/game_job.hpp"

namespace rm::game {

struct Outcome {
  std::optional<rm::go::Colour> winner;  // nullopt: jigo, unknown, no result
  std::optional<double> margin;
  bool is_jigo = false;
  bool is_forfeit = false;
  bool is_resignation = false;
  std::string sgf_result;     // "B+R", "W+4.5", "B+F", "B+", "0", "?", "Void"
  std::string detail;         // "" or gomill's detail
  std::string forfeit_cause;  // "" unless is_forfeit
};

Outcome scored_win(rm::go::Colour winner, std::optional<double> margin);
Outcome jigo();
Outcome unknown_result(const std::string& detail);  // "?": "no score reported", "players disagreed"
Outcome resignation(rm::go::Colour winner);
Outcome claim(rm::go::Colour winner);
// detail "forfeit by <loser_code>: <reason>"
Outcome forfeit(rm::go::Colour winner, const std::string& loser_code, const std::string& reason,
                const std::string& cause);
Outcome move_limit_reached();  // "Void" with detail "hit move limit" (not a void game)

// Internal area scoring: score = area_b - area_w - komi - compensation, where the
// compensation for a handicap of H stones is H (full), H-1 (short) or 0 (no).
double handicap_compensation(int handicap, HandicapCompensation style);
Outcome internal_score(int area_black, int area_white, double komi, int handicap,
                       HandicapCompensation style);

// One player's answer to final_score (only reliable scorers that know the command are asked).
struct ScoreReport {
  std::string code;
  std::string raw;  // the response text as received
};
// gomill's rules: "0" -> jigo; "B+x"/"W+x" -> that winner, margin x if > 0; anything else is
// ignored. All winners equal -> that winner (margin only if all margins agree); winners
// differ -> "?" players disagreed; no usable report -> "?" no score reported.
Outcome combine_player_scores(const std::vector<ScoreReport>& reports);
// gomill's describe_scoring extra lines: "<code> final_score: <raw>" for each report whose
// normalised text (upper case, trailing ".0" stripped) differs from the sgf result.
std::vector<std::string> disagreeing_score_lines(const std::vector<ScoreReport>& reports,
                                                 const std::string& sgf_result);

}  // namespace rm::game
