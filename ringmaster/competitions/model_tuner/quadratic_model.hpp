// A quadratic logistic model of win probability over the normalised parameter box [-1, 1]^d:
// P(win | u) = 1 / (1 + exp(-q(u))), q(u) = beta . phi(u), phi(u) = (1, u_1..u_d, u_j*u_k for
// j <= k). Pure numerics (no I/O, no randomness): the weighted maximum-likelihood fit (Newton's
// method with a weak Gaussian prior, so that a handful of games already gives a finite fit),
// the covariance of the coefficients (Laplace approximation), and the maximum of q in the box.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace rm::comp::model {

// Number of coefficients of a quadratic in d variables: 1 + d + d(d+1)/2.
int coefficient_count(int dims);

// phi(u), written into `out` (resized to coefficient_count(u.size())).
void features(const std::vector<double>& u, std::vector<double>& out);

// Names of the coefficients for reports: "1", "u1", "u1*u2", "u1^2" ... (u_k is parameter k).
std::vector<std::string> coefficient_names(const std::vector<std::string>& parameter_codes);

// A symmetric positive-definite matrix's Cholesky factor (lower, row-major, n x n).
// Returns false if the matrix is not positive definite.
bool cholesky(std::vector<double>& a, int n);
// Solves L L^T x = b in place (b becomes x), L from cholesky().
void cholesky_solve(const std::vector<double>& l, int n, std::vector<double>& b);

struct Sample {
  std::vector<double> u;  // normalised coordinates in [-1, 1]
  double y = 0.0;         // 1 won, 0 lost, 0.5 no winner (jigo, unknown)
  double weight = 1.0;    // the fit's weight (the search's locality)
};

class QuadraticModel {
 public:
  explicit QuadraticModel(int dims, double prior_sd = 10.0);

  int dims() const { return dims_; }
  int size() const { return p_; }
  const std::vector<double>& beta() const { return beta_; }
  // Row-major p x p covariance of beta (the inverse of the penalised Hessian at the fit).
  const std::vector<double>& covariance() const { return covariance_; }
  // Lower Cholesky factor of covariance() (for drawing coefficient samples).
  const std::vector<double>& covariance_factor() const { return covariance_factor_; }

  // Weighted fit, warm-started from the current coefficients; `iterations` Newton steps at
  // most (stops early when the step is tiny). Returns false if the Hessian was singular
  // (then the coefficients are unchanged).
  bool fit(const std::vector<Sample>& samples, int iterations = 8);

  // Sets the coefficients and covariance (a stored state); false if they do not fit.
  bool restore(std::vector<double> beta, std::vector<double> covariance);

  double value(const std::vector<double>& u) const;  // q(u)
  // Standard deviation of q(a) - q(b) under the coefficients' covariance.
  double difference_sd(const std::vector<double>& a, const std::vector<double>& b) const;
  // Standard deviation of q(u).
  double value_sd(const std::vector<double>& u) const;

 private:
  int dims_;
  int p_;
  double prior_precision_;
  std::vector<double> beta_;
  std::vector<double> covariance_;
  std::vector<double> covariance_factor_;
};

// The maximum of a quadratic with coefficients `beta` (layout of features()) over [-1, 1]^d:
// exact in one dimension, otherwise coordinate ascent (each step the exact 1-D maximum along
// one axis, clipped to the box) from the box centre and from the unconstrained stationary
// point, clipped; the better end point is returned.
std::vector<double> maximise_in_box(const std::vector<double>& beta, int dims);

double logistic(double q);

}  // namespace rm::comp::model
