// Validation games of a tuner's recommended candidate (Competition::recommended_values())
// against its opponent (or a fixed candidate: play_against_candidate()), every `every` tuning
// games and/or at the end (the `validation` setting, docs/control-file.md#validation). Shared
// by every tuner through TunerShell, which asks it for a job before the tuner's own, routes
// results whose id starts with 'v' to it, keeps its state() in the tuner's state; each tuner
// adds its report. The games are recorded like any other but never reach the tuner's
// statistics.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/competitions/candidate_renderer.hpp"
#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/game_numbers.hpp"
#include "ringmaster/competitions/opening_choice.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/stats/elo.hpp"
#include "scales/parameter.hpp"
#include "scales/value.hpp"

namespace rm::comp {

// One validation round: the candidate's values are fixed when the round starts.
struct ValidationRound {
  int round = 0;        // 1, 2, ... (the game ids are v<round>#<index>)
  int after_games = 0;  // tuning games done when it started
  bool at_end = false;  // the final round
  int games = 0;        // games to play
  std::vector<rm::scales::Value> values;
  std::string parameters;  // the values formatted ("pl: 300; c: 0.45")
  GameNumbers numbers;     // game indices issued / fixed
  rm::stats::Wdl wdl;      // candidate's wins, games with no winner (jigo, unknown), losses
  int void_games = 0;

  bool complete() const { return numbers.fixed() >= games; }
};

class Validation {
 public:
  // `renderer`: the tuner's (its candidates are rendered, files and all, through it);
  // `parameters`: the engine parameters (for formatting the values); `seed`: the tuner's.
  Validation(const rm::control::ValidationSettings& settings, const rm::control::ControlFile& cf,
             std::shared_ptr<const CandidateRenderer> renderer,
             std::vector<rm::scales::Parameter> parameters, const rm::game::PlayerSpec& opponent,
             rm::control::CandidateColour colour, std::uint64_t seed);

  bool enabled() const { return settings_.enabled(); }
  // Plays the rounds against a candidate with fixed values instead of the opponent (the
  // spsa_tuner's start, head to head, which has no opponent): rendered through the renderer
  // under `code` (its directory <code>.candidates/<code>, written once), and recorded as the
  // game's opponent_candidate.
  void play_against_candidate(const std::string& code, std::vector<rm::scales::Value> values);
  // Whether a game id is a validation game's ("v1#0").
  static bool is_validation_id(const std::string& game_id);

  // The next validation game, if a round is due or under way: round k (periodic) once
  // `tuning_done` >= k * every (except one falling on the last tuning game when there is a
  // final round); the final round once `tuning_finished`. A round starts with
  // the values `recommended()` gives then. Called first by the tuner's next_job().
  std::optional<JobRequest> next_job(
      int tuning_done, bool tuning_finished,
      const std::function<std::vector<rm::scales::Value>()>& recommended);
  // A validation game's result (throws std::logic_error if it is not outstanding).
  ResultLines on_result(const rm::game::GameResult& r);
  // A void validation game: skipped (never replayed), counted in the round. Always true.
  bool on_void(const rm::game::GameResult& r);

  // Every due round has started and finished (nothing owed now).
  bool finished(int tuning_done, bool tuning_finished) const;
  // Validation games still to play, given the tuning games done and still to play.
  int games_remaining(int tuning_done, std::optional<int> tuning_remaining) const;
  // Validation games finished (void ones left out, as the games table holds them).
  long games_played() const;

  // {"rounds": [...]} with each round's values, numbers and counts; outstanding games are
  // reissued after restore() (as the tuners' own).
  nlohmann::json state() const;
  // Throws std::invalid_argument for a malformed state.
  void restore(const nlohmann::json& state);

  // "validation of the recommended candidate against <opponent>:" and a line per round;
  // "" when no round has started.
  std::string report() const;
  // {"every", "games", "at_end", "rounds": [{round, after_games, at_end, parameters, values,
  // games, played, wins, no_winner, losses, void, win_rate, win_rate_ci, elo...}]}
  nlohmann::json json() const;
  // "game v1#3: validation 1: pl: 300" for the screen's in-progress lines; nullopt if not ours.
  std::optional<std::string> describe_in_progress(const std::string& game_id) const;
  // "Validation in progress:" and a line per validation game among the ids; "" if none.
  std::string screen_report(const std::vector<std::string>& game_ids_in_progress) const;
  // Adds "validation" (json()) to a tuner's JSON report when the setting is given or a round
  // was played.
  void add_to_json_report(nlohmann::json& report) const;

  const std::vector<ValidationRound>& rounds() const { return rounds_; }

 private:
  std::optional<std::pair<int, int>> parse(
      const std::string& game_id) const;  // (round index, game)
  int due_periodic_rounds(int tuning_done, bool tuning_finished) const;
  std::string round_label(const ValidationRound& round) const;

  rm::control::ValidationSettings settings_;
  std::string directory_, code_;  // the competition's directory and code
  rm::game::GameSettings game_;
  bool record_games_ = true;
  std::shared_ptr<const CandidateRenderer> renderer_;
  std::vector<rm::scales::Parameter> parameters_;
  rm::game::PlayerSpec opponent_;
  std::optional<std::vector<rm::scales::Value>> opponent_values_;  // play_against_candidate()
  rm::control::CandidateColour colour_;
  std::uint64_t seed_;
  OpeningChoice openings_;
  std::vector<ValidationRound> rounds_;
};

}  // namespace rm::comp
