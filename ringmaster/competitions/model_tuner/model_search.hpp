// The model-based search of the model_tuner (in the spirit of Coulom's CLOP). Every result is a
// sample (normalised point u in [-1, 1]^d, outcome y). The search keeps a region: a centre c
// (the estimated optimum) and a half-width h_k per parameter. The next point is drawn
// uniformly from the region (clipped to the box), so games go where the optimum is likely to be
// and spread enough to measure the curvature there. After each refit a quadratic logistic model
// is fitted to every sample, weighted by a Gaussian kernel around the region (older samples from
// wider regions fade out, so the fit is local and a non-quadratic shape far from the optimum
// does not bias it); the new centre is the model's maximum, moved at most one half-width; the
// half-width shrinks as n^(-1/6) (the bias-variance balance of a local quadratic fit) but never
// below twice the posterior spread of the optimum, so the region stays wide while the model is
// unsure where the optimum is. With one parameter a Gaussian process over the whole range
// (binned_gp.hpp) also chooses a share of the games and moves the region off plateaus (see
// SearchSettings::thompson_share), and a bandit over coarse cells of the range chooses another
// share, so that the whole range keeps a balanced share of the games (SearchSettings::cell_share).
// Deterministic: the caller supplies the random generator for each choice. Algorithm and
// settings: docs/model-tuner.md.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "ringmaster/competitions/model_tuner/binned_gp.hpp"
#include "ringmaster/competitions/model_tuner/cell_bandit.hpp"
#include "ringmaster/competitions/model_tuner/quadratic_model.hpp"
#include "ringmaster/competitions/ucb.hpp"

