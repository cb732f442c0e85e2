#include "ringmaster/competitions/model_tuner/binned_gp.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <memory>
#include <mutex>

#include "ringmaster/competitions/model_tuner/quadratic_model.hpp"
#include "ringmaster/competitions/model_tuner/range_bins.hpp"

namespace rm::comp::model {
namespace {

// The hyperparameter grid. Length scales above 0.8 are left out on purpose: on an asymmetric
// peak the marginal likelihood favours a very smooth process (most games are near the top, where
// the win rate is smooth), and its maximum is then biased as a quadratic's would be.
constexpr std::array<double, 5> kLengths{0.05, 0.1, 0.2, 0.4, 0.8};
constexpr std::array<double, 6> kAmplitudes{0.03, 0.1, 0.3, 1.0, 3.0, 10.0};
constexpr int kNewtonSteps = 30;
// The hyperparameters are chosen again when the games have grown by this factor (the choice
// costs 30 fits).
constexpr double kHyperGrowth = 1.25;

double matern52(double distance, double length, double amplitude) {
  const double r = std::sqrt(5.0) * std::abs(distance) / length;
  return amplitude * amplitude * (1.0 + r + r * r / 3.0) * std::exp(-r);
}

double bin_centre(int bin, int bins) {
  return -1.0 + (bin + 0.5) * 2.0 / bins;
}

}  // namespace

BinnedGp::PriorCovariance BinnedGp::prior_covariance(int bins, double length, double amplitude) {
  const std::size_t n = static_cast<std::size_t>(bins);
  PriorCovariance c;
  c.kernel.resize(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      c.kernel[i * n + j] =
          matern52(bin_centre(static_cast<int>(i), bins) - bin_centre(static_cast<int>(j), bins),
                   length, amplitude) +
          (i == j ? 1e-6 : 0.0);
  c.factor = c.kernel;
  c.factored = cholesky(c.factor, bins);
  return c;
}

// The prior covariance for every length scale and amplitude of the grid, with its Cholesky
// factor, built once per number of bins and shared by every process (and thread) after: a
// covariance costs bins² exponentials, and each choice of the hyperparameters and each averaged
// recommendation needs all thirty (it was about a quarter of a one-parameter search's cost).
const std::vector<BinnedGp::PriorCovariance>& BinnedGp::grid_covariances(int bins) {
  static std::mutex mutex;
  static std::map<int, std::vector<PriorCovariance>> built;
  const std::lock_guard lock(mutex);
  auto [it, inserted] = built.try_emplace(bins);
  if (inserted)
    for (double length : kLengths)
      for (double amplitude : kAmplitudes)
        it->second.push_back(prior_covariance(bins, length, amplitude));
  return it->second;  // a node of a map never moves
}

BinnedGp::BinnedGp(int bins)
    : bins_(bins),
      wins_(static_cast<std::size_t>(bins), 0.0),
      games_(static_cast<std::size_t>(bins), 0.0),
      latent_(static_cast<std::size_t>(bins), 0.0),
      grid_(&grid_covariances(bins)) {}

int BinnedGp::bin_of(double u) const {
  return range_bin(u, bins_);
}

double BinnedGp::centre_of(int bin) const {
  return bin_centre(bin, bins_);
}

void BinnedGp::add(double u, double y) {
  const auto b = static_cast<std::size_t>(bin_of(u));
  wins_[b] += y;
  games_[b] += 1.0;
}

double BinnedGp::games() const {
  double n = 0.0;
  for (double g : games_) n += g;
  return n;
}

void BinnedGp::set_prior(double length, double amplitude) {
  for (std::size_t l = 0; l < kLengths.size(); ++l)
    for (std::size_t a = 0; a < kAmplitudes.size(); ++a)
      if (kLengths[l] == length && kAmplitudes[a] == amplitude) {
        prior_ = &(*grid_)[l * kAmplitudes.size() + a];
        return;
      }
  // Not of the grid (a stored state may hold any positive values): built for this process.
  own_prior_ = std::make_shared<PriorCovariance>(prior_covariance(bins_, length, amplitude));
  prior_ = own_prior_.get();
}

bool BinnedGp::factorise() {
  const std::size_t n = static_cast<std::size_t>(bins_);
  root_w_.assign(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const double p = logistic(latent_[i] + mean_);
    root_w_[i] = std::sqrt(games_[i] * p * (1.0 - p));
  }
  b_factor_.assign(n * n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      b_factor_[i * n + j] =
          (i == j ? 1.0 : 0.0) + root_w_[i] * prior_->kernel[i * n + j] * root_w_[j];
  return cholesky(b_factor_, bins_);
}

double BinnedGp::laplace(double length, double amplitude, bool want_likelihood) {
  const std::size_t n = static_cast<std::size_t>(bins_);
  set_prior(length, amplitude);
  // Newton's method for the mode (Rasmussen and Williams, Algorithm 3.1), from latent_.
  const std::vector<double>& kernel = prior_->kernel;
  std::vector<double> a(n), b(n), kb(n), next(n);
  for (int step = 0; step < kNewtonSteps; ++step) {
    if (!factorise()) return -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n; ++i) {
      const double p = logistic(latent_[i] + mean_);
      b[i] = root_w_[i] * root_w_[i] * latent_[i] + (wins_[i] - games_[i] * p);
    }
    for (std::size_t i = 0; i < n; ++i) {
      double s = 0.0;
      for (std::size_t j = 0; j < n; ++j) s += kernel[i * n + j] * b[j];
      kb[i] = root_w_[i] * s;
    }
    cholesky_solve(b_factor_, bins_, kb);
    for (std::size_t i = 0; i < n; ++i) a[i] = b[i] - root_w_[i] * kb[i];
    double change = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      double s = 0.0;
      for (std::size_t j = 0; j < n; ++j) s += kernel[i * n + j] * a[j];
      change = std::max(change, std::abs(s - latent_[i]));
      next[i] = s;
    }
    latent_.swap(next);
    if (change < 1e-7) break;
  }
  if (!factorise()) return -std::numeric_limits<double>::infinity();
  if (!want_likelihood) return 0.0;
  // log q(y | X, theta) = -f'K^-1 f/2 + log p(y | f) - sum log diag(L).
  std::vector<double> k_inverse_f(latent_);
  if (!prior_->factored) return -std::numeric_limits<double>::infinity();
  cholesky_solve(prior_->factor, bins_, k_inverse_f);
  double value = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double p = logistic(latent_[i] + mean_);
    value += -0.5 * k_inverse_f[i] * latent_[i] + wins_[i] * std::log(p + 1e-300) +
             (games_[i] - wins_[i]) * std::log(1.0 - p + 1e-300) - std::log(b_factor_[i * n + i]);
  }
  return value;
}

