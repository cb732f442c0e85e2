#include "ringmaster/simulation/spsa_run.hpp"

#include <cmath>
#include <random>
#include <vector>

#include "ringmaster/competitions/spsa_tuner/splitmix.hpp"

namespace rm::simulation {
namespace {

using rm::comp::spsa::Pair;
using rm::comp::spsa::splitmix;
using rm::comp::spsa::SpsaSearch;

double outcome_unit(std::uint64_t seed, std::uint64_t pair, std::uint64_t game) {
  return static_cast<double>(splitmix(seed ^ splitmix(2 * pair + game)) >> 11) * 0x1.0p-53;
}

int games_per_pair(SpsaPlay play) {
  return play == SpsaPlay::SingleGame ? 1 : 2;
}

void play_and_take(const EloSurface& surface, const SpsaRunSpec& spec, const Pair& pair,
                   SpsaSearch& search) {
  const double plus = surface.elo(pair.plus);
  const double minus = surface.elo(pair.minus);
  const auto u = [&](std::uint64_t game) { return outcome_unit(spec.outcome_seed, pair.id, game); };
  switch (spec.play) {
    case SpsaPlay::GamePair: {
      const double points = game_score(plus - minus, spec.draw_ratio, u(0)) +
                            game_score(plus - minus, spec.draw_ratio, u(1));
      search.take_pentanomial(pair.id, static_cast<int>(2.0 * points));
      return;
    }
    case SpsaPlay::SingleGame:
      search.take_head_to_head(pair.id, game_score(plus - minus, spec.draw_ratio, u(0)), 1);
      return;
    case SpsaPlay::OpponentAtOptimum:
    case SpsaPlay::OpponentAtStart: {
      const double opponent = spec.play == SpsaPlay::OpponentAtStart ? -spec.start_elo : 0.0;
      search.take_against_opponent(pair.id, game_score(plus - opponent, spec.draw_ratio, u(0)),
                                   game_score(minus - opponent, spec.draw_ratio, u(1)));
      return;
    }
  }
}

}  // namespace

double game_score(double elo_difference, double draw_ratio, double u) {
  const double expected = 1.0 / (1.0 + std::pow(10.0, -elo_difference / 400.0));
  const double win = expected - draw_ratio / 2.0;
  if (u < win) return 1.0;
  return u < win + draw_ratio ? 0.5 : 0.0;
}

SpsaRunResult simulate_spsa_run(const EloSurface& surface, const SpsaRunSpec& spec) {
  SpsaSearch search(spec.search);
  std::mt19937_64 order(splitmix(spec.outcome_seed ^ 0x5bd1e995ULL));
  std::vector<Pair> outstanding;
  const long per_pair = games_per_pair(spec.play);
  long issued = 0;
  while (issued < spec.budget || !outstanding.empty()) {
    while (issued < spec.budget && static_cast<int>(outstanding.size()) < spec.in_flight) {
      outstanding.push_back(search.next_pair());
      issued += per_pair;
    }
    const std::size_t pick = outstanding.size() == 1 ? 0 : order() % outstanding.size();
    play_and_take(surface, spec, outstanding[pick], search);
    outstanding[pick] = std::move(outstanding.back());
    outstanding.pop_back();
  }
  return SpsaRunResult{surface.loss(search.recommendation()), search.games()};
}

}  // namespace rm::simulation
