#include "ringmaster/simulation/own_run.hpp"

#include <cmath>
#include <random>
#include <stdexcept>

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
  const bool candidate_is_black = job.black.code == job.candidate->code;
  const bool won = u < win_probability(candidate - other);
  rm::game::GameResult r = rm::game::result_for(job);
  r.winner = won == candidate_is_black ? "b" : "w";
  r.sgf_result = r.winner == "b" ? "B+R" : "W+R";
  return r;
}

}  // namespace

OwnRunResult simulate_own_run(rm::comp::Competition& competition, const TrueSurface& surface,
                              double opponent_elo, std::uint64_t seed,
                              const AfterResult& after_result) {
  std::mt19937_64 outcomes(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  OwnRunResult result;
  while (auto request = competition.next_job()) {
    competition.on_result(play(request->job, surface, opponent_elo, unit(outcomes)));
    ++result.games;
    if (after_result) after_result(result.games, competition);
  }
  const auto recommendation = competition.recommended_values();
  if (!recommendation) throw std::logic_error("simulated competition is not a tuner");
  result.recommendation = *recommendation;
  result.loss = surface.loss(result.recommendation);
  return result;
}

}  // namespace rm::simulation
