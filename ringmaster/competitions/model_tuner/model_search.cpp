#include "ringmaster/competitions/model_tuner/model_search.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace rm::comp::model {

std::vector<double> posterior_draw(const QuadraticModel& model, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  const std::size_t p = static_cast<std::size_t>(model.size());
  std::vector<double> z(p);
  for (double& v : z) v = normal(rng);
  std::vector<double> beta = model.beta();
  const auto& l = model.covariance_factor();
  for (std::size_t i = 0; i < p; ++i)
    for (std::size_t k = 0; k <= i; ++k) beta[i] += l[i * p + k] * z[k];
  return beta;
}

ModelSearch::ModelSearch(SearchSettings settings)
    : settings_(settings),
      model_(settings.dims),
      centre_(static_cast<std::size_t>(settings.dims), 0.0),
      half_width_(static_cast<std::size_t>(settings.dims), 1.0),
      estimate_(static_cast<std::size_t>(settings.dims), 0.0) {
  if (settings_.dims == 1 && settings_.thompson_share > 0.0) gp_.emplace(settings_.gp_bins);
  if (settings_.dims == 1 && settings_.cell_share > 0.0)
    cells_.emplace(settings_.cells, settings_.cell_exploration);
}

int ModelSearch::initial_random_games() const {
  return settings_.initial_random_games > 0 ? settings_.initial_random_games
                                            : 3 * coefficient_count(settings_.dims);
}

double ModelSearch::exploration_share() const {
  const double n = static_cast<double>(samples_.size());
  const double until = static_cast<double>(settings_.explore_until);
  return settings_.explore_fraction * (n <= until ? 1.0 : until / n);
}

void ModelSearch::add(std::vector<double> u, double y) {
  if (gp_) gp_->add(u[0], y);
  if (cells_) cells_->add(u[0], y);
  samples_.push_back(Sample{std::move(u), y, 1.0});
  const int n = static_cast<int>(samples_.size());
  if (n < initial_random_games()) return;
  const int due = std::max(1, static_cast<int>(settings_.refit_fraction * n));
  if (n - last_fit_size_ >= due) refit();
}

void ModelSearch::weigh_samples(double kernel_scale) {
  for (Sample& s : samples_) {
    double z2 = 0.0;
    for (std::size_t k = 0; k < centre_.size(); ++k) {
      const double z = (s.u[k] - centre_[k]) / (kernel_scale * half_width_[k]);
      z2 += z * z;
    }
    s.weight = z2 > 40.0 ? 0.0 : std::exp(-0.5 * z2);
  }
}

std::vector<double> ModelSearch::estimate_target() {
  if (settings_.estimate_kernel <= 0.0 ||
      static_cast<int>(samples_.size()) <= settings_.estimate_fit_from)
    return centre_;
  // The weights are the fit's only use of them: the next refit sets them again. In d
  // dimensions the kernel is estimate_kernel^(1/d) of the region's, so that it keeps about
  // the same share of the games' weight whatever d (a narrower one left the 5-D fit noisy).
  weigh_samples(std::pow(settings_.estimate_kernel, 1.0 / settings_.dims));
  QuadraticModel narrow = model_;  // warm start from the region's fit
  if (!narrow.fit(samples_)) return centre_;
  std::vector<double> top = maximise_in_box(narrow.beta(), settings_.dims);
  for (std::size_t k = 0; k < top.size(); ++k)
    top[k] = std::clamp(top[k], centre_[k] - half_width_[k], centre_[k] + half_width_[k]);
  return top;
}

