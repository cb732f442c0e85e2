#include "ringmaster/simulation/loss_summary.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rm::simulation {

LossSummary summarise_losses(std::vector<double> losses, double threshold) {
  if (losses.empty()) throw std::invalid_argument("no runs to summarise");
  LossSummary s;
  s.mean = mean_and_error(losses);
  std::sort(losses.begin(), losses.end());
  const std::size_t n = losses.size();
  s.median = n % 2 == 1 ? losses[n / 2] : (losses[n / 2 - 1] + losses[n / 2]) / 2.0;
  const auto rank = static_cast<std::size_t>(std::ceil(0.95 * static_cast<double>(n)));
  s.p95 = losses[std::max<std::size_t>(rank, 1) - 1];
  s.threshold = threshold;
  const auto within =
      std::count_if(losses.begin(), losses.end(), [&](double loss) { return loss <= threshold; });
  s.within_share = static_cast<double>(within) / static_cast<double>(n);
  return s;
}

}  // namespace rm::simulation