void BinnedGp::posterior_covariance() {
  // K - V'V with V = L^-1 W^1/2 K. Both products run along rows (each element's sum still in
  // the order k = 0, 1, ..., so the result is the same as column by column), which lets the
  // compiler vectorise them.
  const std::size_t n = static_cast<std::size_t>(bins_);
  std::vector<double> v(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) v[i * n + j] = root_w_[i] * prior_->kernel[i * n + j];
  for (std::size_t i = 0; i < n; ++i) {  // forward substitution, all columns at once
    double* row = &v[i * n];
    for (std::size_t k = 0; k < i; ++k) {
      const double l = b_factor_[i * n + k];
      const double* above = &v[k * n];
      for (std::size_t c = 0; c < n; ++c) row[c] -= l * above[c];
    }
    const double diagonal = b_factor_[i * n + i];
    for (std::size_t c = 0; c < n; ++c) row[c] /= diagonal;
  }
  std::vector<double> product(n * n, 0.0);  // V'V, lower half
  for (std::size_t k = 0; k < n; ++k) {
    const double* row = &v[k * n];
    for (std::size_t i = 0; i < n; ++i) {
      const double vi = row[i];
      double* out = &product[i * n];
      for (std::size_t j = 0; j <= i; ++j) out[j] += vi * row[j];
    }
  }
  covariance_ = prior_->kernel;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j <= i; ++j) {  // symmetric: each pair once
      covariance_[i * n + j] -= product[i * n + j];
      if (j != i) covariance_[j * n + i] = covariance_[i * n + j];
    }
  for (std::size_t i = 0; i < n; ++i) covariance_[i * n + i] += 1e-9;
  draw_factor_ = covariance_;
  if (!cholesky(draw_factor_, bins_)) draw_factor_.assign(n * n, 0.0);  // draws = the mode
}

void BinnedGp::set_mean() {
  double wins = 0.0;
  for (double w : wins_) wins += w;
  mean_ = std::log((wins + 1.0) / (games() - wins + 1.0));
}

