// The model_tuner: a model-based tuner for continuous and integer parameters (in the spirit of
// Coulom's CLOP) as a Competition. Each game's candidate is a point of the parameter ranges
// chosen by ModelSearch; every result refines the model. Settings, algorithm and reports:
// docs/model-tuner.md.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ringmaster/competitions/model_tuner/model_search.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner_settings.hpp"
#include "ringmaster/competitions/numbered_tuner.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "scales/value.hpp"

namespace rm::comp {

// A point is a normalised point of the ranges, [-1, 1] per parameter.
class ModelTuner final : public NumberedTuner<std::vector<double>> {
 public:
  // Throws std::invalid_argument if cf is not a model_tuner control file or its opponent is
  // not among the players.
  explicit ModelTuner(const rm::control::ControlFile& cf);
  // The settings of a model_tuner and their reader (model_tuner_settings.cpp).
  static rm::control::SettingsType settings_type();
  // The live view's line from a json_report(): the estimated optimum with its region
  // (model_tuner_live_line.cpp).
  static std::vector<std::string> live_lines(const nlohmann::json& report);
  // The simulation bench's preset `model` (model_tuner_preset.cpp; CompetitionType).
  static std::optional<YAML::Node> simulation_preset(const std::string& name, int dims);

  // Every 1,000 samples leave the state for the store's archive, so that committing a game
  // costs the same at a million samples as at a thousand.
  std::optional<nlohmann::json> archive_chunk() override;
  nlohmann::json definition() const override;
  void check_stored_definition(const nlohmann::json& stored) const override;
  std::vector<std::string> periodic_history_lines() const override;
  std::vector<rm::scales::Value> recommendation() const override;

  // For tests and tools.
  const model::ModelSearch& search() const { return search_; }
  // Engine values of a normalised point (each parameter's scale; integers rounded).
  std::vector<rm::scales::Value> engine_values(const std::vector<double>& u) const;
  // The normalised point of the engine values actually played (after integer rounding).
  std::vector<double> played_point(const std::vector<double>& u) const;
  // "pl: 300; c: 0.45".
  std::string format_parameters(const std::vector<double>& u) const;

 private:
  // The state format it writes (it reads every one from 1). 2: the surrogate's part under
  // "surrogate" (1: before the search was rebuilt).
  static constexpr int kStateFormat = 2;
  std::string tuner_short_report() const override;
  std::string tuner_screen_report(
      const std::vector<std::string>& game_ids_in_progress) const override;
  nlohmann::json tuner_json_report() const override;
  nlohmann::json tuner_state() const override;
  StateCommit read_tuner_state(const nlohmann::json& state, int format,
                               const std::vector<nlohmann::json>& archive) override;
  std::vector<double> choose_point(GameRng& rng) override;
  rm::game::PlayerSpec candidate_for(const std::vector<double>& point,
                                     const std::string& code) const override;
  std::vector<rm::scales::Value> values_of(const std::vector<double>& point) const override {
    return engine_values(point);
  }
  std::string parameters_of(const std::vector<double>& point) const override {
    return format_parameters(point);
  }
  std::string describe(const std::vector<double>& point) const override {
    return format_parameters(point);
  }
  std::string on_point_result(const std::vector<double>& point,
                              const rm::game::GameResult& r) override;
  // The user's start as given, or else the centre of the ranges as played (the startup
  // check's candidate).
  std::optional<std::vector<rm::scales::Value>> start_values() const override {
    return engine_values(start_point());
  }
  rm::scales::Value value_from_text(std::size_t k, const std::string& text) const override {
    return settings_.parameters.at(k).value_from_text(text);
  }
  std::vector<double> start_point() const;
  std::string main_report() const;
  std::string games_line() const;           // "120/1000 games played"
  std::string recommendation_text() const;  // the estimate, its region, the results
  std::vector<std::string> codes() const;

  ModelTunerSettings settings_;
  std::vector<rm::scales::Parameter> engine_parameters_;
  model::ModelSearch search_;
  int wins_ = 0, no_winner_ = 0;      // over finished games
  std::size_t archived_samples_ = 0;  // samples [0, n) are in the store's archive
  int results_since_history_ = 0;     // periodic estimate line in the history
};

// Definition comparison: throws IncompatibleState naming every difference (parameter count,
// codes, ranges, scales, integer flags).
void check_model_tuner_definition(const nlohmann::json& stored, const nlohmann::json& current);

}  // namespace rm::comp
