#include "ringmaster/competitions/model_tuner/quadratic_model.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace rm::comp::model {

int coefficient_count(int dims) {
  return 1 + dims + dims * (dims + 1) / 2;
}

void features(const std::vector<double>& u, std::vector<double>& out) {
  const int d = static_cast<int>(u.size());
  out.resize(static_cast<std::size_t>(coefficient_count(d)));
  std::size_t i = 0;
  out[i++] = 1.0;
  for (int k = 0; k < d; ++k) out[i++] = u[static_cast<std::size_t>(k)];
  for (int j = 0; j < d; ++j)
    for (int k = j; k < d; ++k)
      out[i++] = u[static_cast<std::size_t>(j)] * u[static_cast<std::size_t>(k)];
}

std::vector<std::string> coefficient_names(const std::vector<std::string>& codes) {
  std::vector<std::string> names{"1"};
  for (const auto& c : codes) names.push_back(c);
  for (std::size_t j = 0; j < codes.size(); ++j)
    for (std::size_t k = j; k < codes.size(); ++k)
      names.push_back(j == k ? codes[j] + "^2" : codes[j] + "*" + codes[k]);
  return names;
}

bool cholesky(std::vector<double>& a, int n) {
  // Right-looking: once column j is final, its outer product is subtracted from the rows below.
  // Each element still takes its products in the order k = 0, 1, ..., as a dot product row by
  // row would (the same result to the bit), but the inner loop runs along a row, so the compiler
  // vectorises it (the 64 x 64 factors of binned_gp.hpp are much of the model's cost).
  // Column j is copied into row j's upper part (never read, zeroed after) to be contiguous.
  const std::size_t size = static_cast<std::size_t>(n);
  double* m = a.data();
  for (std::size_t j = 0; j < size; ++j) {
    const double diagonal = m[j * size + j];
    if (!(diagonal > 0.0)) return false;
    const double root = std::sqrt(diagonal);
    m[j * size + j] = root;
    double* column = m + j * size;
    for (std::size_t i = j + 1; i < size; ++i) column[i] = m[i * size + j] /= root;
    for (std::size_t i = j + 1; i < size; ++i) {
      double* row = m + i * size;
      const double l = column[i];
      for (std::size_t c = j + 1; c <= i; ++c) row[c] -= l * column[c];
    }
    for (std::size_t k = j + 1; k < size; ++k) column[k] = 0.0;  // the upper part
  }
  return true;
}

void cholesky_solve(const std::vector<double>& l, int n, std::vector<double>& b) {
  for (int i = 0; i < n; ++i) {  // L y = b
    double s = b[static_cast<std::size_t>(i)];
    for (int k = 0; k < i; ++k)
      s -= l[static_cast<std::size_t>(i * n + k)] * b[static_cast<std::size_t>(k)];
    b[static_cast<std::size_t>(i)] = s / l[static_cast<std::size_t>(i * n + i)];
  }
  for (int i = n - 1; i >= 0; --i) {  // L^T x = y
    double s = b[static_cast<std::size_t>(i)];
    for (int k = i + 1; k < n; ++k)
      s -= l[static_cast<std::size_t>(k * n + i)] * b[static_cast<std::size_t>(k)];
    b[static_cast<std::size_t>(i)] = s / l[static_cast<std::size_t>(i * n + i)];
  }
}

double logistic(double q) {
  if (q >= 0) return 1.0 / (1.0 + std::exp(-q));
  const double e = std::exp(q);
  return e / (1.0 + e);
}

QuadraticModel::QuadraticModel(int dims, double prior_sd)
    : dims_(dims),
      p_(coefficient_count(dims)),
      prior_precision_(1.0 / (prior_sd * prior_sd)),
      beta_(static_cast<std::size_t>(p_), 0.0),
      covariance_(static_cast<std::size_t>(p_ * p_), 0.0),
      covariance_factor_(static_cast<std::size_t>(p_ * p_), 0.0) {
  for (int i = 0; i < p_; ++i) {
    covariance_[static_cast<std::size_t>(i * p_ + i)] = prior_sd * prior_sd;
    covariance_factor_[static_cast<std::size_t>(i * p_ + i)] = prior_sd;
  }
}