void ModelSearch::refit() {
  // Gaussian kernel around the current region (sd = half-width per parameter).
  weigh_samples(1.0);
  model_.fit(samples_);
  const bool first_fit = last_fit_size_ == 0;
  last_fit_size_ = static_cast<int>(samples_.size());

  // The new centre: the model's maximum, at most one half-width away from the old centre.
  const std::vector<double> top = maximise_in_box(model_.beta(), settings_.dims);
  for (std::size_t k = 0; k < centre_.size(); ++k)
    centre_[k] = std::clamp(top[k], centre_[k] - half_width_[k], centre_[k] + half_width_[k]);
  const std::vector<double> target = estimate_target();
  for (std::size_t k = 0; k < centre_.size(); ++k)
    estimate_[k] =
        first_fit ? target[k] : estimate_[k] + settings_.averaging * (target[k] - estimate_[k]);
  refit_process();

  // The new half-width: the schedule, but not below twice the optimum's posterior spread.
  const double scheduled = scheduled_half_width(static_cast<int>(samples_.size()));
  std::mt19937_64 rng(static_cast<std::uint64_t>(samples_.size()));
  std::vector<std::vector<double>> draws(centre_.size());
  for (int i = 0; i < settings_.spread_draws; ++i) {
    const auto u = maximise_in_box(posterior_draw(model_, rng), settings_.dims);
    for (std::size_t k = 0; k < u.size(); ++k) draws[k].push_back(u[k]);
  }
  for (std::size_t k = 0; k < centre_.size(); ++k) {
    // A robust spread (the median absolute deviation, scaled to a standard deviation): a few
    // draws of an ill-determined model land in the corners and would inflate a plain one.
    double spread = 0.0;
    auto& v = draws[k];
    if (!v.empty()) {
      std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
      const double median = v[v.size() / 2];
      for (double& x : v) x = std::abs(x - median);
      std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
      spread = 1.4826 * v[v.size() / 2];
    }
    // The region grows slowly (at most growth per refit) so that it cannot swing between a
    // local fit and the whole box; it shrinks as fast as the evidence allows.
    const double wanted = std::max(scheduled, settings_.spread_factor * spread);
    half_width_[k] =
        std::clamp(std::min(wanted, settings_.region_growth * half_width_[k]), 1e-3, 1.0);
  }
}

double ModelSearch::scheduled_half_width(int n) const {
  return std::min(
      1.0, settings_.region_scale * std::pow(static_cast<double>(n), -settings_.region_exponent));
}

bool ModelSearch::flat_top() const {
  // The half-width equals its schedule unless the floor holds it open; the margin keeps a
  // rounding difference from counting.
  return gp_ && last_fit_size_ >= settings_.flat_top_from &&
         half_width_[0] > 1.02 * scheduled_half_width(last_fit_size_);
}

void ModelSearch::refit_process() {
  const int n = static_cast<int>(samples_.size());
  if (!gp_ || n < settings_.gp_from) return;
  if (process_fit_size_ > 0 &&
      n - process_fit_size_ < std::max(1, static_cast<int>(settings_.gp_refit_fraction * n)))
    return;
  gp_->fit();
  process_fit_size_ = n;
  if (!gp_->fitted() || n < settings_.guard_from) return;
  const int best = gp_->best_bin();
  if (gp_->difference_z(best, gp_->bin_of(centre_[0])) > settings_.guard_z) {
    centre_[0] = estimate_[0] = gp_->centre_of(best);
    ++relocations_;
  }
}

std::vector<double> ModelSearch::best() const {
  if (!gp_) return best_lower_bound();
  if (!gp_->fitted()) return estimate_;
  const double w =
      flat_top() ? settings_.flat_top_process_weight : settings_.process_estimate_weight;
  return {w * gp_->centre_of(gp_->averaged_best_bin()) + (1.0 - w) * estimate_[0]};
}

const std::vector<double>& ModelSearch::best_lower_bound() const {
  if (last_fit_size_ == 0) return estimate_;
  if (best_lower_bound_fit_ == last_fit_size_) return best_lower_bound_;
  const double kappa = settings_.recommendation_kappa;
  const auto lower_bound = [&](const std::vector<double>& u) {
    return model_.value(u) - kappa * model_.value_sd(u);
  };
  // Ties keep the earlier candidate: the estimate first, so a flat model changes nothing.
  const std::vector<double>* best = &estimate_;
  double top = lower_bound(estimate_);
  const auto consider = [&](const std::vector<double>& u) {
    const double value = lower_bound(u);
    if (value > top) {
      top = value;
      best = &u;
    }
  };
  consider(centre_);
  for (std::size_t i = 0; i < static_cast<std::size_t>(last_fit_size_); ++i)
    consider(samples_[i].u);
  best_lower_bound_ = *best;
  best_lower_bound_fit_ = last_fit_size_;
  return best_lower_bound_;
}

