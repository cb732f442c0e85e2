#include "ringmaster/competitions/spsa_tuner/spsa_design.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>

#include "ringmaster/stats/chi_square.hpp"

namespace rm::comp::spsa {
namespace {

// A result y per game: its mean is gain * (Elo of theta+ - Elo of theta-) / C and its variance
// is (1 - draw_ratio) near equal strength. spsa_simul derives the design for head to head
// (gain 1); the same derivation with the gain kept gives the design against an opponent.
double gain_per_game(Protocol protocol) {
  return protocol == Protocol::HeadToHead ? 1.0 : 0.5;
}

// The rate, per game, at which the mean distance of theta_k from the optimum shrinks:
// E[delta theta_k] = -decay_k * (theta_k - opt_k), decay_k = 4 * gain * r * c_k^2 * e_k / C
// (sos.c, decayj; lambda_k = 1 / decay_k is spsa.c's spsa_lambda).
double decay(double gain, double r, double c, double e) {
  return 4.0 * gain * r * c * c * e / kEloScale;
}

// optimum.c: the Elo loss after t games is about p0 exp(-r a t) + b r (1 - exp(-r a t)); in
// R = b r / p0 and T = p0 a t / b, the loss reaches a share rr of p0 when
// exp(-R T) + R (1 - exp(-R T)) = rr, that is T = ln((1 - R) / (rr - R)) / R for 0 < R < rr.
// The fewest games: the R that minimises T (spsa_simul finds the zero of dT/dR with Brent's
// method; T is unimodal on (0, rr), so a golden-section search finds the same minimum).
double t_from_r(double big_r, double rr) {
  return std::log((1.0 - big_r) / (rr - big_r)) / big_r;
}

void optimum_r_t(double rr, double& big_r, double& big_t) {
  const double phi = (std::sqrt(5.0) - 1.0) / 2.0;
  double lo = 1e-12 * rr;
  double hi = rr * (1.0 - 1e-12);
  double x1 = hi - phi * (hi - lo);
  double x2 = lo + phi * (hi - lo);
  double f1 = t_from_r(x1, rr);
  double f2 = t_from_r(x2, rr);
  for (int i = 0; i < 200 && hi - lo > 1e-15 * rr; ++i) {
    if (f1 < f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - phi * (hi - lo);
      f1 = t_from_r(x1, rr);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + phi * (hi - lo);
      f2 = t_from_r(x2, rr);
    }
  }
  big_r = 0.5 * (lo + hi);
  big_t = t_from_r(big_r, rr);
}

void check(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument("SPSA design: " + message);
}

std::string fmt_games(double games) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", games);
  return text;
}

// The designed games, refused beyond what any run could play (a precision of 1e-20 Elo once
// gave a count beyond a long).
long design_games(double games) {
  constexpr double kMaxGames = 1e12;
  check(games < kMaxGames, "the precision is too fine: the design would need " +
                               (std::isfinite(games) ? fmt_games(games) : std::string("endless")) +
                               " games (at most 1e12)");
  return static_cast<long>(games + 0.5);
}

}  // namespace