namespace {

// The samples of a fit with a weight, their features computed once (row-major, p per sample),
// and per sample the exponential the last objective() took at its coefficients: the Newton
// step's probabilities reuse it (logistic() takes the same exponential, so the result is the
// same to the bit at half the cost).
struct FitData {
  std::size_t p = 0;
  std::vector<double> phi, weight, y, exp_term;
  std::size_t size() const { return weight.size(); }
  double q(std::size_t s, const std::vector<double>& beta) const {
    const double* row = &phi[s * p];
    double q = 0.0;
    for (std::size_t i = 0; i < p; ++i) q += beta[i] * row[i];
    return q;
  }
  // logistic(q) from the stored exp(-|q|) (see logistic()).
  double probability(std::size_t s, double q) const {
    const double e = exp_term[s];
    return q >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
  }
};

FitData fit_data(const std::vector<Sample>& samples, std::size_t p) {
  FitData data;
  data.p = p;
  data.phi.reserve(samples.size() * p);
  data.weight.reserve(samples.size());
  data.y.reserve(samples.size());
  std::vector<double> phi;
  for (const Sample& s : samples) {
    if (s.weight <= 0.0) continue;
    features(s.u, phi);
    data.phi.insert(data.phi.end(), phi.begin(), phi.end());
    data.weight.push_back(s.weight);
    data.y.push_back(s.y);
  }
  data.exp_term.assign(data.size(), 0.0);
  return data;
}

// The penalised weighted log-likelihood the fit maximises; leaves each sample's exp(-|q|) in
// `exp_term`.
double objective(const FitData& data, const std::vector<double>& beta, double prior_precision,
                 std::vector<double>& exp_term) {
  double total = 0.0;
  for (std::size_t s = 0; s < data.size(); ++s) {
    const double q = data.q(s, beta);
    // log p = -log(1 + e^-q), log(1 - p) = -log(1 + e^q), computed without overflow.
    const double e = std::exp(q >= 0 ? -q : q);
    exp_term[s] = e;
    const double log_p = q >= 0 ? -std::log1p(e) : q - std::log1p(e);
    const double log_not_p = log_p - q;
    total += data.weight[s] * (data.y[s] * log_p + (1.0 - data.y[s]) * log_not_p);
  }
  double norm = 0.0;
  for (double b : beta) norm += b * b;
  return total - 0.5 * prior_precision * norm;
}

}  // namespace

bool QuadraticModel::fit(const std::vector<Sample>& samples, int iterations) {
  const std::size_t p = static_cast<std::size_t>(p_);
  FitData data = fit_data(samples, p);
  std::vector<double> beta = beta_, gradient(p), hessian(p * p), trial(p);
  std::vector<double> trial_exp(data.size());
  double current = objective(data, beta, prior_precision_, data.exp_term);
  bool factored = false;
  for (int iteration = 0; iteration < iterations; ++iteration) {
    std::fill(gradient.begin(), gradient.end(), 0.0);
    std::fill(hessian.begin(), hessian.end(), 0.0);
    for (std::size_t s = 0; s < data.size(); ++s) {
      const double* phi = &data.phi[s * p];
      const double prob = data.probability(s, data.q(s, beta));
      const double g = data.weight[s] * (data.y[s] - prob);
      const double h = data.weight[s] * prob * (1.0 - prob);
      for (std::size_t i = 0; i < p; ++i) {
        gradient[i] += g * phi[i];
        const double hi = h * phi[i];
        for (std::size_t k = 0; k <= i; ++k) hessian[i * p + k] += hi * phi[k];
      }
    }
    for (std::size_t i = 0; i < p; ++i) {
      gradient[i] -= prior_precision_ * beta[i];
      hessian[i * p + i] += prior_precision_;
      for (std::size_t k = 0; k < i; ++k) hessian[k * p + i] = hessian[i * p + k];
    }
    if (!cholesky(hessian, p_)) break;
    factored = true;
    std::vector<double> step = gradient;
    cholesky_solve(hessian, p_, step);
    // Backtracking line search: the objective is concave, so a short enough Newton step
    // always improves it; full steps can oscillate on nearly separable data.
    double scale = 1.0, largest = 0.0;
    bool improved = false;
    for (int halving = 0; halving < 30 && !improved; ++halving, scale *= 0.5) {
      for (std::size_t i = 0; i < p; ++i) trial[i] = beta[i] + scale * step[i];
      const double value = objective(data, trial, prior_precision_, trial_exp);
      if (value >= current) {
        improved = true;
        current = value;
        for (std::size_t i = 0; i < p; ++i) largest = std::max(largest, std::abs(scale * step[i]));
        beta = trial;
        data.exp_term.swap(trial_exp);
      }
    }
    if (!improved || largest < 1e-7) break;
  }
  if (!factored) return false;
  beta_ = beta;
  // The covariance is the inverse of the penalised Hessian of the last step (one step behind
  // the coefficients, as usual for IRLS; by then the step is tiny).
  covariance_.assign(p * p, 0.0);
  for (std::size_t c = 0; c < p; ++c) {
    std::vector<double> column(p, 0.0);
    column[c] = 1.0;
    cholesky_solve(hessian, p_, column);
    for (std::size_t r = 0; r < p; ++r) covariance_[r * p + c] = column[r];
  }
  std::vector<double> factor = covariance_;
  if (cholesky(factor, p_)) covariance_factor_ = factor;
  return true;
}

bool QuadraticModel::restore(std::vector<double> beta, std::vector<double> covariance) {
  const std::size_t p = static_cast<std::size_t>(p_);
  if (beta.size() != p || covariance.size() != p * p) return false;
  std::vector<double> factor = covariance;
  if (!cholesky(factor, p_)) return false;
  beta_ = std::move(beta);
  covariance_ = std::move(covariance);
  covariance_factor_ = std::move(factor);
  return true;
}

