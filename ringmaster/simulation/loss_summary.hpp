// The summary `ringmaster FILE simulate` prints: the true Elo lost by the tuner's final
// recommendation over the runs, and the share of runs that lost no more than a threshold.
#pragma once

#include <vector>

#include "ringmaster/simulation/paired.hpp"

namespace rm::simulation {

struct LossSummary {
  MeanAndError mean;
  double median = 0.0;
  double p95 = 0.0;           // the nearest-rank 95th percentile
  double threshold = 0.0;     // Elo
  double within_share = 0.0;  // of runs losing at most `threshold`
};

// Throws std::invalid_argument for no losses.
LossSummary summarise_losses(std::vector<double> losses, double threshold);

}  // namespace rm::simulation
