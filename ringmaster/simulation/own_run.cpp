#include "ringmaster/simulation/own_run.hpp"

#include <cmath>
#include <random>
#include <stdexcept>

#include "ringmaster/simulation/game_loop.hpp"

namespace rm::simulation {
namespace {

double win_probability(double elo_difference) {
  return 1.0 / (1.0 + std::pow(10.0, -elo_difference / 400.0));
}

rm::game::GameResult play(const rm::game::GameJob& job, const TrueSurface& surface,
                          double opponent_elo, double u) {
  if (!job.candidate) throw std::logic_error("simulated game " + job.game_id + " has no candidate");
  const double candidate = surface.elo(job.candidate->values);
  const double other =
      job.opponent_candidate ? surface.elo(job.opponent_candidate->values) : opponent_elo;
  const bool won = u < win_probability(candidate - other);
  return decided_result(job, job.black.code == job.candidate->code, won ? 1.0 : 0.0);
}

}  // namespace

OwnRunResult simulate_own_run(rm::comp::Competition& competition, const TrueSurface& surface,
                              double opponent_elo, std::uint64_t seed,
                              const AfterResult& after_result, int in_flight) {
  std::mt19937_64 outcomes(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  OwnRunResult result;
  const LoopResult loop = run_games(
      competition, in_flight,
      [&](const rm::game::GameJob& job) {
        return play(job, surface, opponent_elo, unit(outcomes));
      },
      {},
      [&](long games, const rm::game::GameJob&) {
        if (after_result) after_result(games, competition);
        return true;
      });
  result.games = loop.games;
  const auto recommendation = competition.recommended_values();
  if (!recommendation) throw std::logic_error("simulated competition is not a tuner");
  result.recommendation = *recommendation;
  result.loss = surface.loss(result.recommendation);
  return result;
}

}  // namespace rm::simulation
