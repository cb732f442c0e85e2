// Synthetic tuning problems: a win probability f(x) over the box [-1, 1]^d, as in Coulom's
// CLOP paper (ACG 2011), or given by the user as an expression. A simulated game of the
// candidate x is won with probability f(x). Knows nothing of Go or of tuners.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rm::simulation {

struct Problem {
  std::string name;
  int dims = 1;
  std::function<double(const std::vector<double>&)> win_probability;  // x clamped to the box
  std::vector<double> optimum;                                        // where f is largest
  double best = 0.0;                                                  // f(optimum)

  // p_opt - f(x): the simple regret of recommending x.
  double regret(const std::vector<double>& x) const;
};

// log, flat, power, angle, step, twopeaks (1-D), correlated, rosenbrock (2-D), log5 (5-D).
// builtin_problem() also knows log5sum (5-D), which `all` leaves out.
const std::vector<std::string>& builtin_problem_names();
// Throws std::invalid_argument for an unknown name (listing the known ones).
Problem builtin_problem(const std::string& name);

// A muparser expression for the win probability in x1..xd (d = the highest index used, at
// most 8); its optimum is found numerically. Throws std::invalid_argument for a syntax error,
// no variable, or a value outside [0, 1] at a test point.
Problem expression_problem(const std::string& expression);

// The same problem seen through a tuner's parameter range that does not line up with the
// problem's box: the tuner's [-1, 1] in each coordinate maps onto [lo, hi] of the problem, with
// lo in [-1, -1 + margin] and hi in [1 - margin, 1] drawn from `seed`. A grid tuner (mc_tuner)
// gains or loses by where its grid points fall relative to the optimum; random ranges, as real
// users' ranges are, average that luck out. Throws std::invalid_argument if the margin is not
// in [0, 0.2] or the optimum falls outside a drawn range.
Problem with_random_range(const Problem& problem, double margin, std::uint64_t seed);

// The same problem seen through a tuner's range of a fixed width, placed anywhere in the box: in
// each coordinate the tuner's [-1, 1] maps onto [lo, lo + w] with w = 2 / (1 + fraction) and lo
// uniform in [-1, 1 - w], drawn from `seed`, so the optimum's place in the tuner's range is uniform
// over `fraction` of the range's width. Why, beside with_random_range: its ends move independently
// by a small margin, which moves an optimum by less than one cell of a grid of split 8; a shift by
// 1/N of the range moves it over exactly one cell of split N (and two of split 2N), so grids of
// those splits gain nothing on average from where their points fall. Throws std::invalid_argument
// if the fraction is not in [0, 0.25] or the optimum falls outside a drawn range.
Problem with_shifted_range(const Problem& problem, double fraction, std::uint64_t seed);

}  // namespace rm::simulation
