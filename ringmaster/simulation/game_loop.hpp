// The one harness of the simulators: a competition (any tuner, unchanged) asks for its games
// as in a real run; up to `in_flight` games are outstanding at once; a finish order says which
// of them finish next, and `play` decides each game's result. simulate_run, simulate_own_run
// and simulate_spsa_run differ only in these callbacks.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "ringmaster/competitions/competition.hpp"

namespace rm::simulation {

// A game's result, decided from its job alone (the caller draws what luck it needs).
using PlayGame = std::function<rm::game::GameResult(const rm::game::GameJob&)>;

// Which of the outstanding games (in the order they started) finish next, in this order, before
// any other game starts: their indices, at least one. Empty: the first (games finish in the
// order they started).
using FinishOrder =
    std::function<std::vector<std::size_t>(const std::vector<rm::comp::JobRequest>&)>;

// After each result, with the results so far and the game's job: false ends the loop.
using AfterGame = std::function<bool(long games, const rm::game::GameJob& job)>;

struct LoopResult {
  long games = 0;               // results given to the competition
  double choose_seconds = 0.0;  // time spent in next_job() (choosing candidates)
  double result_seconds = 0.0;  // time spent in on_result()
};

// Runs until the competition has no game left or `after` says stop.
LoopResult run_games(rm::comp::Competition& competition, int in_flight, const PlayGame& play,
                     const FinishOrder& finish_order = {}, const AfterGame& after = {});

// The result of `job` (rm::game::result_for's) with the candidate, black or not, scoring
// `candidate_score`: 1 a win, 0 a loss, 1/2 a jigo; decided by resignation.
rm::game::GameResult decided_result(const rm::game::GameJob& job, bool candidate_is_black,
                                    double candidate_score);

}  // namespace rm::simulation
