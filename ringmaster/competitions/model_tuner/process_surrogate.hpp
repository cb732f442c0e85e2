// The surrogate for one parameter: a Gaussian process over the whole range (binned_gp.hpp).
// It proposes the maximum of a posterior draw (Thompson sampling: a point gets games in
// proportion to the chance that it is the best), and recommends the best bin of the posterior
// mean averaged over the hyperparameters. Why a process and not a quadratic: it has no shape to
// be wrong about, so a plateau, a kink, a cliff or a second hill does not pull it off the
// optimum (docs/model-tuner-research.md, "The rebuild", has the ablation).
#pragma once

#include "ringmaster/competitions/model_tuner/binned_gp.hpp"
#include "ringmaster/competitions/model_tuner/surrogate.hpp"

namespace rm::comp::model {

class ProcessSurrogate final : public Surrogate {
 public:
  ProcessSurrogate();

  void update(std::vector<Sample>& samples) override;
  bool fitted() const override { return gp_.fitted(); }
  int results_before_fit() const override { return kFirstFit; }
  std::vector<double> propose(const UnitSource& unit) const override;
  Recommendation recommend(const std::vector<Sample>& samples) const override;
  nlohmann::json state() const override;
  bool restore(const nlohmann::json& state, std::vector<Sample>& samples) override;
  SurrogateReport report(const std::vector<std::string>& codes,
                         const PointFormatter& format) const override;

  const BinnedGp& process() const { return gp_; }
  int fitted_on() const { return fitted_on_; }

  static constexpr int kBins = 64;
  static constexpr int kFirstFit = 30;  // results before the first fit
  // Refitted once the results have grown by this fraction (at least one): a fit costs a few
  // Newton steps over 64 bins, so this keeps the cost per game flat.
  static constexpr double kRefitFraction = 0.02;

 private:
  BinnedGp gp_{kBins};
  int fitted_on_ = 0;  // the number of results of the last fit
};

}  // namespace rm::comp::model
