// What playoff and allplayall share (gomill's Tournament): matchups of two players, game
// numbers per matchup issued fewest-first (gomill's Group_scheduler), colours, game ids,
// void-game replays, ghost matchups, statistics per matchup and an optional SPRT stop.
// The subclasses supply the matchups and the reports' framing.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/game_numbers.hpp"
#include "ringmaster/competitions/matchups/matchup_report.hpp"
#include "ringmaster/competitions/matchups/matchup_stats.hpp"
#include "ringmaster/competitions/opening_choice.hpp"
#include "ringmaster/competitions/opening_results.hpp"
#include "ringmaster/competitions/tournaments/tournament_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/settings_type.hpp"

namespace rm::comp {

class Tournament : public Competition {
 public:
  // The live view's lines from a json_report(): the Elo of each matchup that has games
  // (tournament_live_lines.cpp).
  static std::vector<std::string> live_lines(const nlohmann::json& report);
  std::optional<JobRequest> next_job() override;
  ResultLines on_result(const rm::game::GameResult& r) override;
  bool on_void(const rm::game::GameResult& r) override;
  bool finished() const override;
  std::optional<int> games_remaining() const override;
  nlohmann::json state() const override;
  void restore(const nlohmann::json& state) override;
  void restore_games(const std::vector<rm::game::GameResult>& games) override;
  nlohmann::json statistics() const override;
  bool restore_statistics(const nlohmann::json& statistics) override;
  nlohmann::json definition() const override;
  std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> players_to_check()
      const override;

  // For tests and tools.
  struct Matchup {
    MatchupSettings settings;
    bool is_ghost = false;
    GameNumbers numbers;
    MatchupAccumulator accumulator;      // the finished games' statistics
    bool completed_in_this_run = false;  // gomill's void policy, per run
    bool last_game_failed = false;
    bool sprt_decided = false;
    // The digits game numbers are padded to, fixed when the matchup was first run: raising
    // number_of_games later (a continued `match`) keeps the ids' width.
    std::size_t id_digits = 1;
  };
  const std::vector<Matchup>& matchups() const { return matchups_; }
  MatchupStats stats_of(const Matchup& m) const;
  // "<id>_<n>", n zero-padded to the digits of number_of_games - 1 (gomill's rule).
  static std::string game_id_for(const MatchupSettings& m, int number);
  static std::size_t id_digits_for(const MatchupSettings& m);

 protected:
  Tournament(const rm::control::ControlFile& cf, std::vector<MatchupSettings> matchups);

  // Extra state checks (allplayall: competitors only appended); throws IncompatibleState.
  virtual void restore_extra(const nlohmann::json& state) { (void)state; }
  virtual void add_extra_state(nlohmann::json& state) const { (void)state; }

  // Matchup blocks (with results, ghosts last) separated by blank lines; "" when none.
  std::string matchup_blocks() const;
  // "player <code>: <description>" lines, sorted, for players that have played
  // ("[no description available]" when the engine gave none, as gomill shows it).
  std::string player_lines() const;
  bool name_is_shared(const Matchup& matchup) const;
  nlohmann::json matchups_json() const;
  nlohmann::json players_json() const;
  int games_played() const;

  rm::control::ControlFile cf_;
  std::vector<Matchup> matchups_;
  OpeningChoice openings_{cf_.openings};
  // With openings.report: the per-opening table (text) and "openings" (JSON), else "" / nothing.
  std::string openings_report() const;
  void add_openings_json(nlohmann::json& report) const;

 private:
  Matchup* matchup_of_game(const std::string& game_id, int* number);
  Matchup* choose_matchup();
  void record(Matchup& m, const rm::game::GameResult& r, int number);
  void update_sprt(Matchup& m);

  std::vector<std::pair<std::size_t, int>>
      replays_;  // (matchup index, number): void games to replay
  std::map<std::string, std::string> descriptions_;  // player code -> long description
  OpeningCounts opening_counts_;                     // results per opening, game by game
};

}  // namespace rm::comp