double QuadraticModel::value(const std::vector<double>& u) const {
  std::vector<double> phi;
  features(u, phi);
  double q = 0.0;
  for (std::size_t i = 0; i < phi.size(); ++i) q += beta_[i] * phi[i];
  return q;
}

namespace {
double quadratic_form(const std::vector<double>& m, const std::vector<double>& v) {
  const std::size_t n = v.size();
  double total = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    double row = 0.0;
    for (std::size_t k = 0; k < n; ++k) row += m[i * n + k] * v[k];
    total += v[i] * row;
  }
  return total;
}
}  // namespace

double QuadraticModel::difference_sd(const std::vector<double>& a,
                                     const std::vector<double>& b) const {
  std::vector<double> pa, pb;
  features(a, pa);
  features(b, pb);
  for (std::size_t i = 0; i < pa.size(); ++i) pa[i] -= pb[i];
  return std::sqrt(std::max(0.0, quadratic_form(covariance_, pa)));
}

double QuadraticModel::value_sd(const std::vector<double>& u) const {
  std::vector<double> phi;
  features(u, phi);
  return std::sqrt(std::max(0.0, quadratic_form(covariance_, phi)));
}

namespace {

// q(u) = c + b.u + sum_{j<=k} a_jk u_j u_k, unpacked from beta.
struct Quadratic {
  int d;
  double c;
  std::vector<double> b;
  std::vector<double> a;  // d x d, a[j][k] for j <= k holds beta's coefficient of u_j*u_k

  Quadratic(const std::vector<double>& beta, int dims)
      : d(dims),
        c(beta[0]),
        b(beta.begin() + 1, beta.begin() + 1 + dims),
        a(static_cast<std::size_t>(dims * dims), 0.0) {
    std::size_t i = static_cast<std::size_t>(1 + dims);
    for (int j = 0; j < dims; ++j)
      for (int k = j; k < dims; ++k) a[static_cast<std::size_t>(j * dims + k)] = beta[i++];
  }
  double at(int j, int k) const {
    return j <= k ? a[static_cast<std::size_t>(j * d + k)] : a[static_cast<std::size_t>(k * d + j)];
  }
  double value(const std::vector<double>& u) const {
    double q = c;
    for (int j = 0; j < d; ++j) {
      q += b[static_cast<std::size_t>(j)] * u[static_cast<std::size_t>(j)];
      for (int k = j; k < d; ++k)
        q += at(j, k) * u[static_cast<std::size_t>(j)] * u[static_cast<std::size_t>(k)];
    }
    return q;
  }
  // Coordinate ascent: along axis k, q = const + lin*u_k + a_kk*u_k^2.
  void ascend(std::vector<double>& u) const {
    for (int sweep = 0; sweep < 200; ++sweep) {
      double moved = 0.0;
      for (int k = 0; k < d; ++k) {
        double lin = b[static_cast<std::size_t>(k)];
        for (int j = 0; j < d; ++j)
          if (j != k) lin += at(std::min(j, k), std::max(j, k)) * u[static_cast<std::size_t>(j)];
        const double square = at(k, k);
        double best;
        if (square < 0.0) {
          best = std::clamp(-lin / (2.0 * square), -1.0, 1.0);
        } else {
          best = (lin + square > -lin + square) ? 1.0 : -1.0;  // q(1) vs q(-1)
        }
        moved = std::max(moved, std::abs(best - u[static_cast<std::size_t>(k)]));
        u[static_cast<std::size_t>(k)] = best;
      }
      if (moved < 1e-10) break;
    }
  }
  // The stationary point (grad q = 0), if the system is solvable, clipped to the box.
  std::vector<double> clipped_stationary_point() const {
    std::vector<double> m(static_cast<std::size_t>(d * d)), rhs(static_cast<std::size_t>(d));
    for (int j = 0; j < d; ++j) {
      for (int k = 0; k < d; ++k)
        m[static_cast<std::size_t>(j * d + k)] = -(j == k ? 2.0 * at(j, j) : at(j, k));
      rhs[static_cast<std::size_t>(j)] = b[static_cast<std::size_t>(j)];
    }
    std::vector<double> u(static_cast<std::size_t>(d), 0.0);
    if (!cholesky(m, d)) return u;  // not concave: no interior maximum
    cholesky_solve(m, d, rhs);
    for (int j = 0; j < d; ++j)
      u[static_cast<std::size_t>(j)] = std::clamp(rhs[static_cast<std::size_t>(j)], -1.0, 1.0);
    return u;
  }
};

}  // namespace

std::vector<double> maximise_in_box(const std::vector<double>& beta, int dims) {
  const Quadratic q(beta, dims);
  std::vector<double> from_centre(static_cast<std::size_t>(dims), 0.0);
  q.ascend(from_centre);
  if (dims == 1) return from_centre;  // the 1-D ascent is exact
  std::vector<double> from_stationary = q.clipped_stationary_point();
  q.ascend(from_stationary);
  return q.value(from_stationary) > q.value(from_centre) ? from_stationary : from_centre;
}

}  // namespace rm::comp::model
