// The random choices of one game (tie-breaks, random colour), derived from (seed, game
// number) only, so the choices for game N do not depend on how many games a previous run
// issued, and a restart does not change future choices. Portable: the generator and the
// bounded draw are fully specified (std::uniform_int_distribution is not).
#pragma once

#include <cstdint>
#include <random>

namespace rm::comp {

class GameRng {
 public:
  GameRng(std::uint64_t seed, std::uint64_t game_number);
  // Uniform in [0, bound); bound must be positive.
  int below(int bound);
  // Uniform in [0, 1) with 53 random bits (fully specified, like below()).
  double unit();

 private:
  std::mt19937_64 engine_;
};

// A seed for a run without a configured seed: the clock mixed with the random device.
std::uint64_t seed_from_clock();

}  // namespace rm::comp
