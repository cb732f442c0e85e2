// What the tuners put in a game's job and take from its result besides its outcome: the
// candidate's record, the game number of a numbered tuner's game id, and the opponent's
// description for the reports.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ringmaster/game/game_result.hpp"
#include "scales/value.hpp"

namespace rm::comp {

// The record of the candidate a game plays (GameJob::candidate).
rm::game::CandidateRecord candidate_record(const std::string& code, const std::string& parameters,
                                           const std::vector<rm::scales::Value>& values);

// "17" -> 17; nullopt for anything but a plain non-negative decimal number that fits an int.
std::optional<int> parse_game_number(const std::string& game_id);

// The opponent's long description if its engine gave one, else its short one; `description`
// is left as it was when the engine gave neither (gomill's behaviour).
void note_opponent_description(std::string& description, const rm::game::GameResult& r,
                               const std::string& opponent);

// gomill's rule for a tuner whose void games are skipped (mc_tuner, model_tuner): halt if the
// first game to finish in a run is void, or two in a row are. Per run, not persisted.
class VoidHaltRule {
 public:
  void on_result() { halt_on_next_void_ = false; }
  // Returns true to carry on, false to halt.
  bool on_void() {
    if (halt_on_next_void_) return false;
    halt_on_next_void_ = true;
    return true;
  }
  void new_run() { halt_on_next_void_ = true; }

 private:
  bool halt_on_next_void_ = true;
};

}  // namespace rm::comp
