// The SPSA search, pure numerics (Kiiski's chess SPSA with constant gains, spsa_design.hpp):
// theta in the normalised box [-1, 1]^d; each pair plays theta + c*Delta against
// theta - c*Delta (Delta_k = +-1, Rademacher) and its result y moves theta_k by
// r * c_k * Delta_k * y. Several pairs may be in flight: a result may come back in any order
// and moves theta with the perturbation its pair was played with (asynchronous SPSA, as
// fishtest's workers report). Deterministic: pair n's perturbation is a function of (seed, n)
// only, so a pair in flight needs no stored perturbation and a restored search continues
// exactly. The state does not grow with the games played.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <vector>

#include "ringmaster/competitions/spsa_tuner/spsa_design.hpp"

namespace rm::comp::spsa {

struct SearchSettings {
  std::vector<double> c;      // perturbation per parameter, normalised, in (0, 1); d = c.size()
  double r = 0.0;             // learning rate (> 0): a_k = r * c_k^2
  std::vector<double> start;  // theta before any result, in [-1, 1]^d
  std::uint64_t seed = 0;     // the perturbations
  // The recommendation: theta itself (plain SPSA) when negative; otherwise the mean of theta
  // over the results taken from this many games on (Polyak-Ruppert averaging of the iterates,
  // here over the budget's tail).
  long average_from_games = -1;
  // The approach: r times early_r_factor for the results taken before early_r_games games
  // (a faster start; 1 and 0 are plain SPSA).
  double early_r_factor = 1.0;
  long early_r_games = 0;
};

// The settings Ringmaster's tuner plays with a budget of `budget` games (issue 31; the
// measurements in docs/spsa-research.md): c for the budget (c_for_budget, so half the designed
// games play with c times sqrt(2)), the design's r doubled over the budget's first quarter (a
// faster approach), and the recommendation the mean of theta over the budget's last half.
// Plain SPSA (spsa_simul's) is design.c, design.r, early_r_factor 1 and average_from_games -1.
// Throws std::invalid_argument as c_for_budget does.
SearchSettings settings_for_budget(const Design& design, std::vector<double> start,
                                   std::uint64_t seed, long budget);

// A pair to play: `plus` = centre + c*Delta, `minus` = centre - c*Delta. The centre is theta
// moved, where needed, at least c_k inside the box (spsa_simul's --bounds), so both points are
// in the box and always 2 * c_k * Delta_k apart.
struct Pair {
  std::uint64_t id = 0;  // the pair's number, from 0
  std::vector<double> plus;
  std::vector<double> minus;
};

class SpsaSearch {
 public:
  // Throws std::invalid_argument for settings out of range.
  explicit SpsaSearch(SearchSettings settings);

  const SearchSettings& settings() const { return settings_; }
  int dims() const { return static_cast<int>(settings_.c.size()); }

  // The next pair, now in flight until its result is taken or it is dropped.
  Pair next_pair();
  // Delta_k of pair `id` (+1 or -1): a function of (seed, id, k) only.
  int perturbation(std::uint64_t id, int k) const;

  // A pair's result. Each throws std::invalid_argument for a pair that is not in flight or a
  // result out of range; the pair is no longer in flight afterwards.
  // Head to head, a colour-swapped game pair scored as a pentanomial outcome: the half points
  // of `plus` over its two games (0 to 4).
  void take_pentanomial(std::uint64_t id, int plus_half_points);
  // Head to head, any number of games between plus and minus (spsa_simul plays one a step):
  // plus's points in them (a win 1, a jigo 1/2).
  void take_head_to_head(std::uint64_t id, double plus_points, int games);
  // Against a fixed opponent: plus's and minus's score (0, 1/2 or 1) in one game each.
  void take_against_opponent(std::uint64_t id, double plus_score, double minus_score);
  // A pair whose games were lost (void): it moves nothing.
  void drop(std::uint64_t id);

  bool in_flight(std::uint64_t id) const;
  const std::vector<std::uint64_t>& pairs_in_flight() const { return in_flight_; }
  const std::vector<double>& theta() const { return theta_; }
  std::vector<double> recommendation() const;
  long games() const { return games_; }  // games whose results were taken

  // Everything that changes with the results; restore() of it on a search with the same
  // settings continues exactly. Its size depends on d and the pairs in flight, not the games.
  nlohmann::json state() const;
  // False (nothing changed) if the state does not fit the settings.
  bool restore(const nlohmann::json& state);

 private:
  // y: points of plus minus points of minus, in the protocol's units (spsa_design.hpp).
  void take(std::uint64_t id, double y, int games);
  SearchSettings settings_;
  std::vector<double> theta_;
  std::uint64_t next_id_ = 0;
  std::vector<std::uint64_t> in_flight_;  // ids, in the order they were issued
  long games_ = 0;
  std::vector<double> theta_sum_;  // over the results counted in the average
  long averaged_ = 0;
};

}  // namespace rm::comp::spsa
