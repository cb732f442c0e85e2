#include "ringmaster/report/html/game_series.hpp"

#include <algorithm>
#include <cmath>

#include "ringmaster/stats/wilson.hpp"

namespace rm::report::html {

std::vector<std::size_t> checkpoints(std::size_t n, std::size_t max_points) {
  std::vector<std::size_t> out;
  if (n == 0) return out;
  const std::size_t stride = std::max<std::size_t>(1, (n + max_points - 1) / max_points);
  for (std::size_t k = stride; k < n; k += stride) out.push_back(k);
  out.push_back(n);
  return out;
}

std::vector<rm::svg::Point> cumulative_rate(const std::vector<double>& scores,
                                            const std::vector<double>& xs) {
  std::vector<rm::svg::Point> points;
  double total = 0.0;
  std::size_t done = 0;
  for (std::size_t count : checkpoints(scores.size())) {
    for (; done < count; ++done) total += scores[done];
    const double rate = total / static_cast<double>(count);
    const auto interval =
        rm::stats::wilson_interval_of_proportion(rate, static_cast<double>(count));
    rm::svg::Point p;
    p.x = xs.size() >= count ? xs[count - 1] : static_cast<double>(count);
    p.y = rate;
    p.y_low = interval.lower;
    p.y_high = interval.upper;
    points.push_back(p);
  }
  return points;
}

std::optional<double> as_number(const nlohmann::json& value) {
  if (value.is_number()) return value.get<double>();
  return std::nullopt;
}

bool wants_log_axis(const std::vector<double>& values) {
  if (values.empty()) return false;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  return *lo > 0.0 && *hi / *lo >= 10.0;
}

}  // namespace rm::report::html
