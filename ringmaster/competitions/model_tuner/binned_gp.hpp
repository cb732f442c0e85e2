// A Gaussian-process model of the win rate of one parameter, for the model_tuner's search in one
// dimension: the normalised range [-1, 1] is cut into equal bins, each keeps its games and wins,
// and the logit of the win rate over the bins is a Gaussian process (constant mean: the logit of
// all games' win rate; Matérn 5/2 covariance) fitted to the binomial counts by the Laplace
// approximation. Its length scale and amplitude are chosen from a small grid by the approximate
// marginal likelihood, again each time the games have grown by a quarter.
//
// Why, beside the quadratic: a quadratic fitted around the current region sees only a local
// slope, and on a win rate that is nearly flat over much of the range (or kinked, or at a cliff)
// it can settle far from the optimum and never see enough to leave. The process has no shape to
// be wrong about and sees the whole range, so its Thompson draws send games wherever the optimum
// may still be, and it can tell when the quadratic's region is confidently worse than its own
// best bin. Pure numerics, deterministic: no I/O, the caller supplies the uniform numbers.
#pragma once

#include <cmath>
#include <memory>
#include <numbers>
#include <vector>

namespace rm::comp::model {

class BinnedGp {
 public:
  struct Hyper {
    double length = 0.4;     // in normalised units (the range is 2 wide)
    double amplitude = 1.0;  // standard deviation of the logit around its mean
    int chosen_at = 0;       // games counted when they were chosen (0: not yet)
  };

  explicit BinnedGp(int bins = 64);

  int bins() const { return bins_; }
  int bin_of(double u) const;
  double centre_of(int bin) const;
  // A result at u (y: 1 won, 0.5 no winner, 0 lost).
  void add(double u, double y);
  double games() const;

  // Refits the posterior to the counts so far (choosing the hyperparameters first when the games
  // have grown by a quarter since they were last chosen), warm-started from the last fit.
  void fit();
  bool fitted() const { return fitted_; }
  const Hyper& hyper() const { return hyper_; }
  // The fitted logit per bin, less the mean (what a stored state keeps).
  const std::vector<double>& latent() const { return latent_; }
  // Whether stored values can be a fit of this process: positive hyperparameters, a chosen_at
  // that is not negative, and one finite value per bin.
  bool accepts_fit(const Hyper& hyper, const std::vector<double>& latent) const;
  // Restores a fit from a stored state, to the counts added so far: exactly the posterior the
  // fit had, so the next choices and fits are the same. False if accepts_fit() refuses the
  // values or the posterior cannot be factorised at them.
  bool restore_fit(const Hyper& hyper, std::vector<double> latent);

  // The bin of the posterior mean's maximum.
  int best_bin() const;
  // The bin of the maximum of the posterior mean averaged over the whole hyperparameter grid,
  // each fit weighted by its approximate marginal likelihood (Bayesian model averaging), for
  // the counts of the last fit. Why: several choices often explain the games about equally well
  // (with few games or a small effect, or a kink that a short length scale fits and a long one
  // smooths), the single best one changes from fit to fit, and so does its maximum; the
  // average's maximum depends less on that choice (docs/model-tuner-research.md, step 6, has the
  // figures). It costs the grid's 30 fits, so it is computed on first use after each fit.
  int averaged_best_bin() const;
  // The win rate at a bin's fitted logit (the posterior mode).
  double win_rate(int bin) const;
  // The posterior standard deviation of a bin's logit.
  double logit_sd(int bin) const;
  // (f(a) - f(b)) / sd(f(a) - f(b)) under the posterior.
  double difference_z(int a, int b) const;
  // The maximum of one draw from the posterior (Thompson sampling); `unit` gives uniform numbers
  // in [0, 1), bins() of them.
  template <typename Unit>
  int thompson_bin(Unit&& unit) const {
    std::vector<double> z(static_cast<std::size_t>(bins_));
    for (std::size_t i = 0; i < z.size(); i += 2) {  // Box-Muller
      const double r = std::sqrt(-2.0 * std::log(1.0 - unit()));
      const double angle = 2.0 * std::numbers::pi * unit();
      z[i] = r * std::cos(angle);
      if (i + 1 < z.size()) z[i + 1] = r * std::sin(angle);
    }
    return draw_maximum(z);
  }

 private:
  // A prior covariance over the bins (the Matérn kernel, with a little jitter on the diagonal)
  // and its Cholesky factor (for the marginal likelihood).
  struct PriorCovariance {
    std::vector<double> kernel, factor;
    bool factored = false;
  };
  static PriorCovariance prior_covariance(int bins, double length, double amplitude);
  static const std::vector<PriorCovariance>& grid_covariances(int bins);

  int draw_maximum(const std::vector<double>& normals) const;
  void set_mean();
  // Points prior_ at the covariance for these hyperparameters (the grid's own, shared, or one
  // built for this process when a stored state holds other values).
  void set_prior(double length, double amplitude);
  // root_w_ and b_factor_ at latent_; false if the factorisation fails.
  bool factorise();
  // The Laplace fit for the given hyperparameters, from latent_; leaves the mode in latent_ and
  // the factors for the posterior in place. Returns the approximate log marginal likelihood if
  // wanted (it costs another factorisation), else 0; minus infinity if the fit failed.
  double laplace(double length, double amplitude, bool want_likelihood);
  void posterior_covariance();
  // After a fit or a restored fit: the counts it saw, for averaged_best_bin().
  void remember_fitted_counts();

  int bins_;
  std::vector<double> wins_, games_;
  double mean_ = 0.0;
  Hyper hyper_;
  bool fitted_ = false;
  std::vector<double> latent_;                // posterior mode of the logit minus the mean, per bin
  const std::vector<PriorCovariance>* grid_;  // the grid's covariances for bins_ bins
  const PriorCovariance* prior_ = nullptr;    // the covariance of the current fit
  std::shared_ptr<PriorCovariance> own_prior_;      // prior_ when it is not the grid's
  std::vector<double> root_w_;                      // sqrt of the likelihood's curvature per bin
  std::vector<double> b_factor_;                    // Cholesky factor of I + W^1/2 K W^1/2
  std::vector<double> covariance_;                  // posterior covariance of the latent values
  std::vector<double> draw_factor_;                 // its Cholesky factor (for draws)
  std::vector<double> fitted_wins_, fitted_games_;  // the counts of the last fit
  mutable int averaged_best_ = -1;                  // averaged_best_bin(); -1: not yet
};

}  // namespace rm::comp::model
