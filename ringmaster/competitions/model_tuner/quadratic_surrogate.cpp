#include "ringmaster/competitions/model_tuner/quadratic_surrogate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>

namespace rm::comp::model {
namespace {

constexpr double kRegionExponent = 1.0 / 6.0;
// Refit after this fraction of new results (at least one).
constexpr double kRefitFraction = 0.01;
// Posterior draws for the spread of the optimum at each refit, and the half-width's floor in
// spreads.
constexpr int kSpreadDraws = 64;
constexpr double kSpreadFactor = 2.0;
// The half-width grows at most by this factor per refit, so that the region cannot swing
// between a local fit and the whole box; it shrinks as fast as the evidence allows.
constexpr double kRegionGrowth = 1.1;
// The recommendation's lower bound: the model's value less this many standard deviations.
constexpr double kLowerBoundSds = 2.0;
// Points of each axis scanned for the recommendation's interval.
constexpr int kAxisPoints = 201;
constexpr double kShownWorse = 1.96;

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

// A robust spread (the median absolute deviation, scaled to a standard deviation): a few draws
// of an ill-determined model land in the corners and would inflate a plain one.
double robust_spread(std::vector<double> v) {
  if (v.empty()) return 0.0;
  const auto middle = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), middle, v.end());
  const double median = *middle;
  for (double& x : v) x = std::abs(x - median);
  std::nth_element(v.begin(), middle, v.end());
  return 1.4826 * *middle;
}

}  // namespace

QuadraticSurrogate::QuadraticSurrogate(int dims, double region_scale)
    : QuadraticSurrogate(dims, region_scale,
                         std::vector<double>(static_cast<std::size_t>(dims), 0.0),
                         std::vector<double>(static_cast<std::size_t>(dims), 1.0)) {}

QuadraticSurrogate::QuadraticSurrogate(int dims, double region_scale, std::vector<double> centre,
                                       std::vector<double> half_width)
    : dims_(dims),
      region_scale_(region_scale),
      model_(dims),
      centre_(std::move(centre)),
      half_width_(std::move(half_width)) {}

void QuadraticSurrogate::update(std::vector<Sample>& samples) {
  const int n = static_cast<int>(samples.size());
  if (n < results_before_fit()) return;
  if (n - last_fit_size_ >= std::max(1, static_cast<int>(kRefitFraction * n))) refit(samples);
}

std::vector<double> QuadraticSurrogate::propose(const UnitSource& unit) const {
  std::vector<double> u(centre_.size());
  for (std::size_t k = 0; k < u.size(); ++k)
    u[k] = std::clamp(centre_[k] + half_width_[k] * (2.0 * unit() - 1.0), -1.0, 1.0);
  return u;
}

void QuadraticSurrogate::weigh(std::vector<Sample>& samples) const {
  const double radius2 = static_cast<double>(dims_);  // (sqrt(d) half-widths)^2
  for (Sample& s : samples) {
    double z2 = 0.0;
    for (std::size_t k = 0; k < centre_.size(); ++k) {
      const double z = (s.u[k] - centre_[k]) / half_width_[k];
      z2 += z * z;
    }
    z2 /= radius2;
    s.weight = z2 > 40.0 ? 0.0 : std::exp(-0.5 * z2);
  }
}

double QuadraticSurrogate::scheduled_half_width(int n) const {
  return std::min(1.0, region_scale_ * std::pow(static_cast<double>(n), -kRegionExponent));
}

void QuadraticSurrogate::refit(std::vector<Sample>& samples) {
  weigh(samples);
  model_.fit(samples);
  last_fit_size_ = static_cast<int>(samples.size());

  // The new centre: the model's maximum, at most one half-width away from the old centre.
  const std::vector<double> top = maximise_in_box(model_.beta(), dims_);
  for (std::size_t k = 0; k < centre_.size(); ++k)
    centre_[k] = std::clamp(top[k], centre_[k] - half_width_[k], centre_[k] + half_width_[k]);

  // The new half-width: the schedule, but not below twice the optimum's posterior spread.
  const double scheduled = scheduled_half_width(last_fit_size_);
  std::mt19937_64 rng(static_cast<std::uint64_t>(last_fit_size_));
  std::vector<std::vector<double>> draws(centre_.size());
  for (int i = 0; i < kSpreadDraws; ++i) {
    const auto u = maximise_in_box(posterior_draw(model_, rng), dims_);
    for (std::size_t k = 0; k < u.size(); ++k) draws[k].push_back(u[k]);
  }
  for (std::size_t k = 0; k < centre_.size(); ++k) {
    const double wanted = std::max(scheduled, kSpreadFactor * robust_spread(draws[k]));
    half_width_[k] = std::clamp(std::min(wanted, kRegionGrowth * half_width_[k]), 1e-3, 1.0);
  }
}

