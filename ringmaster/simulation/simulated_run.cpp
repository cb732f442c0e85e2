#include "ringmaster/simulation/simulated_run.hpp"

#include <chrono>
#include <cmath>
#include <deque>
#include <limits>
#include <random>
#include <stdexcept>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/simulation/tuner_spec.hpp"

namespace rm::simulation {
namespace {

double as_double(const rm::scales::Value& v) {
  if (const auto* d = std::get_if<double>(&v)) return *d;
  if (const auto* i = std::get_if<long long>(&v)) return static_cast<double>(*i);
  throw std::logic_error("simulated parameter with a non-numeric value");
}

using Clock = std::chrono::steady_clock;
double seconds(Clock::duration d) {
  return std::chrono::duration<double>(d).count();
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
  std::deque<rm::comp::JobRequest> running;
  RunResult result;
  result.regrets.assign(budgets.size(), std::numeric_limits<double>::quiet_NaN());
  std::size_t next_budget = 0;
  while (next_budget < budgets.size()) {
    const auto choose_start = Clock::now();
    while (static_cast<int>(running.size()) < in_flight) {
      auto job = competition->next_job();
      if (!job) break;
      running.push_back(std::move(*job));
    }
    result.choose_seconds += seconds(Clock::now() - choose_start);
    if (running.empty()) break;  // the tuner has finished
    const rm::comp::JobRequest job = std::move(running.front());
    running.pop_front();
    const bool candidate_is_black = job.job.black.code != kSimulatedOpponent;
    const auto& candidate = candidate_is_black ? job.job.black : job.job.white;
    const std::vector<double> played = candidate_point(candidate, problem.dims);
    const bool won = unit(outcomes) < problem.win_probability(played);
    rm::game::GameResult r;
    r.game_id = job.job.game_id;
    r.black_code = job.job.black.code;
    r.white_code = job.job.white.code;
    r.winner = won == candidate_is_black ? "b" : "w";
    r.sgf_result = r.winner == "b" ? "B+R" : "W+R";
    const auto result_start = Clock::now();
    competition->on_result(r);
    result.result_seconds += seconds(Clock::now() - result_start);
    ++result.games;
    if (observe) observe(result.games, played, *competition);
    while (next_budget < budgets.size() && result.games == budgets[next_budget])
      result.regrets[next_budget++] = problem.regret(recommended_point(*competition));
  }
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
