// The statistics of one matchup (two players, a series of games): gomill's Matchup_stats
// (wins, by colour, forfeits, average CPU) plus ours: forfeits by cause (timeouts among them),
// the Elo difference with its 95% interval and LOS, pentanomial counts of colour-alternating
// pairs, and an optional SPRT. Pure: computed from the finished games.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/competitions/matchups/matchup_settings.hpp"
#include "ringmaster/game/game_result.hpp"
#include "ringmaster/stats/elo.hpp"
#include "ringmaster/stats/pentanomial.hpp"
#include "ringmaster/stats/sprt.hpp"

namespace rm::comp {

struct PlayerTally {
  std::string code;
  double wins = 0;  // jigos count 1/2
  int played_black = 0, played_white = 0;
  double wins_black = 0, wins_white = 0;         // jigos count 1/2 to the colour the player had
  int forfeits = 0;                              // games lost by forfeit
  std::map<std::string, int> forfeits_by_cause;  // "timeout", "illegal_move", ...
  double cpu_total_s = 0;
  int cpu_games = 0;  // games whose CPU time is known
  std::optional<double> average_cpu_s() const;
};

struct MatchupGame {
  const rm::game::GameResult* result;
  int game_number;  // within the matchup (pairs are numbers 2k and 2k+1)
};

struct MatchupStats {
  int total = 0;
  int jigos = 0;
  int unknown = 0;  // no winner and not jigo (players disagreed, move limit, unknown score)
  PlayerTally player_1, player_2;
  double wins_black = 0, wins_white = 0;  // by colour, jigos 1/2 each
  bool alternating = false;  // gomill: inferred from the results (each player had both colours)
  // Player 1's point of view; games with unknown results are left out.
  rm::stats::Wdl wdl;
  rm::stats::EloEstimate elo;
  // Only when the matchup alternates colours: games 2k and 2k+1 form a pair.
  std::optional<rm::stats::PairedResults> pairs;
  std::optional<rm::stats::EloEstimate> pair_elo;
  std::optional<rm::stats::SprtResult> sprt;  // pentanomial when paired, else trinomial
};

// Builds a matchup's statistics one game at a time, so that a competition can keep them up to
// date without keeping the games. Its size does not grow with the games: the tallies, the
// win/draw/loss and pair counts, and the pairs still waiting for their second game. So stats()
// costs the same after a million games as after ten, and the whole accumulator is stored with
// each game (to_json) instead of being rebuilt from every stored game on resume.
// compute_matchup_stats is a loop over it.
class MatchupAccumulator {
 public:
  MatchupAccumulator() = default;
  MatchupAccumulator(const std::string& player_1, const std::string& player_2);
  // A finished game between the two players; `game_number` within the matchup (for pairs:
  // games 2k and 2k+1 form pair k). Each number comes once (game ids are unique in the store);
  // throws std::invalid_argument for a negative one.
  void add(const rm::game::GameResult& r, int game_number);
  // `alternating_setting` says whether games are scheduled in colour-alternating pairs.
  MatchupStats stats(bool alternating_setting, const std::optional<SprtSettings>& sprt) const;
  int games() const { return partial_.total; }

  // Everything add() has accumulated, exactly (doubles round-trip); from_json throws
  // std::invalid_argument for a malformed value or other players' codes.
  nlohmann::json to_json() const;
  static MatchupAccumulator from_json(const nlohmann::json& j, const std::string& player_1,
                                      const std::string& player_2);

 private:
  MatchupStats partial_;  // the tallies; wdl_ and the pairs give the rest in stats()
  rm::stats::Wdl wdl_;
  rm::stats::Pentanomial pairs_;            // complete pairs
  std::map<std::int64_t, int> open_pairs_;  // pair index -> half points of its one game
};

// `alternating_setting` says whether games are scheduled in colour-alternating pairs.
MatchupStats compute_matchup_stats(const std::string& player_1, const std::string& player_2,
                                   const std::vector<MatchupGame>& games, bool alternating_setting,
                                   const std::optional<SprtSettings>& sprt);

rm::stats::Sprt make_sprt(const SprtSettings& s);

}  // namespace rm::comp
