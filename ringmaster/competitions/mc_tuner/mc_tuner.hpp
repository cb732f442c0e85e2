// gomill's mc_tuner (Monte-Carlo tree search over the parameter space) as a Competition.
// Algorithm and differences from gomill: docs/tuner-algorithm.md.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ringmaster/competitions/mc_tuner/mc_tree.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner_settings.hpp"
#include "ringmaster/competitions/numbered_tuner.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "scales/grid.hpp"
#include "scales/value.hpp"

namespace rm::comp {

// A point is a path in the tree (one choice per level).
class McTuner final : public NumberedTuner<std::vector<int>> {
 public:
  // Throws std::invalid_argument if cf is not an mc_tuner control file or its opponent is
  // not among the players.
  explicit McTuner(const rm::control::ControlFile& cf);
  // The settings of an mc_tuner and their reader (mc_tuner_settings.cpp).
  static rm::control::SettingsType settings_type();
  // Listing for `ringmaster FILE candidates`: for each depth-1 candidate its coordinates,
  // optimiser values, formatted engine parameters, the full command (shell-quoted for display
  // only) and startup commands. Nothing is started or written (mc_tuner_candidates.cpp).
  static std::string describe_candidates(const rm::control::ControlFile& control);
  // The live view's line from a json_report(): the best candidate now (mc_tuner_live_line.cpp).
  static std::vector<std::string> live_lines(const nlohmann::json& report);
  // The simulation bench's presets mcN, mcNv and mcNvv: the split N, with in_flight_visits
  // none, virtual_loss or virtual_visit (mc_tuner_preset.cpp; CompetitionType).
  static std::optional<YAML::Node> simulation_preset(const std::string& name, int dims);

  nlohmann::json definition() const override;
  void check_stored_definition(const nlohmann::json& stored) const override;
  std::vector<std::string> periodic_history_lines() const override;
  std::vector<rm::scales::Value> recommendation() const override;

  // For tests and tools.
  const McTree& tree() const { return tree_; }
  // The path of an outstanding game, if it is outstanding.
  std::optional<std::vector<int>> outstanding_path(int game_number) const;
  // "pl: 300; c: 0.45" for the candidate at `path`.
  std::string format_parameters(const std::vector<int>& path) const;
  // gomill's Simulation.describe(): "pl: 300 [(3,)]".
  std::string describe_path(const std::vector<int>& path) const;
  // The candidate's own directory for template files: <dir>/<code>.candidates/<coords joined by _>.
  std::string candidate_dir(const std::vector<int>& path) const;

 private:
  // The state format it writes (it reads every one from 1).
  static constexpr int kStateFormat = 1;
  std::string tuner_short_report() const override;
  std::string tuner_screen_report(
      const std::vector<std::string>& game_ids_in_progress) const override;
  nlohmann::json tuner_json_report() const override;
  nlohmann::json tuner_state() const override;
  StateCommit read_tuner_state(const nlohmann::json& state, int format,
                               const std::vector<nlohmann::json>& archive) override;
  std::vector<int> choose_point(GameRng& rng) override;
  rm::game::PlayerSpec candidate_for(const std::vector<int>& path,
                                     const std::string& code) const override;
  std::vector<rm::scales::Value> values_of(const std::vector<int>& path) const override {
    return rm::scales::engine_values(path, settings_.parameters);
  }
  std::string parameters_of(const std::vector<int>& path) const override {
    return format_parameters(path);
  }
  std::string describe(const std::vector<int>& path) const override { return describe_path(path); }
  void on_point_issued(const std::vector<int>& path) override { tree_.add_in_flight(path); }
  void on_point_dropped(const std::vector<int>& path) override;
  std::string on_point_result(const std::vector<int>& path, const rm::game::GameResult& r) override;
  rm::game::PlayerSpec check_candidate() const override;
  // Its candidates are the grid's cells, a bounded set whose many games share them.
  bool keeps_candidate_dirs() const override { return true; }
  std::string static_description() const;
  std::string main_report() const;

  McTunerSettings settings_;
  McTree tree_;
  bool last_event_was_result_ = false;
};

// Definition comparison: throws IncompatibleState naming the first difference between a stored
// definition and the current one (parameter count, codes, splits, scales, initial visits/wins).
void check_mc_tuner_definition(const nlohmann::json& stored, const nlohmann::json& current);

}  // namespace rm::comp
