// The statistics every report shows, for the tuners: each finished game is a game between "the
// candidates" (whichever candidate played it) and the opponent, so the whole event reads as one
// matchup with gomill's wins table (wins by colour, average CPU) and our lines (forfeits by
// cause, jigos, the Elo difference of the candidates as a pool with its 95% interval and LOS).
// Kept up to date game by game; stored with each game (statistics()) and read back on resume,
// or rebuilt from the stored games when the stored form is missing or of another format.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "ringmaster/competitions/matchups/matchup_settings.hpp"
#include "ringmaster/competitions/matchups/matchup_stats.hpp"
#include "ringmaster/game/game_result.hpp"

namespace rm::comp {

class CandidatePoolStats {
 public:
  CandidatePoolStats(const std::string& opponent, const rm::game::GameSettings& game);

  // A finished game of a candidate against the opponent (the opponent's colour tells which).
  void add(const rm::game::GameResult& r);
  void clear();

  // The tuners' Competition::statistics(): the pool's accumulator, stored with each game.
  nlohmann::json statistics() const;
  // False (nothing changed) when `statistics` is not in this format.
  bool restore_statistics(const nlohmann::json& statistics);

  // "candidates v <opponent> (N games)", the settings line, the wins table and our lines;
  // "" before the first game.
  std::string report() const;
  // The matchup JSON of docs/json-reports.md (player_1 "candidates").
  nlohmann::json json() const;

 private:
  MatchupStats stats() const;

  MatchupSettings settings_;  // name, players and game settings for the block
  MatchupAccumulator accumulator_;
  int games_ = 0;
};

}  // namespace rm::comp
