// The model_tuner: a model-based tuner for continuous and integer parameters (in the spirit of
// Coulom's CLOP) as a Competition. Each game's candidate is a point of the parameter ranges
// chosen by ModelSearch; every result refines the model. Settings, algorithm and reports:
// docs/model-tuner.md.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/game_numbers.hpp"
#include "ringmaster/competitions/matchups/candidate_pool_stats.hpp"
#include "ringmaster/competitions/model_tuner/model_search.hpp"
#include "ringmaster/competitions/opening_choice.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/competitions/validation.hpp"
#include "ringmaster/control/control_file.hpp"
#include "scales/value.hpp"

namespace rm::comp {

class ModelTuner final : public Competition {
 public:
  // Throws std::invalid_argument if cf is not a model_tuner control file or its opponent is
  // not among the players.
  explicit ModelTuner(const rm::control::ControlFile& cf);

  std::optional<JobRequest> next_job() override;
  ResultLines on_result(const rm::game::GameResult& r) override;
  bool on_void(const rm::game::GameResult& r) override;
  bool finished() const override;
  std::optional<int> games_remaining() const override;
  nlohmann::json state() const override;
  void restore(const nlohmann::json& state) override;
  void restore_games(const std::vector<rm::game::GameResult>& games) override;
  nlohmann::json statistics() const override { return pool_stats_.statistics(); }
  bool restore_statistics(const nlohmann::json& statistics) override {
    return pool_stats_.restore_statistics(statistics);
  }
  // Every 1,000 samples leave the state for the store's archive, so that committing a game
  // costs the same at a million samples as at a thousand.
  std::optional<nlohmann::json> archive_chunk() override;
  void restore_archive(std::vector<nlohmann::json> chunks) override;
  nlohmann::json definition() const override;
  void check_stored_definition(const nlohmann::json& stored) const override;
  std::string full_report() const override;
  std::string short_report() const override;
  std::string screen_report(const std::vector<std::string>& game_ids_in_progress) const override;
  std::vector<std::string> periodic_history_lines() const override;
  nlohmann::json json_report() const override;
  std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> players_to_check()
      const override;
  std::optional<std::vector<rm::scales::Value>> recommended_values() const override;
  std::size_t played_candidates_kept() const override;
  std::optional<PlayedCandidate> played_candidate(std::size_t index) const override;

  // For tests and tools.
  const model::ModelSearch& search() const { return search_; }
  const GameNumbers& game_numbers() const { return numbers_; }
  const Validation& validation() const { return *validation_; }
  // Engine values of a normalised point (each parameter's scale; integers rounded).
  std::vector<rm::scales::Value> engine_values(const std::vector<double>& u) const;
  // The normalised point of the engine values actually played (after integer rounding).
  std::vector<double> played_point(const std::vector<double>& u) const;
  // "pl: 300; c: 0.45".
  std::string format_parameters(const std::vector<double>& u) const;

 private:
  int game_number_of(const rm::game::GameResult& r) const;  // throws std::logic_error if unknown
  rm::game::PlayerSpec make_candidate(const std::vector<double>& u, const std::string& code) const;
  std::string main_report() const;
  std::string opponent_line() const;

  rm::control::ControlFile cf_;
  rm::control::ModelTunerSettings settings_;
  std::vector<rm::scales::Parameter> engine_parameters_;
  rm::game::PlayerSpec opponent_;
  std::uint64_t seed_;
  OpeningChoice openings_{cf_.openings};
  model::ModelSearch search_;
  GameNumbers numbers_;
  std::map<int, std::vector<double>> outstanding_;  // game number -> played point
  int wins_ = 0, no_winner_ = 0;                    // over finished games
  std::string opponent_description_;                // "" until the first result
  std::optional<Validation> validation_;
  bool tuning_finished() const;                 // every tuning game number fixed
  std::size_t archived_samples_ = 0;            // samples [0, n) are in the store's archive
  std::vector<nlohmann::json> archive_chunks_;  // from restore_archive(), for restore()
  CandidatePoolStats pool_stats_;               // every finished game; rebuilt by restore_games()
  VoidHaltRule void_halt_rule_;
  int results_since_history_ = 0;  // periodic estimate line in the history
  mutable std::set<std::string> candidate_dirs_written_;
};

// Definition comparison: throws IncompatibleState naming every difference (parameter count,
// codes, ranges, scales, integer flags).
void check_model_tuner_definition(const nlohmann::json& stored, const nlohmann::json& current);

}  // namespace rm::comp
