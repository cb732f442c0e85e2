// Paired games: two games between the same players, one with each colour. The sum of A's two
// scores (0, 1/2, 1, 3/2, 2) is counted in five bins; the pair's score varies less than two
// independent games when colour matters, so the Elo interval is narrower (fastchess
// EloPentanomial).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ringmaster/stats/elo.hpp"
#include "ringmaster/stats/normal.hpp"

namespace rm::stats {

// Pair counts from player A's point of view, by the pair's total score.
struct Pentanomial {
  std::int64_t ll = 0;     // 0:   lost both
  std::int64_t ld = 0;     // 1/2: lost one, drew one
  std::int64_t wl_dd = 0;  // 1:   won one and lost one, or drew both
  std::int64_t wd = 0;     // 3/2: won one, drew one
  std::int64_t ww = 0;     // 2:   won both

  std::int64_t pairs() const { return ll + ld + wl_dd + wd + ww; }
  std::int64_t games() const { return 2 * pairs(); }
  // Counts indexed by twice the pair's total score: {ll, ld, wl_dd, wd, ww}.
  std::array<std::int64_t, 5> counts() const { return {ll, ld, wl_dd, wd, ww}; }
};

// One finished game between A and B: `pair_key` names the colour-alternating pair it belongs
// to (the two games of a pair share it); `score` is A's result: 1 win, 0.5 jigo, 0 loss.
struct GameOutcome {
  std::string pair_key;
  double score = 0.0;
};

// The pair key for games numbered consecutively from 0 with colours alternating: games 2k and
// 2k+1 form pair k. Throws std::invalid_argument for a negative number.
std::string consecutive_pair_key(std::int64_t game_number);

struct PairedResults {
  Pentanomial pairs;                // complete pairs
  Wdl games;                        // every game, paired or not (for the trinomial figures)
  std::int64_t unpaired_games = 0;  // games whose partner has not been played (yet)
};

// Builds the pentanomial counts from outcomes in any order. Throws std::invalid_argument when
// a score is not 0, 0.5 or 1, or when more than two games share a pair key.
PairedResults pair_outcomes(const std::vector<GameOutcome>& outcomes);

// Win/draw/loss counts of the outcomes, ignoring pairing (same validation of scores).
Wdl count_outcomes(const std::vector<GameOutcome>& outcomes);

// Elo from pair counts with the pentanomial variance. `samples` is the number of pairs,
// `games` twice that. Infinite and empty cases as for estimate_elo(Wdl); the LOS is
// the normal approximation of fastchess, with the variance of an evenly-matched pair (1/4) when
// every pair scored the same (otherwise a single WW pair would claim 100%).
EloEstimate estimate_elo(const Pentanomial& pairs, double z = kZ95);

}  // namespace rm::stats
