// bench_tuner_cost: plays N simulated games (by default CLOP's log problem in 1, 2 and 5
// dimensions), then times the next M candidate choices (next_job) and results (on_result, refits
// included) one by one: mean and worst, for the model_tuner and for the mc_tuner (split 8, less
// in more than 6 dimensions) as the baseline; then the recommendation once (recommended_values:
// the status line, reports and validation rounds ask for it; the model_tuner's first call after
// a fit averages 30 fits of its process in 1-D, and rates every game played by its lower bound
// in 2-D and more).
// Usage: bench_tuner_cost [--model-only] [games=10000] [measured=2000] [PROBLEM...], PROBLEM a
// built-in name or a win-probability expression in x1..xd. Issue 50's target is 8 parameters at
// 100,000 games, for example the first of unseen_nd.py's problems in 8 dimensions (the
// expression after its -e): bench_tuner_cost --model-only 100000 2000 EXPRESSION
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <random>
#include <string>
#include <vector>

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
    std::printf(
        "usage: bench_tuner_cost [--model-only] [games=10000] [measured=2000] [PROBLEM...]\n"
        "  PROBLEM: a built-in problem or a win-probability expression in x1..xd\n"
        "  (default: log rosenbrock log5)\n");
    return 0;
  }
  // --model-only: no grid baseline (a fine grid in 8 dimensions takes 9 ms a choice, 15 minutes
  // over 100,000 games).
  const bool model_only = argc > 1 && std::strcmp(argv[1], "--model-only") == 0;
  if (model_only) {
    --argc;
    ++argv;
  }
  const int games = argc > 1 ? std::atoi(argv[1]) : 10000;
  const int measured = argc > 2 ? std::atoi(argv[2]) : 2000;
  if (games < 1 || measured < 1) {
    std::fprintf(stderr, "bench_tuner_cost: games and measured must be positive\n");
    return 2;
  }
  std::printf("cost per call after %d games, over the next %d (microseconds)\n", games, measured);
  std::printf("%-6s %-7s %14s %14s %14s %14s %16s %12s\n", "dims", "tuner", "choose mean",
              "choose max", "result mean", "result max", "choose+result / mc", "recommend");
  std::vector<std::string> names(argv + std::min(argc, 3), argv + argc);
  if (names.empty()) names = {"log", "rosenbrock", "log5"};
  for (const auto& name : names) {
    const auto& known = rm::simulation::builtin_problem_names();
    const bool builtin =
        name == "log5sum" || std::find(known.begin(), known.end(), name) != known.end();
    const auto problem =
        builtin ? rm::simulation::builtin_problem(name) : rm::simulation::expression_problem(name);
    // The mc_tuner's grid, split 8, or finer in few dimensions than its limit of a million
    // cells allows in many (5 in 8 dimensions).
    int split = 8;
    while (std::pow(split, problem.dims) > 1e6) --split;
    const std::string grid = "mc" + std::to_string(split);
    const Cost baseline = model_only ? Cost{} : measure(grid, problem, games, measured);
    const Cost model = measure("model", problem, games, measured);
    for (const auto& [tuner, c] : {std::pair{grid.c_str(), baseline}, std::pair{"model", model}}) {
      if (model_only && c.choose_mean_us == 0.0) continue;
      const double grid_cost = baseline.choose_mean_us + baseline.result_mean_us;
      const std::string ratio =
          model_only ? "-" : std::to_string((c.choose_mean_us + c.result_mean_us) / grid_cost);
      std::printf("%-6d %-7s %14.2f %14.2f %14.2f %14.2f %16.5s %12.2f\n", problem.dims, tuner,
                  c.choose_mean_us, c.choose_max_us, c.result_mean_us, c.result_max_us,
                  ratio.c_str(), c.recommend_us);
    }
  }
  return 0;
}