void BinnedGp::fit() {
  set_mean();
  const double n = games();
  if (hyper_.chosen_at == 0 || n >= kHyperGrowth * hyper_.chosen_at) {
    const std::vector<double> previous = latent_;
    double best = -std::numeric_limits<double>::infinity();
    Hyper chosen = hyper_;
    for (double length : kLengths)
      for (double amplitude : kAmplitudes) {
        latent_ = previous;  // a warm start: the modes differ little from one choice to the next
        const double value = laplace(length, amplitude, true);
        if (value > best) {
          best = value;
          chosen = Hyper{length, amplitude, 0};
        }
      }
    chosen.chosen_at = static_cast<int>(n);
    hyper_ = chosen;
    latent_ = previous;
  }
  // Warm-started from the last fit's mode: a few Newton steps instead of a dozen or more.
  fitted_ = std::isfinite(laplace(hyper_.length, hyper_.amplitude, false));
  if (fitted_) posterior_covariance();
  remember_fitted_counts();
}

void BinnedGp::remember_fitted_counts() {
  fitted_wins_ = wins_;
  fitted_games_ = games_;
  averaged_best_ = -1;
}

bool BinnedGp::accepts_fit(const Hyper& hyper, const std::vector<double>& latent) const {
  if (latent.size() != static_cast<std::size_t>(bins_) || !(hyper.length > 0.0) ||
      !(hyper.amplitude > 0.0) || !std::isfinite(hyper.length) || !std::isfinite(hyper.amplitude) ||
      hyper.chosen_at < 0)
    return false;
  for (double v : latent)
    if (!std::isfinite(v)) return false;
  return true;
}

bool BinnedGp::restore_fit(const Hyper& hyper, std::vector<double> latent) {
  if (!accepts_fit(hyper, latent)) return false;
  hyper_ = hyper;
  latent_ = std::move(latent);
  set_mean();
  set_prior(hyper_.length, hyper_.amplitude);
  fitted_ = factorise();
  if (fitted_) posterior_covariance();
  remember_fitted_counts();
  return fitted_;
}

int BinnedGp::best_bin() const {
  return static_cast<int>(std::max_element(latent_.begin(), latent_.end()) - latent_.begin());
}

int BinnedGp::averaged_best_bin() const {
  if (!fitted_) return best_bin();
  if (averaged_best_ >= 0) return averaged_best_;
  BinnedGp scratch = *this;  // the fits below must not disturb this one
  scratch.wins_ = fitted_wins_;
  scratch.games_ = fitted_games_;
  std::vector<double> log_likelihoods;
  std::vector<std::vector<double>> modes;
  for (double length : kLengths)
    for (double amplitude : kAmplitudes) {
      scratch.latent_ = latent_;  // warm-started from the last fit's mode, so deterministic
      const double value = scratch.laplace(length, amplitude, true);
      if (!std::isfinite(value)) continue;
      log_likelihoods.push_back(value);
      modes.push_back(scratch.latent_);
    }
  if (modes.empty()) return averaged_best_ = best_bin();
  const double top = *std::max_element(log_likelihoods.begin(), log_likelihoods.end());
  std::vector<double> mean(static_cast<std::size_t>(bins_), 0.0);
  for (std::size_t i = 0; i < modes.size(); ++i) {
    const double weight = std::exp(log_likelihoods[i] - top);  // unnormalised: only the argmax
    for (std::size_t b = 0; b < mean.size(); ++b) mean[b] += weight * modes[i][b];
  }
  averaged_best_ = static_cast<int>(std::max_element(mean.begin(), mean.end()) - mean.begin());
  return averaged_best_;
}

double BinnedGp::win_rate(int bin) const {
  return logistic(latent_[static_cast<std::size_t>(bin)] + mean_);
}

double BinnedGp::logit_sd(int bin) const {
  if (!fitted_) return 0.0;
  const auto i = static_cast<std::size_t>(bin), n = static_cast<std::size_t>(bins_);
  return std::sqrt(std::max(covariance_[i * n + i], 0.0));
}

double BinnedGp::difference_z(int a, int b) const {
  if (!fitted_ || a == b) return 0.0;
  const std::size_t n = static_cast<std::size_t>(bins_);
  const auto i = static_cast<std::size_t>(a), j = static_cast<std::size_t>(b);
  const double variance =
      covariance_[i * n + i] + covariance_[j * n + j] - 2.0 * covariance_[i * n + j];
  return (latent_[i] - latent_[j]) / std::sqrt(std::max(variance, 1e-12));
}

int BinnedGp::draw_maximum(const std::vector<double>& normals) const {
  const std::size_t n = static_cast<std::size_t>(bins_);
  int best = 0;
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    double value = latent_[i];
    for (std::size_t k = 0; k <= i; ++k) value += draw_factor_[i * n + k] * normals[k];
    if (value > top) {
      top = value;
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace rm::comp::model
