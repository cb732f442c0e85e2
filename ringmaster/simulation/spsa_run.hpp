// One simulated SPSA run on an Elo surface (elo_surface.hpp), two ways that give the same
// losses run by run (a test pins them to each other):
// - simulate_spsa_run: the search (spsa_search.hpp) asks for pairs as the spsa_tuner does; up to
//   `in_flight` pairs are outstanding and a random one of them finishes next. This is the
//   research simulator's: about 150x cheaper than the tuner, whose job making (candidate
//   commands, texts, a generator per game) costs far more than a simulated game.
// - simulate_spsa_run_through_tuner: the spsa_tuner competition itself, with the search settings
//   of the research variant, plays its pairs through the simulators' harness (game_loop.hpp).
// Each game is decided by the logistic Elo model with a draw ratio. At the budget the
// recommendation is scored by its Elo loss.
#pragma once

#include <cstdint>

#include "ringmaster/competitions/spsa_tuner/spsa_search.hpp"
#include "ringmaster/simulation/elo_surface.hpp"

namespace rm::simulation {

enum class SpsaPlay {
  GamePair,           // head to head, a colour-swapped pair of games (fishtest's way)
  SingleGame,         // head to head, one game a pair (spsa_simul's steps)
  OpponentAtOptimum,  // each side plays one game against a fixed opponent at the optimum
  OpponentAtStart,    // ... against the start point's strength
};

struct SpsaRunSpec {
  rm::comp::spsa::SearchSettings search;
  SpsaPlay play = SpsaPlay::GamePair;
  double draw_ratio = 0.0;
  double start_elo = 0.0;  // the opponent's Elo is -start_elo with OpponentAtStart
  int in_flight = 1;       // pairs outstanding at once
  long budget = 0;         // games; the last pair may end one game past it
  std::uint64_t outcome_seed = 0;
  // What the tuner's control file states: its design, which only its reports show (it plays
  // with `search`). Empty elo_at_half_range: 2 Elo per parameter.
  rm::comp::spsa::DesignInput stated;
};

struct SpsaRunResult {
  double loss = 0.0;  // Elo lost by the recommendation at the budget
  long games = 0;
};

// Pair n's games are decided by uniform numbers that depend only on (outcome_seed, n), so two
// searches with the same seeds share their luck wherever they play alike (paired comparisons).
SpsaRunResult simulate_spsa_run(const EloSurface& surface, const SpsaRunSpec& spec);
// The same run through the spsa_tuner; throws std::invalid_argument for SingleGame play, which
// the tuner has no mode for.
SpsaRunResult simulate_spsa_run_through_tuner(const EloSurface& surface, const SpsaRunSpec& spec);

// The score of a player `elo_difference` stronger, from a uniform u in [0, 1): spsa_simul's
// elo.c (win with probability L(d) - draw_ratio / 2, draw with draw_ratio, L the logistic).
double game_score(double elo_difference, double draw_ratio, double u);

}  // namespace rm::simulation
