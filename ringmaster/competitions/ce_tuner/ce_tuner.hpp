// gomill's ce_tuner (the cross-entropy method over the parameter space) as a Competition.
// Algorithm, reports and differences from gomill: docs/ce-tuner.md.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ringmaster/competitions/ce_tuner/ce_tuner_distribution.hpp"
#include "ringmaster/competitions/ce_tuner/ce_tuner_settings.hpp"
#include "ringmaster/competitions/game_numbers.hpp"
#include "ringmaster/competitions/tuner_shell.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "scales/value.hpp"

namespace rm::comp {

// One sample of the current generation: its optimiser values and its games. Its game numbers
// are the rounds (game id g<gen>#<index>r<round>), one GameNumbers per sample as gomill's
// Group_scheduler keeps one Simple_scheduler per group.
struct CeSample {
  std::vector<double> optimiser_values;
  GameNumbers rounds;
  int games = 0;      // finished (non-void) games
  int wins = 0;       // games the candidate won
  int no_winner = 0;  // jigo or unknown result: half a point each (gomill)

  double score() const { return wins + 0.5 * no_winner; }
};

// A finished generation, kept for the history lines and the JSON report.
struct CeGenerationRecord {
  int generation = 0;
  std::vector<Gaussian> distribution;  // the one its samples were drawn from
  std::vector<std::vector<double>> samples;
  std::vector<int> games, wins, no_winner;  // per sample
  std::vector<int> ranking;                 // sample indices, best first
  int elite_count = 0;
};

// Games are played by generation: each sample of a generation plays batch_size rounds; a game
// voided once is replayed, a second time halts the run (gomill's rule).
class CeTuner final : public TunerShell {
 public:
  // The settings of a ce_tuner and their reader (ce_tuner_settings.cpp).
  static rm::control::SettingsType settings_type();
  // The live view's line from a json_report(): the distribution's mean and the latest
  // generation's best sample (ce_tuner_live_line.cpp).
  static std::vector<std::string> live_lines(const nlohmann::json& report);
  // The simulation bench's preset `ce`, and its length in generations (ce_tuner_preset.cpp;
  // CompetitionType).
  static std::optional<YAML::Node> simulation_preset(const std::string& name, int dims);
  static void set_simulation_games(YAML::Node& settings, int games);
  // Throws std::invalid_argument if cf is not a ce_tuner control file or its opponent is
  // not among the players.
  explicit CeTuner(const rm::control::ControlFile& cf);

  // Each finished generation's record leaves the state for the store's archive, so that
  // committing a game costs the same after a hundred generations as after one.
  std::optional<nlohmann::json> archive_chunk() override;
  nlohmann::json definition() const override;
  void check_stored_definition(const nlohmann::json& stored) const override;
  std::vector<std::string> periodic_history_lines() const override;
  std::vector<rm::scales::Value> recommendation() const override;

  // For tests and tools.
  int generation() const { return generation_; }
  const std::vector<Gaussian>& distribution() const { return distribution_; }
  const std::vector<CeSample>& samples() const { return samples_; }
  const std::vector<CeGenerationRecord>& history() const { return history_; }
  // gomill's candidate code "g<generation>#<index>".
  static std::string candidate_code(int generation, int index);
  // Engine values of optimiser values (each parameter's transform). Throws std::runtime_error
  // naming the parameter if a transform fails.
  std::vector<rm::scales::Value> engine_values(const std::vector<double>& optimiser_values) const;
  // "pl: 300; c: 0.45" (gomill's format_optimiser_parameters).
  std::string format_parameters(const std::vector<double>& optimiser_values) const;
  // gomill's format_distribution: formatted means, newline, "mean~variance" per dimension.
  std::string format_distribution(const std::vector<Gaussian>& distribution) const;
  // gomill's generation summary for the history file (see finish_generation).
  std::vector<std::string> generation_lines(const CeGenerationRecord& record) const;

 private:
  // The state format it writes (it reads every one from 1).
  static constexpr int kStateFormat = 1;
  struct GameKey {
    int generation = 0, sample = 0, round = 0;
  };
  // Parses "g<gen>#<index>r<round>"; nullopt for anything else.
  static std::optional<GameKey> parse_game_id(const std::string& id);
  // The key of a game of the current generation that is in progress; throws std::logic_error.
  GameKey outstanding_key(const rm::game::GameResult& r, const char* what) const;
  JobRequest job_for(const GameKey& key) const;
  rm::game::PlayerSpec make_candidate(const std::vector<double>& optimiser_values,
                                      const std::string& code) const;
  void start_generation();  // draws the samples of generation_

  std::string tuner_short_report() const override;
  std::string tuner_screen_report(
      const std::vector<std::string>& game_ids_in_progress) const override;
  nlohmann::json tuner_json_report() const override;
  nlohmann::json tuner_state() const override;
  StateCommit read_tuner_state(const nlohmann::json& state, int format,
                               const std::vector<nlohmann::json>& archive) override;
  std::optional<JobRequest> next_tuning_job() override;
  ResultLines on_tuning_result(const rm::game::GameResult& r) override;
  bool on_tuning_void(const rm::game::GameResult& r) override;
  TuningProgress tuning_progress() const override;
  bool tuning_finished() const;  // every generation played
  // The initial means (the startup check's candidate).
  std::optional<std::vector<rm::scales::Value>> start_values() const override {
    return engine_values(initial_means());
  }
  // An optimiser value, as initial_mean is given, through the parameter's transform.
  rm::scales::Value value_from_text(std::size_t k, const std::string& text) const override;
  std::vector<double> initial_means() const;
  void finish_generation();
  bool generation_complete() const;
  std::vector<double> scores() const;
  std::string static_description() const;
  std::string main_report() const;
  // The samples table, at most `limit` rows.
  std::string samples_report(std::size_t limit = static_cast<std::size_t>(-1)) const;

  CeTunerSettings settings_;
  std::vector<rm::scales::Parameter> engine_parameters_;
  int generation_ = 0;
  std::vector<Gaussian>
      distribution_;             // the distribution of generation_ (the final one at the end)
  int samples_generation_ = -1;  // the generation samples_ belong to (-1: none drawn)
  std::vector<CeSample> samples_;
  std::vector<CeGenerationRecord> history_;
  std::size_t archived_history_ = 0;  // history_[0, n) is in the store's archive
  // Per run, not persisted (gomill's seen_successful_game and per-job error count).
  bool seen_successful_game_ = false;
  std::set<std::pair<int, int>> failed_once_;  // (sample, round) of this generation voided once
  std::deque<GameKey> replays_;                // voided once, to be replayed now
  bool generation_just_finished_ = false;      // periodic_history_lines() is due
};

// Definition comparison: throws IncompatibleState naming every difference between a stored
// definition and the current one (samples_per_generation, parameter codes, transforms).
void check_ce_tuner_definition(const nlohmann::json& stored, const nlohmann::json& current);

}  // namespace rm::comp
