// The surrogate for two or more parameters: a quadratic logistic model (quadratic_model.hpp),
// fitted around a region that follows it (in the spirit of Coulom's CLOP). The region is a
// centre (the model's maximum, moved at most one half-width per refit) and a half-width per
// parameter; it proposes uniform points of the region, so games go where the optimum is likely
// to be and spread enough to measure the curvature there. Each refit weighs every sample by a
// Gaussian kernel around the region, so the fit is local and a non-quadratic shape far away
// does not bias it; the kernel's radius is the half-width times sqrt(d), so that a sample of
// the region weighs the same whatever d (a narrower one left too few samples in 5-D, and the
// region wandered with the noise of its own fits). The half-width shrinks as n^(-1/6) (the
// bias-variance balance of a local quadratic fit) but never below twice the posterior spread
// of the optimum. The recommendation is the point with the best lower bound of the model's
// value among the estimate, the centre and the points played: a fit that is not yet concave
// puts its maximum where no game was played, and there the lower bound is low.
#pragma once

#include "ringmaster/competitions/model_tuner/surrogate.hpp"

namespace rm::comp::model {

class QuadraticSurrogate final : public Surrogate {
 public:
  // region_scale: the half-width is region_scale * n^(-1/6) at most (the user's setting); the
  // region before the first fit: the whole box, or the one given (a user's start).
  QuadraticSurrogate(int dims, double region_scale);
  QuadraticSurrogate(int dims, double region_scale, std::vector<double> centre,
                     std::vector<double> half_width);

  void update(std::vector<Sample>& samples) override;
  bool fitted() const override { return last_fit_size_ > 0; }
  int results_before_fit() const override { return 3 * coefficient_count(dims_); }
  std::vector<double> propose(const UnitSource& unit) const override;
  Recommendation recommend(const std::vector<Sample>& samples) const override;
  nlohmann::json state() const override;
  bool restore(const nlohmann::json& state, std::vector<Sample>& samples) override;
  SurrogateReport report(const std::vector<std::string>& codes,
                         const PointFormatter& format) const override;

  const QuadraticModel& model() const { return model_; }
  const std::vector<double>& centre() const { return centre_; }
  const std::vector<double>& half_width() const { return half_width_; }
  int last_fit_size() const { return last_fit_size_; }

 private:
  void refit(std::vector<Sample>& samples);
  double scheduled_half_width(int n) const;
  void weigh(std::vector<Sample>& samples) const;
  // The recommended point for the fit of last_fit_size_ results (see the header comment).
  const std::vector<double>& best_lower_bound(const std::vector<Sample>& samples) const;

  int dims_;
  double region_scale_;
  QuadraticModel model_;
  std::vector<double> centre_, half_width_;
  int last_fit_size_ = 0;
  // best_lower_bound() for the fit of best_fit_ results: it costs a pass over the samples.
  mutable std::vector<double> best_;
  mutable int best_fit_ = -1;
};

}  // namespace rm::comp::model