Estimate ModelSearch::estimate(int draws) const {
  Estimate e;
  e.optimum = best();
  const double q = model_.value(e.optimum);
  const double sd = model_.value_sd(e.optimum);
  e.win_rate = logistic(q);
  e.win_rate_low = logistic(q - 1.96 * sd);
  e.win_rate_high = logistic(q + 1.96 * sd);
  const std::size_t d = static_cast<std::size_t>(settings_.dims);
  std::vector<std::vector<double>> per_dim(d);
  std::mt19937_64 rng(0x5eed);
  for (int i = 0; i < draws && last_fit_size_ > 0; ++i) {
    const auto u = maximise_in_box(posterior_draw(model_, rng), settings_.dims);
    for (std::size_t k = 0; k < d; ++k) per_dim[k].push_back(u[k]);
  }
  for (std::size_t k = 0; k < d; ++k) {
    auto& v = per_dim[k];
    if (v.empty()) {
      e.optimum_low.push_back(-1.0);
      e.optimum_high.push_back(1.0);
      continue;
    }
    std::sort(v.begin(), v.end());
    const auto at = [&](double f) {
      return v[std::min(v.size() - 1, static_cast<std::size_t>(f * static_cast<double>(v.size())))];
    };
    e.optimum_low.push_back(at(0.025));
    e.optimum_high.push_back(at(0.975));
  }
  return e;
}

bool ModelSearch::restore(std::vector<Sample> samples, std::vector<double> beta,
                          std::vector<double> covariance, std::vector<double> centre,
                          std::vector<double> half_width, std::vector<double> estimate,
                          int last_fit_size, std::optional<StoredProcess> process) {
  const std::size_t d = static_cast<std::size_t>(settings_.dims);
  if (last_fit_size < 0 || last_fit_size > static_cast<int>(samples.size())) return false;
  const int process_fitted_on = process ? process->fitted_on : last_fit_size;
  if (process_fitted_on < 0 || process_fitted_on > static_cast<int>(samples.size())) return false;
  // Every check of a stored process is here or in BinnedGp::accepts_fit, before any change.
  if (process && gp_ &&
      (process->relocations < 0 || !gp_->accepts_fit(process->hyper, process->latent)))
    return false;
  if (centre.size() != d || half_width.size() != d || estimate.size() != d) return false;
  for (std::size_t k = 0; k < d; ++k)
    if (!(centre[k] >= -1.0 && centre[k] <= 1.0 && half_width[k] > 0.0 && half_width[k] <= 1.0 &&
          estimate[k] >= -1.0 && estimate[k] <= 1.0))
      return false;
  for (const Sample& s : samples) {
    if (s.u.size() != d || !(s.y == 0.0 || s.y == 0.5 || s.y == 1.0)) return false;
    for (double x : s.u)
      if (!(x >= -1.0 && x <= 1.0)) return false;
  }
  QuadraticModel model(settings_.dims);
  if (last_fit_size > 0 && !model.restore(std::move(beta), std::move(covariance))) return false;
  samples_ = std::move(samples);
  model_ = std::move(model);
  centre_ = std::move(centre);
  half_width_ = std::move(half_width);
  estimate_ = std::move(estimate);
  last_fit_size_ = last_fit_size;
  best_lower_bound_fit_ = -1;
  relocations_ = process ? process->relocations : 0;
  process_fit_size_ = 0;
  if (cells_) {
    cells_.emplace(settings_.cells, settings_.cell_exploration);
    for (const Sample& s : samples_) cells_->add(s.u[0], s.y);
  }
  if (gp_) {
    // The process as it was after its last fit: its counts then and its fit then.
    gp_.emplace(settings_.gp_bins);
    for (int i = 0; i < process_fitted_on; ++i)
      gp_->add(samples_[static_cast<std::size_t>(i)].u[0], samples_[static_cast<std::size_t>(i)].y);
    if (process_fitted_on >= settings_.gp_from) {
      // Refitted afresh when there is no stored fit (a state written before it existed) or its
      // posterior cannot be factorised (values checked above, so only a numerical failure).
      if (!(process && gp_->restore_fit(process->hyper, process->latent))) gp_->fit();
      process_fit_size_ = process_fitted_on;
    }
    for (std::size_t i = static_cast<std::size_t>(process_fitted_on); i < samples_.size(); ++i)
      gp_->add(samples_[i].u[0], samples_[i].y);
  }
  return true;
}

}  // namespace rm::comp::model