const std::vector<double>& QuadraticSurrogate::best_lower_bound(
    const std::vector<Sample>& samples) const {
  if (best_fit_ == last_fit_size_) return best_;
  const auto lower_bound = [&](const std::vector<double>& u) {
    return model_.value(u) - kLowerBoundSds * model_.value_sd(u);
  };
  // Ties keep the earlier candidate: the centre first, so a flat model changes nothing.
  const std::vector<double>* best = &centre_;
  double top = lower_bound(centre_);
  const std::size_t played = std::min(samples.size(), static_cast<std::size_t>(last_fit_size_));
  for (std::size_t i = 0; i < played; ++i) {
    const double value = lower_bound(samples[i].u);
    if (value > top) {
      top = value;
      best = &samples[i].u;
    }
  }
  best_ = *best;
  best_fit_ = last_fit_size_;
  return best_;
}

Recommendation QuadraticSurrogate::recommend(const std::vector<Sample>& samples) const {
  Recommendation r;
  r.point = best_lower_bound(samples);
  const double q = model_.value(r.point);
  const double sd = model_.value_sd(r.point);
  r.win_rate = logistic(q);
  r.win_rate_low = logistic(q - 1.96 * sd);
  r.win_rate_high = logistic(q + 1.96 * sd);
  // Along each axis: the extent of the points not shown worse than the recommended one.
  for (std::size_t k = 0; k < r.point.size(); ++k) {
    double low = r.point[k], high = r.point[k];
    std::vector<double> u = r.point;
    for (int i = 0; i < kAxisPoints; ++i) {
      u[k] = -1.0 + 2.0 * i / (kAxisPoints - 1);
      const double difference = q - model_.value(u);
      if (difference < kShownWorse * model_.difference_sd(r.point, u)) {
        low = std::min(low, u[k]);
        high = std::max(high, u[k]);
      }
    }
    r.low.push_back(low);
    r.high.push_back(high);
  }
  return r;
}

nlohmann::json QuadraticSurrogate::state() const {
  return {{"beta", model_.beta()},
          {"covariance", model_.covariance()},
          {"centre", centre_},
          {"half_width", half_width_},
          {"last_fit_size", last_fit_size_}};
}

bool QuadraticSurrogate::restore(const nlohmann::json& state, std::vector<Sample>& samples) {
  const auto centre = state.at("centre").get<std::vector<double>>();
  const auto half_width = state.at("half_width").get<std::vector<double>>();
  const int last_fit_size = state.at("last_fit_size").get<int>();
  const std::size_t d = static_cast<std::size_t>(dims_);
  if (last_fit_size < 0 || last_fit_size > static_cast<int>(samples.size())) return false;
  if (centre.size() != d || half_width.size() != d) return false;
  for (std::size_t k = 0; k < d; ++k)
    if (!(centre[k] >= -1.0 && centre[k] <= 1.0 && half_width[k] > 0.0 && half_width[k] <= 1.0))
      return false;
  QuadraticModel model(dims_);
  if (last_fit_size > 0 && !model.restore(state.at("beta").get<std::vector<double>>(),
                                          state.at("covariance").get<std::vector<double>>()))
    return false;
  model_ = std::move(model);
  // Before the first fit the region is the one this search was made with: a start changed
  // between runs decides the first region as it decides the rest of the opening.
  if (last_fit_size > 0) {
    centre_ = centre;
    half_width_ = half_width;
  }
  last_fit_size_ = last_fit_size;
  best_fit_ = -1;
  // The weights are set afresh by the next refit; the last fit's are only in its coefficients.
  return true;
}

SurrogateReport QuadraticSurrogate::report(const std::vector<std::string>& codes,
                                           const PointFormatter& format) const {
  std::vector<double> low, high;
  for (std::size_t k = 0; k < centre_.size(); ++k) {
    low.push_back(std::max(-1.0, centre_[k] - half_width_[k]));
    high.push_back(std::min(1.0, centre_[k] + half_width_[k]));
  }
  std::string text = "Sampling region: " + format(low) + " to " + format(high) + "\n";
  text +=
      "Model: logit of the win probability, quadratic in u (each parameter scaled to [-1, 1])\n";
  const auto names = coefficient_names(codes);
  const auto& beta = model_.beta();
  const auto& cov = model_.covariance();
  const std::size_t p = beta.size();
  nlohmann::json coefficients = nlohmann::json::array();
  for (std::size_t i = 0; i < p; ++i) {
    const double sd = std::sqrt(std::max(0.0, cov[i * p + i]));
    char line[128];
    std::snprintf(line, sizeof line, "  %-16s %+.4f ± %.4f\n", names[i].c_str(), beta[i], sd);
    text += line;
    coefficients.push_back({{"term", names[i]}, {"value", beta[i]}, {"sd", sd}});
  }
  return {text,
          {{"kind", "quadratic"},
           {"coefficients", coefficients},
           {"fitted_on", last_fit_size_},
           {"sampling_low", format(low)},
           {"sampling_high", format(high)}}};
}

}  // namespace rm::comp::model
