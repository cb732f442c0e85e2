#include "ringmaster/report/svg/axis.hpp"

#include <algorithm>
#include <cmath>

#include "ringmaster/report/svg/svg_text.hpp"

namespace rm::svg {
namespace {

// Every axis stays within these magnitudes and at least this relative width, whatever its data:
// a tick step is then always many ulps wide, and the number of ticks is bounded (a range
// narrower than a double can step once made the tick loop endless).
constexpr double kMaxMagnitude = 1e300;
constexpr double kMinLogValue = 1e-300;
constexpr double kMinRelativeSpan = 1e-9;
constexpr double kMinSpan = 1e-290;
// More ticks than this (a stretched step) give way to the two ends labelled.
constexpr long kMaxTicks = 64;

int decimals_for(double step) {
  if (!(step > 0.0)) return 0;
  const double digits = -std::floor(std::log10(step) + 1e-9);
  return digits > 0 ? static_cast<int>(digits) : 0;
}

// A label for a value whose plain decimal form would be unreadably long.
bool extreme(double value, int decimals) {
  return decimals > 12 || std::fabs(value) >= 1e15;
}

std::string label(double value, int decimals) {
  if (extreme(value, decimals)) return format_general(value);
  return format_number(value, decimals);
}

}  // namespace

double nice_step(double lo, double hi, int max_ticks) {
  const double span = hi - lo;
  if (!(span > 0.0) || !std::isfinite(span) || max_ticks < 2) return 1.0;
  const double rough = span / (max_ticks - 1);
  const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
  for (double factor : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (factor * magnitude >= rough) return factor * magnitude;
  return 10.0 * magnitude;
}

Axis::Axis(double lo, double hi, bool log_scale) : lo_(lo), hi_(hi), log_(log_scale) {
  if (!std::isfinite(lo_) || !std::isfinite(hi_)) lo_ = 0.0, hi_ = 1.0;
  lo_ = std::clamp(lo_, -kMaxMagnitude, kMaxMagnitude);
  hi_ = std::clamp(hi_, -kMaxMagnitude, kMaxMagnitude);
  if (lo_ > hi_) std::swap(lo_, hi_);
  if (log_ && !(lo_ > 0.0)) log_ = false;
  if (log_) {
    lo_ = std::max(lo_, kMinLogValue);
    hi_ = std::max(hi_, lo_);
    if (hi_ / lo_ < 1.0 + kMinRelativeSpan) {  // empty, or too narrow to step through
      const double mid = std::sqrt(lo_) * std::sqrt(hi_);
      lo_ = mid * 0.5;
      hi_ = mid * 1.5;
    }
    return;
  }
  const double magnitude = std::max(std::fabs(lo_), std::fabs(hi_));
  const double min_span = std::max(magnitude * kMinRelativeSpan, kMinSpan);
  if (hi_ - lo_ < min_span) {
    const double mid = lo_ / 2 + hi_ / 2;
    const double pad = lo_ == hi_ ? std::max(std::fabs(mid) * 0.1, 0.5) : min_span;
    lo_ = mid - pad;
    hi_ = mid + pad;
  }
}

void Axis::extend_to_ticks(int max_ticks) {
  if (log_) {
    lo_ = std::max(std::pow(10.0, std::floor(std::log10(lo_) + 1e-9)), kMinLogValue);
    hi_ = std::min(std::pow(10.0, std::ceil(std::log10(hi_) - 1e-9)), kMaxMagnitude);
    if (!(hi_ > lo_)) hi_ = lo_ * 10;
    return;
  }
  const double step = nice_step(lo_, hi_, max_ticks);
  const double lo = std::floor(lo_ / step + 1e-9) * step;
  const double hi = std::ceil(hi_ / step - 1e-9) * step;
  if (std::isfinite(lo) && std::isfinite(hi) && hi > lo) lo_ = lo, hi_ = hi;
}

double Axis::map(double value, double p0, double p1) const {
  double t;
  if (log_)
    t = value > 0.0 ? (std::log(value) - std::log(lo_)) / (std::log(hi_) - std::log(lo_)) : -0.05;
  else
    t = (value - lo_) / (hi_ - lo_);
  if (!std::isfinite(t)) t = value > 0 ? 1.05 : -0.05;
  t = std::clamp(t, -0.05, 1.05);
  return p0 + t * (p1 - p0);
}

std::vector<Tick> Axis::ticks(int max_ticks) const {
  std::vector<Tick> out;
  std::vector<Tick> ends{{lo_, label(lo_, decimals_for(std::fabs(lo_) / 10))},
                         {hi_, label(hi_, decimals_for(std::fabs(hi_) / 10))}};
  if (log_) {
    // 1, 2, 5 times each power of ten, thinned to the 1s, then to every k-th decade.
    const int first = static_cast<int>(std::floor(std::log10(lo_)));
    const int last = static_cast<int>(std::ceil(std::log10(hi_)));
    const int decades = last - first + 1;
    const int stride = std::max(1, (decades + max_ticks - 1) / std::max(max_ticks, 1));
    for (const auto& factors : {std::vector<double>{1, 2, 5}, std::vector<double>{1}}) {
      out.clear();
      for (int e = first; e <= last; e += stride)
        for (double f : factors) {
          const double v = f * std::pow(10.0, e);
          if (v >= lo_ * (1 - 1e-9) && v <= hi_ * (1 + 1e-9))
            out.push_back({v, label(v, e < 0 ? -e : 0)});
        }
      if (static_cast<int>(out.size()) <= max_ticks + 2) break;
    }
    return out.size() < 2 ? ends : out;
  }
  const double step = nice_step(lo_, hi_, max_ticks);
  const double first = std::ceil(lo_ / step - 1e-9);
  const double last = std::floor(hi_ / step + 1e-9);
  if (!std::isfinite(first) || !std::isfinite(last) || last < first || last - first + 1 > kMaxTicks)
    return ends;
  const int decimals = decimals_for(step) +
                       (std::fmod(step * std::pow(10.0, decimals_for(step)), 1.0) > 1e-6 ? 1 : 0);
  for (double i = first; i <= last; i += 1.0) {
    const double v = i * step;
    out.push_back({v, label(std::fabs(v) < step * 1e-9 ? 0.0 : v, decimals)});
  }
  return out;
}

}  // namespace rm::svg