namespace rm::comp::model {

struct SearchSettings {
  int dims = 1;
  // The region's half-width is region_scale * n^(-1/6) (n results so far), at most 1 (the box).
  double region_scale = 1.0;
  double region_exponent = 1.0 / 6.0;
  // Games played at uniformly random points in the whole box before the first fit.
  int initial_random_games = 0;  // 0: 3 per coefficient
  // Refit after this fraction of new results (at least one).
  double refit_fraction = 0.01;
  // Posterior draws used for the spread of the optimum at each refit.
  int spread_draws = 64;
  double spread_factor = 2.0;
  // The half-width grows at most by this factor per refit.
  double region_growth = 1.1;
  double averaging = 0.05;
  // The estimate follows the maximum of a second fit, with a kernel this fraction of the
  // region's in one dimension (its d-th root in d; 0: the region's centre itself), once
  // estimate_fit_from results are in. Why: a
  // quadratic fitted over the whole region is biased where the win rate is not quadratic (a
  // kink, an asymmetric peak) by an amount that grows with the width; the region must stay
  // wide enough to measure the curvature, but the estimate can come from a narrower fit.
  double estimate_kernel = 0.7;
  int estimate_fit_from = 500;
  // The share of games drawn from a region explore_width times as wide (clipped to the box),
  // until explore_until results; after that the share falls as explore_until / n. Why: a
  // local fit of the first few hundred noisy games can settle on a spurious peak of a flat
  // slope, and the kernel then ignores everything outside; the wider games keep the early
  // fits global enough to find the real one. Later they would only add the bias of a wide fit.
  double explore_fraction = 0.0;
  double explore_width = 3.0;
  int explore_until = 500;
  // One parameter only: a Gaussian process over the whole range (binned_gp.hpp) is refitted
  // with the quadratic once gp_from results are in. A share thompson_share of the games goes to
  // the maximum of a draw from it (Thompson sampling) instead of the region, and from guard_from
  // results on, when its best bin is better than the region's centre by guard_z standard
  // deviations, the region and the estimate move there. Why: the quadratic's local view can
  // settle on a plateau, a kink or the wrong side of a cliff; the process sees the whole range.
  double thompson_share = 0.3;
  double guard_z = 2.0;
  int gp_from = 30;
  int guard_from = 100;
  int gp_bins = 64;
  // The process is refitted (at a refit of the quadratic) once the results have grown by this
  // fraction since its last fit: it costs more than the quadratic's fit.
  double gp_refit_fraction = 0.02;
  // Once the process is fitted, the recommended point (best()) is this mix of the process's best
  // bin (averaged over its hyperparameters: BinnedGp::averaged_best_bin) and the quadratic's
  // estimate. Why: both are pulled off the optimum by a non-quadratic shape (the quadratic by
  // its form, the process by its smoothing), but not by the same noise, so their midpoint is
  // nearer on average (docs/model-tuner.md, step 6).
  double process_estimate_weight = 0.5;
  // One parameter only, from flat_top_from results on, while the region is a flat top (held
  // wider than its schedule by its floor: the quadratic cannot place the optimum to within the
  // scheduled width), a share flat_top_thompson_share of the games the cell bandit leaves goes
  // to Thompson sampling instead of thompson_share, and the recommendation weighs the process's
  // best bin flat_top_process_weight instead of process_estimate_weight. Why: on a top that
  // flat the region's uniform games measure a curvature that is hardly there, and a quadratic
  // fitted across an asymmetric top (a gentle rise to a cliff) has its maximum on the gentle
  // side; the process's draws put the games where the optimum may be, and its best bin is
  // pulled less. A sharp top keeps the region on its schedule, so nothing changes there
  // (docs/model-tuner.md, step 6).
  int flat_top_from = 2000;
  double flat_top_thompson_share = 1.0;
  double flat_top_process_weight = 0.75;
  // One parameter only: a share cell_share of the games is chosen by a bandit over `cells` equal
  // cells of the range (cell_bandit.hpp says how and why), at a uniform point of the chosen
  // cell; these games are drawn before the process's.
  double cell_share = 0.2;
  int cells = 8;
  double cell_exploration = kSampleExplorationCoefficient;
  // Without the process (two or more parameters, or thompson_share 0), the recommended point
  // (best()) is the one whose model value has the highest lower bound, q(u) - kappa * sd(q(u)),
  // among the quadratic's estimate, the region's centre and every point played before the last
  // fit. Why: early on (a few hundred games a parameter) a fit that is not concave puts its
  // maximum, and the region's centre or the estimate after it, far from every game played, on
  // a ridge's steep side or in a corner; the lower bound is low wherever the model has no
  // games to stand on, so a point it has seen played wins (docs/model-tuner.md, step 5).
  double recommendation_kappa = 2.0;
};

// What a stored state keeps of the whole-range process (SearchSettings::thompson_share).
struct StoredProcess {
  BinnedGp::Hyper hyper;
  std::vector<double> latent;
  int fitted_on = 0;  // the number of results it was fitted to
  int relocations = 0;
};

// The current estimate of the optimum.
struct Estimate {
  std::vector<double> optimum;                     // normalised coordinates
  double win_rate = 0.5;                           // model's win probability at the optimum
  double win_rate_low = 0.0, win_rate_high = 1.0;  // 95% interval of the model's value
  std::vector<double> optimum_low, optimum_high;   // 95% region per coordinate (posterior draws)
};

class ModelSearch {
 public:
  explicit ModelSearch(SearchSettings settings);

  const SearchSettings& settings() const { return settings_; }
  int initial_random_games() const;

  // The point for the next game; `unit` gives uniform numbers in [0, 1).
  template <typename Unit>
  std::vector<double> choose(Unit&& unit) const {
    if (cells_ && unit() < settings_.cell_share) {
      const int cell = cells_->cell_to_play();
      return {cells_->point_in(cell, unit())};
    }
    if (gp_ && gp_->fitted() &&
        unit() < (flat_top() ? settings_.flat_top_thompson_share : settings_.thompson_share)) {
      const int bin = gp_->thompson_bin(unit);
      const double half_bin = 1.0 / gp_->bins();
      return {std::clamp(gp_->centre_of(bin) + half_bin * (2.0 * unit() - 1.0), -1.0, 1.0)};
    }
    const double width = settings_.explore_fraction > 0.0 && unit() < exploration_share()
                             ? settings_.explore_width
                             : 1.0;
    std::vector<double> u(centre_.size());
    for (std::size_t k = 0; k < u.size(); ++k)
      u[k] = std::clamp(centre_[k] + width * half_width_[k] * (2.0 * unit() - 1.0), -1.0, 1.0);
    return u;
  }
  // Whether the region is now a flat top (see SearchSettings::flat_top_from): a function of the
  // stored state (the number of results at the last fit and the half-width), so a resumed run
  // agrees.
  bool flat_top() const;
  // The share of the next games drawn from the wider region (see SearchSettings).
  double exploration_share() const;
  // A result; refits when due (deterministic in the order of results).
  void add(std::vector<double> u, double y);

