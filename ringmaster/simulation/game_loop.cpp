#include "ringmaster/simulation/game_loop.hpp"

#include <chrono>

namespace rm::simulation {
namespace {

using Clock = std::chrono::steady_clock;
double seconds(Clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

}  // namespace

LoopResult run_games(rm::comp::Competition& competition, int in_flight, const PlayGame& play,
                     const FinishOrder& finish_order, const AfterGame& after) {
  std::vector<rm::comp::JobRequest> running;  // in the order they started
  LoopResult result;
  for (;;) {
    const auto choose_start = Clock::now();
    while (static_cast<int>(running.size()) < in_flight) {
      auto job = competition.next_job();
      if (!job) break;
      running.push_back(std::move(*job));
    }
    result.choose_seconds += seconds(Clock::now() - choose_start);
    if (running.empty()) return result;  // the competition has finished
    std::vector<std::size_t> next{0};
    if (finish_order) next = finish_order(running);
    for (const std::size_t i : next) {
      const rm::game::GameJob& job = running.at(i).job;
      const rm::game::GameResult r = play(job);
      const auto result_start = Clock::now();
      competition.on_result(r);
      result.result_seconds += seconds(Clock::now() - result_start);
      ++result.games;
      if (after && !after(result.games, job)) return result;
    }
    // Remove the finished games, keeping the others in the order they started.
    std::vector<bool> finished(running.size(), false);
    for (const std::size_t i : next) finished[i] = true;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < running.size(); ++i)
      if (!finished[i]) {
        if (kept != i) running[kept] = std::move(running[i]);
        ++kept;
      }
    running.resize(kept);
  }
}

rm::game::GameResult decided_result(const rm::game::GameJob& job, bool candidate_is_black,
                                    double candidate_score) {
  rm::game::GameResult r = rm::game::result_for(job);
  if (candidate_score == 0.5) {
    r.is_jigo = true;
    r.sgf_result = "0";
    return r;
  }
  r.winner = (candidate_score == 1.0) == candidate_is_black ? "b" : "w";
  r.sgf_result = r.winner == "b" ? "B+R" : "W+R";
  return r;
}

}  // namespace rm::simulation
