// Plays simulated games through a ModelSearch, for the tests: each game at the point the search
// chooses, won with the truth's probability there.
#pragma once

#include <random>
#include <vector>

#include "ringmaster/competitions/model_tuner/model_search.hpp"

namespace rm::comp::model::test {

// `truth` maps a point to the win probability; choices and outcomes both come from `rng`.
template <typename Truth>
void play(ModelSearch& search, const Truth& truth, int games, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < games; ++i) {
    const auto u = search.choose([&] { return unit(rng); });
    search.add(u, unit(rng) < truth(u) ? 1.0 : 0.0);
  }
}

}  // namespace rm::comp::model::test