Design design_spsa(const DesignInput& in) {
  const int n = static_cast<int>(in.elo_at_half_range.size());
  check(n >= 1, "no parameters");
  for (double e : in.elo_at_half_range)
    check(e > 0.0 && std::isfinite(e), "every elo_at_half_range must be positive");
  check(in.precision > 0.0 && std::isfinite(in.precision), "precision must be positive");
  check(in.confidence > 0.0 && in.confidence < 1.0, "confidence must be in (0, 1)");
  check(in.draw_ratio >= 0.0 && in.draw_ratio < 1.0, "draw_ratio must be in [0, 1)");
  check(in.c_ratio > 0.0 && in.c_ratio < 0.5, "c_ratio must be in (0, 0.5)");
  check(in.lambda_ratio > 0.0 && std::isfinite(in.lambda_ratio), "lambda_ratio must be positive");

  const double gain = gain_per_game(in.protocol);
  const double variance = 1.0 - in.draw_ratio;  // of y, per game
  // The normalised range is 2 wide: spsa.c's c = c_ratio * (maximum - minimum).
  Design out;
  out.c.assign(static_cast<std::size_t>(n), in.c_ratio * 2.0);
  // The final loss is about (r * variance * C / (8 * gain)) * chi2_n (theoretical_basis.pdf:
  // each parameter's stationary variance is r * variance * C / (8 * gain * e_k), its loss
  // e_k times that), so the confidence quantile of chi2_n sets r (spsa.c, heuristic 1).
  const double chi2 = rm::stats::chi_square_quantile(in.confidence, n);
  const double loss_per_r = n * variance * kEloScale / (8.0 * gain);  // optimum.c's b
  if (in.heuristic == Heuristic::LambdaRatio) {
    out.r = in.precision * n / (chi2 * loss_per_r);
  } else {
    check(in.start_elo > 0.0 && std::isfinite(in.start_elo), "start_elo must be positive");
    // optimum.c: a = the slowest parameter's Elo decay per game and unit r; the target is the
    // mean loss precision * n / chi2, whose chi2_n quantile is the precision.
    double a = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < out.c.size(); ++k)
      a = std::min(a, 2.0 * decay(gain, 1.0, out.c[k], in.elo_at_half_range[k]));
    const double rr = in.precision * n / chi2 / in.start_elo;
    check(rr < 1.0, "the precision is met at the start already (start_elo too small)");
    double big_r = 0.0, big_t = 0.0;
    optimum_r_t(rr, big_r, big_t);
    out.r = big_r * in.start_elo / loss_per_r;
    out.games = design_games(big_t * loss_per_r / (a * in.start_elo));
  }
  double longest = 0.0;
  for (std::size_t k = 0; k < out.c.size(); ++k) {
    out.time_constant.push_back(1.0 / decay(gain, out.r, out.c[k], in.elo_at_half_range[k]));
    longest = std::max(longest, out.time_constant.back());
  }
  // spsa.c rounds each parameter's games to the nearest integer, then takes the largest.
  if (in.heuristic == Heuristic::LambdaRatio) out.games = design_games(in.lambda_ratio * longest);
  out.stationary_loss = out.r * loss_per_r;
  return out;
}

double predicted_mean_loss(const Design& design, const DesignInput& input,
                           const std::vector<double>& elo_at_half_range,
                           const std::vector<double>& optimum, const std::vector<double>& start,
                           double games) {
  const double gain = gain_per_game(input.protocol);
  const double noise_per_parameter = design.r * (1.0 - input.draw_ratio) * kEloScale / (8.0 * gain);
  double loss = 0.0;
  for (std::size_t k = 0; k < design.c.size(); ++k) {
    const double e = elo_at_half_range[k];
    const double shrink = std::exp(-2.0 * decay(gain, design.r, design.c[k], e) * games);
    const double offset = start[k] - optimum[k];
    loss += e * shrink * offset * offset + noise_per_parameter * (1.0 - shrink);
  }
  return loss;
}

std::vector<double> c_for_budget(const Design& design, long budget, double max_factor) {
  if (budget < 1) throw std::invalid_argument("SPSA: a budget needs at least one game");
  if (!(max_factor >= 1.0)) throw std::invalid_argument("SPSA: max_factor must be at least 1");
  const double f = std::clamp(
      std::sqrt(static_cast<double>(design.games) / static_cast<double>(budget)), 1.0, max_factor);
  std::vector<double> c;
  for (double ck : design.c) {
    c.push_back(ck * f);
    if (!(c.back() < 1.0))
      throw std::invalid_argument("SPSA: c_for_budget would take a c to 1 or beyond");
  }
  return c;
}

}  // namespace rm::comp::spsa