  // The quadratic's estimate of the optimum: the maximum of the narrower fit (see
  // estimate_kernel; early on the region's centre), averaged over the recent refits (each
  // refit moves it by `averaging` of the way), which removes most of the fits' jitter.
  const std::vector<double>& quadratic_estimate() const { return estimate_; }
  // The recommended point: with the process fitted (one parameter), the quadratic's estimate
  // mixed with the process's best bin (see process_estimate_weight and flat_top_from);
  // without it, the point with the best lower bound (see recommendation_kappa).
  std::vector<double> best() const;
  const std::vector<double>& centre() const { return centre_; }
  const std::vector<double>& half_width() const { return half_width_; }
  // best() with the model's win rate and interval there, and the optimum's 95% region from
  // `draws` posterior draws of the model (deterministic: a fixed generator).
  Estimate estimate(int draws = 400) const;

  const std::vector<Sample>& samples() const { return samples_; }
  const QuadraticModel& model() const { return model_; }
  int last_fit_size() const { return last_fit_size_; }
  // The whole-range process (one parameter only; null otherwise).
  const BinnedGp* process() const { return gp_ ? &*gp_ : nullptr; }
  // How often the process moved the region (see SearchSettings::guard_z).
  int relocations() const { return relocations_; }
  // The number of results the process was last fitted to.
  int process_fit_size() const { return process_fit_size_; }
  // Restores a stored state: samples in result order, the model, the region and when it was
  // last fitted (`estimate` is quadratic_estimate()). Returns false if they do not fit the
  // settings (then nothing changes).
  // The process is restored to the samples of the last fit with its stored fit (refitted
  // afresh if there is none, as in a state written before it existed).
  bool restore(std::vector<Sample> samples, std::vector<double> beta,
               std::vector<double> covariance, std::vector<double> centre,
               std::vector<double> half_width, std::vector<double> estimate, int last_fit_size,
               std::optional<StoredProcess> process = std::nullopt);

 private:
  void refit();
  // The half-width's schedule after n results: region_scale * n^(-region_exponent), at most 1.
  double scheduled_half_width(int n) const;
  // Each sample's weight: a Gaussian kernel around the region's centre, with standard
  // deviation kernel_scale times the half-width per parameter.
  void weigh_samples(double kernel_scale);
  // Where the estimate moves towards after a refit (see estimate_kernel).
  std::vector<double> estimate_target();
  // Refits the process and moves the region to its best bin when that is confidently better.
  void refit_process();
  SearchSettings settings_;
  std::vector<Sample> samples_;
  QuadraticModel model_;
  std::vector<double> centre_;
  std::vector<double> half_width_;
  std::vector<double> estimate_;
  int last_fit_size_ = 0;
  std::optional<BinnedGp> gp_;
  int relocations_ = 0;
  int process_fit_size_ = 0;
  std::optional<CellBandit> cells_;  // one parameter only (SearchSettings::cell_share)
  // best() without the process, for the fit of last_fit_size_ results (-1: not yet computed):
  // it costs a pass over the samples, and the status line asks for it often.
  const std::vector<double>& best_lower_bound() const;
  mutable std::vector<double> best_lower_bound_;
  mutable int best_lower_bound_fit_ = -1;
};

// One draw from the coefficients' posterior N(beta, covariance).
std::vector<double> posterior_draw(const QuadraticModel& model, std::mt19937_64& rng);

}  // namespace rm::comp::model
