#include "ringmaster/simulation/problem.hpp"

#include <muParser.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>

namespace rm::simulation {
namespace {

double logistic(double r) {
  return 1.0 / (1.0 + std::exp(-r));
}

// The box is [-1, 1]^d; tuners may propose points outside it (ce_tuner's Gaussian).
std::vector<double> clamped(const std::vector<double>& x) {
  std::vector<double> c(x);
  for (double& v : c) v = std::clamp(v, -1.0, 1.0);
  return c;
}

double log_r(double x) {
  return 2.0 * std::log(4.0 * x + 4.1) - 4.0 * x - 3.0;
}

// Problems given as the logit r(x) of the win probability.
Problem from_logit(std::string name, int dims, std::function<double(const std::vector<double>&)> r,
                   std::vector<double> optimum) {
  Problem p;
  p.name = std::move(name);
  p.dims = dims;
  p.win_probability = [r](const std::vector<double>& x) { return logistic(r(clamped(x))); };
  p.optimum = std::move(optimum);
  p.best = p.win_probability(p.optimum);
  return p;
}

// Golden-section search for the maximum of a unimodal 1-D function on [a, b].
double golden_max(const std::function<double(double)>& f, double a, double b) {
  const double g = (std::sqrt(5.0) - 1.0) / 2.0;
  double c = b - g * (b - a), d = a + g * (b - a);
  for (int i = 0; i < 200; ++i) {
    if (f(c) > f(d))
      b = d;
    else
      a = c;
    c = b - g * (b - a);
    d = a + g * (b - a);
  }
  return (a + b) / 2.0;
}

}  // namespace

double Problem::regret(const std::vector<double>& x) const {
  return best - win_probability(x);
}

const std::vector<std::string>& builtin_problem_names() {
  static const std::vector<std::string> names{
      "log", "flat", "power", "angle", "step", "twopeaks", "correlated", "rosenbrock", "log5"};
  return names;
}

Problem builtin_problem(const std::string& name) {
  if (name == "log")
    return from_logit(name, 1, [](const auto& x) { return log_r(x[0]); }, {-0.525});
  if (name == "flat")
    return from_logit(name, 1,
                      [](const auto& x) {
                        const double y = x[0] + 0.6;
                        return 0.2 / (1.0 + 6.0 * y * y + y * y * y);
                      },
                      {-0.6});
  if (name == "power") {
    const auto r = [](double x) { return 0.05 * (x + 1) * (x + 1) - std::pow((x + 1) / 2.0, 20); };
    return from_logit(name, 1, [r](const auto& x) { return r(x[0]); }, {golden_max(r, 0.0, 1.0)});
  }
  if (name == "angle")
    return from_logit(name, 1,
                      [](const auto& x) {
                        const double v = x[0];
                        return v < -0.2 ? 1.0 + std::sqrt(2.0) - 2.0 * std::sqrt(0.3 - v)
                                        : 1.0 + std::sqrt(2.0) - std::sqrt(v + 2.2);
                      },
                      {-0.2});
  if (name == "step")
    // Rises to its maximum at -0.3, then drops at once: the optimum is at a cliff edge.
    return from_logit(name, 1,
                      [](const auto& x) {
                        const double v = x[0];
                        if (v < -0.8) return -2.0;
                        if (v <= -0.3) return -2.0 + 6.0 * (v + 0.8);
                        if (v < 0.8) return -(v + 0.3) / 1.1;
                        return -2.0;
                      },
                      {-0.3});
  if (name == "correlated")
    return from_logit(name, 2,
                      [](const auto& x) {
                        const auto g = [](double z) { return -z * z * z * z + z * z * z - z * z; };
                        return 0.2 * (g(10.0 * (x[0] + x[1] + 0.1)) + g(x[0] - x[1] + 0.9)) + 0.2;
                      },
                      {-0.5, 0.4});
  if (name == "rosenbrock")
    return from_logit(name, 2,
                      [](const auto& x) {
                        const double a = 4.0 * x[0], b = 10.0 * x[1] + 4.0;
                        return 1.0 - 0.1 * ((1.0 - a) * (1.0 - a) + (b - a * a) * (b - a * a));
                      },
                      {0.25, -0.3});
  if (name == "twopeaks")
    // Not CLOP's: a broad lower hill at -0.4 and a narrow higher peak at 0.5, with a valley
    // between them where a point halfway between two estimates would land.
    return from_logit(name, 1,
                      [](const auto& x) {
                        const double broad = 0.3 - 1.5 * (x[0] + 0.4) * (x[0] + 0.4);
                        const double narrow = 0.55 - 25.0 * (x[0] - 0.5) * (x[0] - 0.5);
                        return std::max(broad, narrow);
                      },
                      {0.5});
  if (name == "log5" || name == "log5sum")
    // CLOP's Log5 is the mean of the five coordinates' Log strengths; log5sum, their sum, has
    // five times the effect (this bench's log5 before it was corrected).
    return from_logit(
        name, 5,
        [sum = name == "log5sum"](const auto& x) {
          double r = 0.0;
          for (double v : x) r += log_r(v);
          return sum ? r : r / 5.0;
        },
        std::vector<double>(5, -0.525));
  std::string known;
  for (const auto& n : builtin_problem_names()) known += (known.empty() ? "" : ", ") + n;
  known += ", log5sum";
  throw std::invalid_argument("unknown problem '" + name + "' (known: " + known + ")");
}

Problem expression_problem(const std::string& expression) {
  constexpr int kMaxDims = 8;
  // One parser per problem; each evaluation writes the variables first. Shared by copies of
  // the Problem (the runs of one thread), so a problem must not be used by two threads.
  struct Parsed {
    mu::Parser parser;
    std::vector<double> vars = std::vector<double>(kMaxDims, 0.0);
  };
  auto parsed = std::make_shared<Parsed>();
  int dims = 0;
  try {
    for (int k = 0; k < kMaxDims; ++k)
      parsed->parser.DefineVar("x" + std::to_string(k + 1),
                               &parsed->vars[static_cast<std::size_t>(k)]);
    parsed->parser.SetExpr(expression);
    parsed->parser.Eval();
    for (const auto& [name, unused] : parsed->parser.GetUsedVar()) {
      (void)unused;
      dims = std::max(dims, std::stoi(name.substr(1)));
    }
  } catch (const mu::Parser::exception_type& e) {
    throw std::invalid_argument("invalid expression '" + expression + "': " + e.GetMsg());
  }
  if (dims == 0) throw std::invalid_argument("expression '" + expression + "' uses none of x1..x8");
  Problem p;
  p.name = expression;
  p.dims = dims;
  p.win_probability = [parsed](const std::vector<double>& x) {
    const auto c = clamped(x);
    std::copy(c.begin(), c.end(), parsed->vars.begin());
    return parsed->parser.Eval();
  };
  // The optimum: the best of many random points, then coordinate-wise golden sections.
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<double> best(static_cast<std::size_t>(dims), 0.0);
  double best_value = -1.0;
  for (int i = 0; i < 200000; ++i) {
    std::vector<double> x(static_cast<std::size_t>(dims));
    for (double& v : x) v = uniform(rng);
    const double value = p.win_probability(x);
    if (!(value >= 0.0 && value <= 1.0))
      throw std::invalid_argument("expression '" + expression +
                                  "' is not a probability at a point of the box (" +
                                  std::to_string(value) + ")");
    if (value > best_value) {
      best_value = value;
      best = x;
    }
  }
  for (int sweep = 0; sweep < 20; ++sweep)
    for (std::size_t k = 0; k < best.size(); ++k) {
      const double step = 0.05;
      auto along = [&](double v) {
        auto x = best;
        x[k] = v;
        return p.win_probability(x);
      };
      const double v =
          golden_max(along, std::max(-1.0, best[k] - step), std::min(1.0, best[k] + step));
      if (along(v) > p.win_probability(best)) best[k] = v;
    }
  p.optimum = best;
  p.best = p.win_probability(best);
  return p;
}

}  // namespace rm::simulation

