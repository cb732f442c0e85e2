// The spsa_tuner: SPSA for many parameters (issue 31) as a Competition. Pair n plays
// theta + c*Delta ("#n+") and theta - c*Delta ("#n-"), as games "<n>a" and "<n>b": head to
// head the two candidates play each other with colours swapped on one opening (a pentanomial
// result); against an opponent each plays it once, with the same colour and opening. The
// design (c, r) comes from the stated precision, confidence and Elo per parameter
// (spsa_design.hpp), the search's settings from the budget (settings_for_budget). Settings,
// reports and the confirmation: docs/spsa-tuner.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ringmaster/competitions/spsa_tuner/spsa_design.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_search.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_trajectory.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner_settings.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/competitions/tuner_shell.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/settings_type.hpp"

namespace rm::comp {

// The design (c, r, games) of these settings; throws std::invalid_argument when the settings
// cannot be designed for (a precision so fine no run could play its games).
spsa::Design spsa_design_of(const SpsaTunerSettings& s);

class SpsaTuner final : public TunerShell {
 public:
  // Throws std::invalid_argument if cf is not an spsa_tuner control file.
  explicit SpsaTuner(const rm::control::ControlFile& cf);
  static rm::control::SettingsType settings_type();  // spsa_tuner_settings.cpp
  // The live view's line: the recommended values (spsa_tuner_live_line.cpp).
  static std::vector<std::string> live_lines(const nlohmann::json& report);

  // The trajectory's new points (spsa_trajectory.hpp says why they are archived).
  std::optional<nlohmann::json> archive_chunk() override;
  nlohmann::json definition() const override;
  void check_stored_definition(const nlohmann::json& stored) const override;
  std::vector<std::string> periodic_history_lines() const override;
  std::vector<rm::scales::Value> recommendation() const override;

  // For tests and tools.
  const spsa::SpsaSearch& search() const { return search_; }
  const spsa::Design& design() const { return design_; }
  std::vector<rm::scales::Value> engine_values(const std::vector<double>& u) const;
  std::string format_parameters(const std::vector<double>& u) const;  // "pl: 300; c: 0.45"

  // For tools (ringmaster-simulate-spsa's research variants): plays with these search settings
  // instead of those the budget gives; nothing else changes, and a run's state never holds
  // them, so this is for runs that are never stored. Before the first game only: throws
  // std::logic_error after it, std::invalid_argument for settings of another dimension.
  void use_search_settings(const spsa::SearchSettings& settings);
  // The pair and game (0: a, 1: b) of a tuning game id; nullopt if it is not one.
  static std::optional<std::pair<std::uint64_t, std::size_t>> parse_game_id(const std::string& id);

 private:
  // The state format it writes (it reads every one from 1).
  static constexpr int kStateFormat = 2;
  // A pair in flight. Its points are kept (the centre depends on theta when it was issued) so
  // that a game replayed after a restart plays the same candidates; a finished game's score
  // waits here for the other's.
  struct PendingPair {
    std::uint64_t id = 0;
    std::vector<double> plus, minus;
    // Per game (a, b): head to head, plus's half points in it (0 to 2); against the opponent,
    // that game's candidate's score (0, 0.5 or 1). nullopt until it finishes.
    std::array<std::optional<double>, 2> score;
    std::array<bool, 2> issued{false, false};  // in this run (not stored)
  };

  std::string tuner_short_report() const override;
  std::string tuner_full_report() const override;
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
  std::optional<std::vector<rm::scales::Value>> start_values() const override {
    return engine_values(search_.settings().start);
  }
  rm::scales::Value value_from_text(std::size_t k, const std::string& text) const override {
    return settings_.parameters.at(k).value_from_text(text);
  }

  bool head_to_head() const { return settings_.mode == SpsaMode::HeadToHead; }
  JobRequest job_for(PendingPair& pair, std::size_t game);
  rm::game::PlayerSpec candidate_for(const std::vector<double>& u, const std::string& code) const;
  rm::game::CandidateRecord record_for(const std::vector<double>& u, const std::string& code) const;
  PendingPair* pending(std::uint64_t id);
  void take(const PendingPair& pair);  // both games finished: move theta
  // The report's parts (spsa_tuner_reports.cpp).
  std::string games_line() const;
  std::string design_text() const;
  std::string estimate_text(bool with_trajectory) const;
  std::string confirmation_text() const;
  // The tuned engine (the recommended values) and the start, as kept_candidate() renders them
  // (into <code>.candidates/tuned and /start for a template that needs a directory); `error`
  // says why their files could not be written ("" when they were).
  struct ReportEngines {
    rm::game::PlayerSpec tuned, start;
    std::string error;
  };
  ReportEngines report_engines() const;
  // Per parameter: the band theta wandered in over the averaged results (mean +- 2 SD), in
  // normalised units; nullopt before the averaging starts.
  std::optional<std::pair<std::vector<double>, std::vector<double>>> band() const;

  SpsaTunerSettings settings_;
  spsa::Design design_;
  spsa::SpsaSearch search_;
  std::vector<PendingPair> pending_;  // in the order the pairs were issued
  spsa::Trajectory trajectory_;
  long archived_points_ = 0;  // trajectory points in the archive
  // theta over the averaged results (those SpsaSearch averages): count, sums, sums of squares.
  long window_count_ = 0;
  std::vector<double> window_sum_, window_sum_squares_;
  // Head to head: pairs by plus's half points (0 to 4); against the opponent: games of the
  // candidates won, without a winner, lost.
  std::array<long, 5> pentanomial_{};
  long wins_ = 0, no_winner_ = 0, losses_ = 0;
  // Against the opponent, for the Elo gained: the candidates' results in the first
  // gain_window() games, and the last gain_window() results ('w', 'd', 'l'), oldest first.
  long gain_window() const;
  std::optional<nlohmann::json> elo_gained() const;  // nullopt until both windows are apart
  // Head to head: from the last complete validation round (against the start).
  const ValidationRound* last_complete_round() const;
  std::optional<nlohmann::json> elo_gained_against_start() const;
  std::string elo_gained_text() const;
  std::array<long, 3> first_window_{};  // won, without a winner, lost
  std::string recent_window_;
  long void_pairs_ = 0;    // pairs dropped for a void game (not replayed: another is issued)
  long unused_games_ = 0;  // finished games of dropped pairs (stored, never used)
  std::set<std::uint64_t> dropped_in_progress_;  // dropped pairs whose other game still runs
  VoidHaltRule void_halt_rule_;
  long results_since_history_ = 0;
};

}  // namespace rm::comp
