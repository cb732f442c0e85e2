// Which opening a game starts from, and (with pairs) which colours it is played with, from
// the game's number alone: games 2k and 2k+1 share opening k and swap colours, so a resumed
// run gives every game the opening and colours it would have had (docs/openings.md).
#pragma once

#include <cstdint>
#include <optional>

#include "ringmaster/control/candidate_colour.hpp"
#include "ringmaster/control/openings_config.hpp"
#include "ringmaster/game/game_job.hpp"

namespace rm::comp {

class OpeningChoice {
 public:
  explicit OpeningChoice(const std::optional<rm::control::OpeningsSettings>& settings);

  bool enabled() const { return settings_.has_value(); }
  // Openings are played in pairs with colours swapped (overrides alternating and a
  // tuner's candidate_colour).
  bool pairs() const { return settings_ && settings_->pairs; }
  // The opening of game number n: k = n / 2 with pairs, else n; in order, k modulo the
  // number of openings; at random, position k mod N of a permutation of the N openings drawn
  // from (seed, k / N): every opening once per cycle of N.
  const rm::game::Opening& opening_for(std::uint64_t game_number) const;
  // With pairs: whether a game's colours are the swapped ones (the second game of its pair).
  static bool is_swapped(std::uint64_t game_number) { return game_number % 2 == 1; }
  // With pairs, for a tuner: whether the candidate plays black in game n. The pair's first
  // game follows candidate_colour (random: drawn from the tuner's seed and the pair), the
  // second game swaps.
  bool candidate_is_black(rm::control::CandidateColour colour, std::uint64_t seed,
                          std::uint64_t game_number) const;
  // Sets job.opening for game n (nothing when openings are off).
  void apply(rm::game::GameJob& job, std::uint64_t game_number) const;
  bool report() const { return settings_ && settings_->report; }
  // Random order's index of the k-th draw among n openings (n > 0).
  static std::size_t shuffled_index(std::size_t n, std::uint64_t seed, std::uint64_t k);

 private:
  std::optional<rm::control::OpeningsSettings> settings_;
};

}  // namespace rm::comp
