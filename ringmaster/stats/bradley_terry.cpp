#include "ringmaster/stats/bradley_terry.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rm::stats {
namespace {

constexpr double kEloPerNatural = 400.0 / 2.302585092994046;  // 400 / ln 10

// A pair's points for each side and its game count (with any virtual draws added).
struct Pair {
  std::size_t i, j;  // indices among the free variables' players (component order)
  double a_i, a_j, n;
};

// Players reachable from `start` along edges (from, to) given by `edge`.
template <class Edge>
std::vector<bool> reachable(std::size_t n, std::size_t start, Edge edge) {
  std::vector<bool> seen(n, false);
  std::vector<std::size_t> todo{start};
  seen[start] = true;
  while (!todo.empty()) {
    const std::size_t k = todo.back();
    todo.pop_back();
    for (std::size_t m = 0; m < n; ++m)
      if (!seen[m] && edge(k, m)) {
        seen[m] = true;
        todo.push_back(m);
      }
  }
  return seen;
}

// Solves A x = b in place (A symmetric positive definite in practice; partial pivoting
// anyway). Returns false if A is singular.
bool solve(std::vector<std::vector<double>> a, std::vector<double>& b) {
  const std::size_t n = b.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
    if (std::abs(a[pivot][c]) < 1e-300) return false;
    std::swap(a[c], a[pivot]);
    std::swap(b[c], b[pivot]);
    for (std::size_t r = c + 1; r < n; ++r) {
      const double f = a[r][c] / a[c][c];
      if (f == 0) continue;
      for (std::size_t k = c; k < n; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  for (std::size_t c = n; c-- > 0;) {
    for (std::size_t k = c + 1; k < n; ++k) b[c] -= a[c][k] * b[k];
    b[c] /= a[c][c];
  }
  return true;
}

// Gauss-Jordan inversion with partial pivoting; nullopt if singular.
std::optional<std::vector<std::vector<double>>> invert(std::vector<std::vector<double>> a) {
  const std::size_t n = a.size();
  std::vector<std::vector<double>> inv(n, std::vector<double>(n, 0.0));
  for (std::size_t k = 0; k < n; ++k) inv[k][k] = 1.0;
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
    if (std::abs(a[pivot][c]) < 1e-300) return std::nullopt;
    std::swap(a[c], a[pivot]);
    std::swap(inv[c], inv[pivot]);
    const double d = a[c][c];
    for (std::size_t k = 0; k < n; ++k) {
      a[c][k] /= d;
      inv[c][k] /= d;
    }
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c || a[r][c] == 0) continue;
      const double f = a[r][c];
      for (std::size_t k = 0; k < n; ++k) {
        a[r][k] -= f * a[c][k];
        inv[r][k] -= f * inv[c][k];
      }
    }
  }
  return inv;
}

double p_win(double theta_i, double theta_j) {
  return 1.0 / (1.0 + std::exp(theta_j - theta_i));
}

double log_likelihood(const std::vector<Pair>& pairs, const std::vector<double>& theta) {
  double ll = 0;
  for (const auto& p : pairs) {
    const double d = theta[p.i] - theta[p.j];
    // log p = -log(1 + e^-d), computed stably.
    auto log_p = [](double x) {
      return x > 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
    };
    ll += p.a_i * log_p(d) + p.a_j * log_p(-d);
  }
  return ll;
}

// Gradient and negated Hessian of the log-likelihood over all component players; the
// anchor's row and column are dropped by the caller.
void derivatives(const std::vector<Pair>& pairs, const std::vector<double>& theta,
                 std::vector<double>& gradient, std::vector<std::vector<double>>& information) {
  const std::size_t n = theta.size();
  gradient.assign(n, 0.0);
  information.assign(n, std::vector<double>(n, 0.0));
  for (const auto& p : pairs) {
    const double pij = p_win(theta[p.i], theta[p.j]);
    gradient[p.i] += p.a_i - p.n * pij;
    gradient[p.j] += p.a_j - p.n * (1 - pij);
    const double w = p.n * pij * (1 - pij);
    information[p.i][p.i] += w;
    information[p.j][p.j] += w;
    information[p.i][p.j] -= w;
    information[p.j][p.i] -= w;
  }
}