namespace rm::simulation {

namespace {

// The problem seen through a tuner's range that maps [-1, 1] onto [lo[k], hi[k]] of the
// problem's box in each coordinate; `drawn` ("jittered", "shifted") and `smaller` (what to make
// smaller) are for the error when a range leaves the optimum out.
Problem through_range(const Problem& problem, std::vector<double> lo, std::vector<double> hi,
                      const std::string& drawn, const std::string& smaller) {
  Problem p = problem;
  const auto inner = problem.win_probability;
  for (std::size_t k = 0; k < lo.size(); ++k) {
    if (problem.optimum[k] < lo[k] || problem.optimum[k] > hi[k])
      throw std::invalid_argument("the optimum of " + problem.name + " is outside a " + drawn +
                                  " range; use a smaller " + smaller);
    p.optimum[k] = 2.0 * (problem.optimum[k] - lo[k]) / (hi[k] - lo[k]) - 1.0;
  }
  p.win_probability = [inner, lo = std::move(lo),
                       hi = std::move(hi)](const std::vector<double>& u) {
    std::vector<double> x(u.size());
    for (std::size_t k = 0; k < u.size(); ++k)
      x[k] = lo[k] + (std::clamp(u[k], -1.0, 1.0) + 1.0) / 2.0 * (hi[k] - lo[k]);
    return inner(x);
  };
  p.best = problem.best;
  return p;
}

}  // namespace

Problem with_random_range(const Problem& problem, double margin, std::uint64_t seed) {
  if (!(margin >= 0.0 && margin <= 0.2))
    throw std::invalid_argument("range jitter must be from 0 to 0.2");
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const auto d = static_cast<std::size_t>(problem.dims);
  std::vector<double> lo(d), hi(d);
  for (std::size_t k = 0; k < d; ++k) {
    lo[k] = -1.0 + margin * unit(rng);
    hi[k] = 1.0 - margin * unit(rng);
  }
  return through_range(problem, std::move(lo), std::move(hi), "jittered", "jitter");
}

Problem with_shifted_range(const Problem& problem, double fraction, std::uint64_t seed) {
  if (!(fraction >= 0.0 && fraction <= 0.25))
    throw std::invalid_argument("range shift must be from 0 to 0.25");
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  // A range of width w placed anywhere in the box [-1, 1] moves by up to 2 - w, which is
  // `fraction` of w when w = 2 / (1 + fraction).
  const double width = 2.0 / (1.0 + fraction);
  const auto d = static_cast<std::size_t>(problem.dims);
  std::vector<double> lo(d), hi(d);
  for (std::size_t k = 0; k < d; ++k) {
    lo[k] = -1.0 + (2.0 - width) * unit(rng);
    hi[k] = lo[k] + width;
  }
  return through_range(problem, std::move(lo), std::move(hi), "shifted", "shift");
}

}  // namespace rm::simulation
