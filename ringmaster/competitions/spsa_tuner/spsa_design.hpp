// SPSA's constants chosen from what the user states, as H. van den Bergh's spsa_simul derives
// them (github.com/vdbergh/spsa_simul: spsa.c, optimum.c, sos.c; the theory in its
// doc/theoretical_basis.pdf). The SPSA is Joona Kiiski's chess SPSA (github.com/zamar/spsa, the
// one fishtest runs) with its gains held constant: c_k (the perturbation of parameter k) and
// r = a_k / c_k^2 (the learning rate, one for all parameters). Each step plays theta + c*Delta
// against theta - c*Delta (Delta_k = +-1) and moves theta_k by r * c_k * Delta_k * y, y the
// result (points of theta + c*Delta minus points of theta - c*Delta). In fishtest's terms:
// c_end = c_k, r_end = r (so a_k = r * c_k^2), A = 0 and alpha = gamma = 0 (no decay).
//
// Units: parameters are normalised to [-1, 1] (a range is 2 wide, half a range is 1), so the
// Elo loss of the guessed surface is sum_k E_k * (x_k - opt_k)^2 with E_k the Elo lost at half a
// range from the optimum. A c_k of 1/3 is a sixth of the range, spsa_simul's default.
#pragma once

#include <vector>

namespace rm::comp::spsa {

// spsa_simul's C = 800 / ln(10): near equal strength, a game between players d Elo apart
// scores (2 * points - 1) = d / C on average for the stronger.
inline constexpr double kEloScale = 347.43558552260146;

// How a pair is played, which sets how much a result says about the pair's Elo difference.
enum class Protocol {
  // theta+ against theta- (fishtest's way): each game's y = 2 * points - 1 of theta+.
  HeadToHead,
  // theta+ and theta- each play one game against a fixed opponent: y = 2 * (points of theta+
  // - points of theta-) for the two games. Per game it moves theta half as far as a head to
  // head game with the same noise, so it needs about four times the games.
  AgainstOpponent,
};

// How the learning rate and the number of games are chosen (spsa_simul's --heuristic).
enum class Heuristic {
  // 1, spsa_simul's default: r from the precision alone; games = lambda_ratio times the
  // longest time constant (the games that divide a parameter's Elo loss by e^2).
  LambdaRatio,
  // 2: r and the games minimise the games for which the expected final loss, from a start
  // start_elo below the optimum, reaches the precision's share of the mean.
  Optimum,
};

// What the user states: spsa_simul's "guessed loss function" and its design options.
struct DesignInput {
  std::vector<double> elo_at_half_range;  // E_k > 0, one per parameter (the dimension)
  double precision = 0.5;                 // final Elo loss to stay within...
  double confidence = 0.95;               // ...with this probability, in (0, 1)
  double draw_ratio = 0.0;                // [0, 1): share of drawn games (Go: about 0)
  double c_ratio = 1.0 / 6.0;             // c_k = c_ratio * the range, in (0, 0.5)
  double lambda_ratio = 3.0;              // LambdaRatio: games / longest time constant
  double start_elo = 2.0;                 // Optimum: the guessed Elo loss of the start
  Heuristic heuristic = Heuristic::LambdaRatio;
  Protocol protocol = Protocol::HeadToHead;
};

struct Design {
  std::vector<double> c;              // perturbation per parameter, normalised units
  double r = 0.0;                     // a_k / c_k^2: theta_k moves by r * c_k * Delta_k * y
  long games = 0;                     // the budget: games (a head-to-head pair is two)
  std::vector<double> time_constant;  // per parameter: the games that divide its loss by e^2
  // The stationary expected Elo loss (after infinitely many games) on the guessed surface.
  double stationary_loss = 0.0;
};

// Throws std::invalid_argument for an input out of range (naming the field).
Design design_spsa(const DesignInput& input);

// spsa_simul's theoretical mean final loss (sos.c, sos_expected: the "Elo average"), in Elo
// (positive) after `games` games from `start` (normalised), on the quadratic surface with
// Elo losses `elo_at_half_range` and optimum `optimum`, for the design's c and r. It assumes
// small Elo differences (the linearised Elo model) and no bounds.
double predicted_mean_loss(const Design& design, const DesignInput& input,
                           const std::vector<double>& elo_at_half_range,
                           const std::vector<double>& optimum, const std::vector<double>& start,
                           double games);

// The perturbation for a budget of `budget` games rather than the designed games (issue 31):
// each c_k times f = sqrt(design.games / budget), held between 1 and max_factor. On the
// quadratic surface, SPSA with c * f and the same r in games / f^2 games moves exactly as the
// design does in its games (decay grows with c^2, the stationary spread does not depend on
// c), so a budget below the design's buys its precision with a larger perturbation; at or
// above the designed games c is the design's. A larger c finds the point where
// phi(z + c) = phi(z - c), which is off the optimum on a surface steeper on one side, so c
// never grows beyond max_factor times the design's (and the pair's centre stays c inside the
// box, which a larger c narrows). Throws std::invalid_argument for a budget below 1 or a
// max_factor below 1 or one that would take a c to 1 or beyond.
std::vector<double> c_for_budget(const Design& design, long budget, double max_factor = 1.5);

}  // namespace rm::comp::spsa
