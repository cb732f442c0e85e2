// gomill's mc_tuner (Monte-Carlo tree search over the parameter space) as a Competition.
// Algorithm and differences from gomill: docs/tuner-algorithm.md.
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
#include "ringmaster/competitions/mc_tuner/mc_tree.hpp"
#include "ringmaster/competitions/opening_choice.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/competitions/validation.hpp"
#include "ringmaster/control/control_file.hpp"
#include "scales/value.hpp"

namespace rm::comp {

class McTuner final : public Competition {
 public:
  // Throws std::invalid_argument if cf is not an mc_tuner control file or its opponent is
  // not among the players.
  explicit McTuner(const rm::control::ControlFile& cf);

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

  // For tests and tools.
  const McTree& tree() const { return tree_; }
  const GameNumbers& game_numbers() const { return numbers_; }
  const Validation& validation() const { return *validation_; }
  // The path of an outstanding game, if it is outstanding.
  std::optional<std::vector<int>> outstanding_path(int game_number) const;
  // "pl: 300; c: 0.45" for the candidate at `path`.
  std::string format_parameters(const std::vector<int>& path) const;
  // gomill's Simulation.describe(): "pl: 300 [(3,)]".
  std::string describe_path(const std::vector<int>& path) const;
  // The candidate's own directory for template files: <dir>/<code>.candidates/<coords joined by _>.
  std::string candidate_dir(const std::vector<int>& path) const;

 private:
  struct Outstanding {
    std::vector<int> path;
  };
  int game_number_of(const rm::game::GameResult& r) const;  // throws std::logic_error if unknown
  rm::game::PlayerSpec make_candidate(const std::vector<int>& path,
                                      const std::string& player_code) const;
  void write_candidate_files(const std::vector<int>& path) const;
  std::string static_description() const;
  std::string main_report() const;
  std::string opponent_line() const;
  bool tuning_finished() const;  // every tuning game number fixed

  rm::control::ControlFile cf_;
  rm::control::McTunerSettings settings_;
  rm::game::PlayerSpec opponent_;
  std::uint64_t seed_;
  OpeningChoice openings_{cf_.openings};
  McTree tree_;
  GameNumbers numbers_;
  std::map<int, Outstanding> outstanding_;
  std::string opponent_description_;  // "" until the first result
  CandidatePoolStats pool_stats_;     // every finished tuning game; rebuilt by restore_games()
  std::optional<Validation> validation_;
  VoidHaltRule void_halt_rule_;  // gomill's halt_on_next_failure
  bool last_event_was_result_ = false;
  mutable std::set<std::string> candidate_dirs_written_;  // template files are written once per run
};

// Definition comparison: throws IncompatibleState naming the first difference between a stored
// definition and the current one (parameter count, codes, splits, scales, initial visits/wins).
void check_mc_tuner_definition(const nlohmann::json& stored, const nlohmann::json& current);

}  // namespace rm::comp
