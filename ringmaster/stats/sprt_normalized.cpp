// The normalized-Elo SPRT's LLR: the maximum likelihood distribution under a t-value
// constraint, found as Van den Bergh's section 4.1 describes (a fixed-point iteration, each
// step solving a secular equation for the Lagrange multiplier).
#include "ringmaster/stats/sprt_normalized.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <vector>

namespace rm::stats::detail {

namespace {

// fishtest's and fastchess's prior: a result never seen counts as this many samples.
constexpr double kRegularisedZero = 1e-3;
// nElo = t * 800 / ln 10 (fishtest's nelo_divided_by_nt).
const double kNeloPerT = 800.0 / std::numbers::ln10;

using Distribution = std::vector<double>;

struct Moments {
  double mean = 0, variance = 0;
};

Moments moments(std::span<const double> scores, const Distribution& p) {
  Moments m;
  for (std::size_t i = 0; i < p.size(); ++i) m.mean += p[i] * scores[i];
  for (std::size_t i = 0; i < p.size(); ++i)
    m.variance += p[i] * (scores[i] - m.mean) * (scores[i] - m.mean);
  return m;
}

// The root of f(x) = sum_i w_i phi_i / (1 + x phi_i) on (-1/max phi, -1/min phi), where f
// falls strictly from +inf to -inf: nullopt unless phi has both signs (no root then).
std::optional<double> secular_root(const Distribution& w, const std::vector<double>& phi) {
  const double u = *std::min_element(phi.begin(), phi.end());
  const double v = *std::max_element(phi.begin(), phi.end());
  if (!(u < 0.0 && v > 0.0)) return std::nullopt;
  double lo = -1.0 / v, hi = -1.0 / u;
  for (int i = 0; i < 400; ++i) {
    const double mid = lo + (hi - lo) / 2.0;
    if (!(mid > lo && mid < hi)) break;  // the interval cannot shrink any more
    double f = 0.0;
    for (std::size_t k = 0; k < w.size(); ++k) f += w[k] * phi[k] / (1.0 + mid * phi[k]);
    if (f > 0.0) {
      lo = mid;
    } else if (f < 0.0) {
      hi = mid;
    } else {
      return mid;
    }
  }
  return lo + (hi - lo) / 2.0;
}

// The distribution over `scores` most likely to give the observed frequencies `phat` among
// those with (mu - ref) / sigma = t. nullopt when it does not exist.
std::optional<Distribution> mle_t_value(std::span<const double> scores, const Distribution& phat,
                                        double ref, double t) {
  const std::size_t n = phat.size();
  Distribution p(n, 1.0 / static_cast<double>(n));  // start from the uniform distribution
  std::vector<double> phi(n);
  for (int iteration = 0; iteration < 100; ++iteration) {
    const Moments m = moments(scores, p);
    const double sigma = std::sqrt(m.variance);
    if (!(sigma > 0.0)) return std::nullopt;
    for (std::size_t i = 0; i < n; ++i) {
      const double z = (m.mean - scores[i]) / sigma;
      phi[i] = scores[i] - ref - t * sigma * (1.0 + z * z) / 2.0;
    }
    const auto x = secular_root(phat, phi);
    if (!x) return std::nullopt;
    double change = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      const double next = phat[i] / (1.0 + *x * phi[i]);
      change = std::max(change, std::abs(next - p[i]));
      p[i] = next;
    }
    if (change < 1e-13) break;
  }
  for (double q : p)
    if (!(q > 0.0) || !std::isfinite(q)) return std::nullopt;
  return p;
}

}  // namespace

double normalized_llr(std::span<const double> scores, std::span<const std::int64_t> counts,
                      double nelo0, double nelo1) {
  std::int64_t samples = 0;
  for (auto c : counts) samples += c;
  if (samples == 0) return 0.0;
  Distribution phat(counts.size());
  double total = 0.0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    phat[i] = counts[i] == 0 ? kRegularisedZero : static_cast<double>(counts[i]);
    total += phat[i];
  }
  for (double& q : phat) q /= total;
  // Pairs: the per-game t is the pair's t over sqrt(2) (sigma per game = sigma per pair *
  // sqrt(2), the pair score being a mean of two games), so the pair's t is sqrt(2) times.
  const bool pairs = scores.size() == 5;
  const double scale = pairs ? std::numbers::sqrt2 : 1.0;
  const double t0 = scale * nelo0 / kNeloPerT;
  const double t1 = scale * nelo1 / kNeloPerT;
  const auto p0 = mle_t_value(scores, phat, 0.5, t0);
  const auto p1 = mle_t_value(scores, phat, 0.5, t1);
  if (p0 && p1) {
    double llr = 0.0;
    for (std::size_t i = 0; i < phat.size(); ++i)
      llr += phat[i] * (std::log((*p1)[i]) - std::log((*p0)[i]));
    return total * llr;
  }
  // Section 4.2's approximation: (games / 2) log((1 + (t - t0)^2) / (1 + (t - t1)^2)) in
  // per-game t (fishtest's LLR_normalized_alt).
  const Moments m = moments(scores, phat);
  const double sigma_per_game = std::sqrt(pairs ? 2.0 * m.variance : m.variance);
  const double games = pairs ? 2.0 * total : total;
  const double t = (m.mean - 0.5) / sigma_per_game;
  const double nt0 = nelo0 / kNeloPerT, nt1 = nelo1 / kNeloPerT;
  return games / 2.0 * std::log((1.0 + (t - nt0) * (t - nt0)) / (1.0 + (t - nt1) * (t - nt1)));
}

}  // namespace rm::stats::detail