std::vector<std::vector<double>> without(const std::vector<std::vector<double>>& m, std::size_t k) {
  std::vector<std::vector<double>> out;
  for (std::size_t r = 0; r < m.size(); ++r) {
    if (r == k) continue;
    std::vector<double> row;
    for (std::size_t c = 0; c < m.size(); ++c)
      if (c != k) row.push_back(m[r][c]);
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace

RatingList bradley_terry(std::size_t player_count, const std::vector<PairResults>& results,
                         const RatingOptions& options) {
  if (options.anchor >= player_count) throw std::invalid_argument("anchor out of range");
  if (!(options.prior_draws > 0)) throw std::invalid_argument("prior_draws must be positive");
  const std::size_t n = player_count;
  // Points of i against j (wins + draws / 2) and games, summed over repeated pairs.
  std::vector<std::vector<double>> points(n, std::vector<double>(n, 0.0));
  std::vector<std::vector<double>> games(n, std::vector<double>(n, 0.0));
  RatingList list;
  list.players.resize(n);
  for (const auto& r : results) {
    if (r.i >= n || r.j >= n) throw std::invalid_argument("player index out of range");
    if (r.i == r.j) throw std::invalid_argument("a player cannot play itself");
    if (r.wins_i < 0 || r.wins_j < 0 || r.draws < 0)
      throw std::invalid_argument("negative game count");
    points[r.i][r.j] += r.wins_i + r.draws / 2;
    points[r.j][r.i] += r.wins_j + r.draws / 2;
    const double g = r.wins_i + r.wins_j + r.draws;
    games[r.i][r.j] += g;
    games[r.j][r.i] += g;
    list.players[r.i].games += g;
    list.players[r.j].games += g;
    list.players[r.i].points += r.wins_i + r.draws / 2;
    list.players[r.j].points += r.wins_j + r.draws / 2;
  }

  // The anchor's component: players linked to it by games.
  const auto linked =
      reachable(n, options.anchor, [&](std::size_t a, std::size_t b) { return games[a][b] > 0; });
  std::vector<std::size_t> members;  // component order -> player index
  std::vector<std::size_t> index(n, n);
  for (std::size_t k = 0; k < n; ++k)
    if (linked[k]) {
      index[k] = members.size();
      members.push_back(k);
    }
  // The plain maximum exists when everyone in the component both gains points from and
  // concedes points to the rest, transitively: the "scored against" graph is strongly
  // connected.
  const auto forward =
      reachable(n, options.anchor, [&](std::size_t a, std::size_t b) { return points[a][b] > 0; });
  const auto backward =
      reachable(n, options.anchor, [&](std::size_t a, std::size_t b) { return points[b][a] > 0; });
  bool exists = true;
  for (std::size_t k : members) exists = exists && forward[k] && backward[k];
  list.prior_draws = exists ? 0.0 : options.prior_draws;

  std::vector<Pair> pairs;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b) {
      if (!linked[a] || games[a][b] <= 0) continue;
      const double prior = list.prior_draws;
      pairs.push_back({index[a], index[b], points[a][b] + prior / 2, points[b][a] + prior / 2,
                       games[a][b] + prior});
    }

  const std::size_t m = members.size();
  const std::size_t anchor = index[options.anchor];
  std::vector<double> theta(m, 0.0);
  std::vector<double> gradient;
  std::vector<std::vector<double>> information;
  if (m > 1) {
    double ll = log_likelihood(pairs, theta);
    for (int iteration = 0; iteration < 200; ++iteration) {
      derivatives(pairs, theta, gradient, information);
      std::vector<double> step = gradient;
      step.erase(step.begin() + static_cast<std::ptrdiff_t>(anchor));
      if (!solve(without(information, anchor), step)) break;
      step.insert(step.begin() + static_cast<std::ptrdiff_t>(anchor), 0.0);
      // Newton's step, halved while it does not improve the likelihood (it always does
      // close to the maximum; far from it a full step can overshoot).
      double scale = 1.0;
      std::vector<double> next(m);
      double next_ll = ll;
      for (int halving = 0; halving < 40; ++halving, scale /= 2) {
        for (std::size_t k = 0; k < m; ++k) next[k] = theta[k] + scale * step[k];
        next_ll = log_likelihood(pairs, next);
        if (next_ll >= ll - 1e-12) break;
      }
      double largest = 0;
      for (std::size_t k = 0; k < m; ++k) largest = std::max(largest, std::abs(next[k] - theta[k]));
      theta = next;
      ll = next_ll;
      list.iterations = iteration + 1;
      if (largest < 1e-10) break;
    }
  }

  // Covariance: the inverse of the information matrix without the anchor (one inversion:
  // the variances are its diagonal).
  std::vector<double> variance(m, 0.0);
  if (m > 1) {
    derivatives(pairs, theta, gradient, information);
    if (auto inverse = invert(without(information, anchor)))
      for (std::size_t k = 0; k + 1 < m; ++k) variance[k < anchor ? k : k + 1] = (*inverse)[k][k];
  }
  for (std::size_t c = 0; c < m; ++c) {
    PlayerRating& p = list.players[members[c]];
    p.rating = options.anchor_rating + theta[c] * kEloPerNatural;
    p.error = std::sqrt(std::max(0.0, variance[c])) * kEloPerNatural;
    p.lower = *p.rating - options.z * p.error;
    p.upper = *p.rating + options.z * p.error;
  }
  return list;
}

}  // namespace rm::stats
