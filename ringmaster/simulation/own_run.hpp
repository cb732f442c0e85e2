// One run of a user's own tuner on a true Elo surface (`ringmaster FILE simulate`): the
// competition, built from the control file as `run` builds it, asks for its games; each is won
// by its candidate with the logistic probability of the Elo difference: against the opponent at
// `opponent_elo` (relative to the optimum), or head to head against the other candidate of the
// game. Up to `in_flight` games are outstanding at once, as in a real run with that many
// games in progress, finishing in the order they started (the simulators' harness,
// game_loop.hpp); the run ends when the tuner has no game left to play.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/simulation/true_surface.hpp"
#include "scales/value.hpp"

namespace rm::simulation {

struct OwnRunResult {
  std::vector<rm::scales::Value> recommendation;  // the tuner's at the end
  double loss = 0.0;                              // its true Elo loss
  long games = 0;
};

// Called after each result with the games played so far (the golden traces watch the tuner).
using AfterResult = std::function<void(long games, const rm::comp::Competition&)>;

// `seed` draws the game outcomes, in the order the games finish. Throws std::logic_error for a game
// without a candidate (a validation game: the caller turns validation off).
OwnRunResult simulate_own_run(rm::comp::Competition& competition, const TrueSurface& surface,
                              double opponent_elo, std::uint64_t seed,
                              const AfterResult& after_result = nullptr, int in_flight = 1);

}  // namespace rm::simulation
