// bench_tuner_cost: plays N simulated games (CLOP's log problem in 1, 2 and 5 dimensions), then
// times the next M candidate choices (next_job) and results (on_result, refits included) one by
// one: mean and worst, for the model_tuner and for the mc_tuner (split 8) as the baseline; then
// the recommendation once (recommended_values: the status line, reports and validation rounds ask
// for it; the model_tuner's first call after a fit averages 30 fits of its process in 1-D, and
// rates every game played by its lower bound in 2-D and more).
// Usage: bench_tuner_cost [games=10000] [measured=2000]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <random>
#include <string>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/simulation/problem.hpp"
#include "ringmaster/simulation/tuner_spec.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Cost {
  double choose_mean_us = 0, choose_max_us = 0, result_mean_us = 0, result_max_us = 0;
  double recommend_us = 0;
};

Cost measure(const std::string& tuner, const rm::simulation::Problem& problem, int games,
             int measured) {
  auto control = rm::simulation::simulation_control_file(tuner, problem.dims, games + measured);
  rm::simulation::set_seed(control, 1);
  auto competition = rm::comp::make_competition(control);
  std::mt19937_64 outcomes(2);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Cost cost;
  for (int i = 0; i < games + measured; ++i) {
    const auto t0 = Clock::now();
    auto job = competition->next_job();
    const auto t1 = Clock::now();
    const bool candidate_is_black = job->job.black.code != rm::simulation::kSimulatedOpponent;
    const auto& candidate = candidate_is_black ? job->job.black : job->job.white;
    const bool won = unit(outcomes) < problem.win_probability(
                                          rm::simulation::candidate_point(candidate, problem.dims));
    rm::game::GameResult r;
    r.game_id = job->job.game_id;
    r.black_code = job->job.black.code;
    r.white_code = job->job.white.code;
    r.winner = won == candidate_is_black ? "b" : "w";
    r.sgf_result = r.winner == "b" ? "B+R" : "W+R";
    const auto t2 = Clock::now();
    competition->on_result(r);
    const auto t3 = Clock::now();
    if (i < games) continue;
    const double choose = std::chrono::duration<double, std::micro>(t1 - t0).count();
    const double result = std::chrono::duration<double, std::micro>(t3 - t2).count();
    cost.choose_mean_us += choose / measured;
    cost.result_mean_us += result / measured;
    cost.choose_max_us = std::max(cost.choose_max_us, choose);
    cost.result_max_us = std::max(cost.result_max_us, result);
  }
  const auto t0 = Clock::now();
  if (!competition->recommended_values())
    std::fprintf(stderr, "%s: no recommendation\n", tuner.c_str());
  cost.recommend_us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
  return cost;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::printf("usage: bench_tuner_cost [games=10000] [measured=2000]\n");
    return 0;
  }
  const int games = argc > 1 ? std::atoi(argv[1]) : 10000;
  const int measured = argc > 2 ? std::atoi(argv[2]) : 2000;
  if (games < 1 || measured < 1) {
    std::fprintf(stderr, "bench_tuner_cost: games and measured must be positive\n");
    return 2;
  }
  std::printf("cost per call after %d games, over the next %d (microseconds)\n", games, measured);
  std::printf("%-6s %-7s %14s %14s %14s %14s %16s %12s\n", "dims", "tuner", "choose mean",
              "choose max", "result mean", "result max", "choose+result / mc8", "recommend");
  for (const char* name : {"log", "rosenbrock", "log5"}) {
    const auto problem = rm::simulation::builtin_problem(name);
    const Cost baseline = measure("mc8", problem, games, measured);
    const Cost model = measure("model", problem, games, measured);
    for (const auto& [tuner, c] : {std::pair{"mc8", baseline}, std::pair{"model", model}})
      std::printf("%-6d %-7s %14.2f %14.2f %14.2f %14.2f %16.2f %12.2f\n", problem.dims, tuner,
                  c.choose_mean_us, c.choose_max_us, c.result_mean_us, c.result_max_us,
                  (c.choose_mean_us + c.result_mean_us) /
                      (baseline.choose_mean_us + baseline.result_mean_us),
                  c.recommend_us);
  }
  return 0;
}
