#include "ringmaster/simulation/simulated_run.hpp"

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/simulation/game_loop.hpp"
#include "ringmaster/simulation/tuner_spec.hpp"

namespace rm::simulation {
namespace {

double as_double(const rm::scales::Value& v) {
  if (const auto* d = std::get_if<double>(&v)) return *d;
  if (const auto* i = std::get_if<long long>(&v)) return static_cast<double>(*i);
  throw std::logic_error("simulated parameter with a non-numeric value");
}

std::vector<double> recommended_point(const rm::comp::Competition& competition) {
  const auto values = competition.recommended_values();
  if (!values) throw std::logic_error("simulated competition is not a tuner");
  std::vector<double> x;
  for (const auto& v : *values) x.push_back(as_double(v));
  return x;
}

}  // namespace

RunResult simulate_run(const rm::control::ControlFile& control, const Problem& problem,
                       int in_flight, const std::vector<int>& budgets, std::uint64_t seed,
                       const GameObserver& observe) {
  auto competition = rm::comp::make_competition(control);
  std::mt19937_64 outcomes(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  RunResult result;
  result.regrets.assign(budgets.size(), std::numeric_limits<double>::quiet_NaN());
  std::size_t next_budget = 0;
  const auto candidate_is_black = [](const rm::game::GameJob& job) {
    return job.black.code != kSimulatedOpponent;
  };
  const auto played = [&](const rm::game::GameJob& job) {
    return candidate_point(candidate_is_black(job) ? job.black : job.white, problem.dims);
  };
  // Games finish in the order they started, so the outcomes are drawn in that order.
  const auto play = [&](const rm::game::GameJob& job) {
    const bool won = unit(outcomes) < problem.win_probability(played(job));
    return decided_result(job, candidate_is_black(job), won ? 1.0 : 0.0);
  };
  const auto after = [&](long games, const rm::game::GameJob& job) {
    if (observe) observe(games, played(job), *competition);
    while (next_budget < budgets.size() && games == budgets[next_budget])
      result.regrets[next_budget++] = problem.regret(recommended_point(*competition));
    return next_budget < budgets.size();
  };
  if (budgets.empty()) return result;
  const LoopResult loop = run_games(*competition, in_flight, play, {}, after);
  result.games = loop.games;
  result.choose_seconds = loop.choose_seconds;
  result.result_seconds = loop.result_seconds;
  return result;
}

std::vector<TraceLine> trace_run(const rm::control::ControlFile& control, const Problem& problem,
                                 int in_flight, int games, int every, std::uint64_t seed) {
  std::vector<TraceLine> trace;
  simulate_run(control, problem, in_flight, {games}, seed,
               [&](long n, const std::vector<double>& played, const rm::comp::Competition& c) {
                 if (n % every != 0) return;
                 // A tuner with phases names its phase in its JSON report.
                 const nlohmann::json report = c.json_report();
                 trace.push_back(
                     {n, played, recommended_point(c),
                      report.is_object() ? report.value("phase", std::string()) : std::string()});
               });
  return trace;
}

}  // namespace rm::simulation
