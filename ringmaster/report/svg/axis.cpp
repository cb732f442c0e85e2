#include "ringmaster/report/svg/axis.hpp"

#include <algorithm>
#include <cmath>

#include "ringmaster/report/svg/svg_text.hpp"

namespace rm::svg {
namespace {

int decimals_for(double step) {
  if (!(step > 0.0)) return 0;
  const double digits = -std::floor(std::log10(step) + 1e-9);
  return digits > 0 ? static_cast<int>(digits) : 0;
}

}  // namespace

double nice_step(double lo, double hi, int max_ticks) {
  const double span = hi - lo;
  if (!(span > 0.0) || max_ticks < 2) return 1.0;
  const double rough = span / (max_ticks - 1);
  const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
  for (double factor : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (factor * magnitude >= rough) return factor * magnitude;
  return 10.0 * magnitude;
}

Axis::Axis(double lo, double hi, bool log_scale) : lo_(lo), hi_(hi), log_(log_scale) {
  if (!std::isfinite(lo_) || !std::isfinite(hi_)) lo_ = 0.0, hi_ = 1.0;
  if (lo_ > hi_) std::swap(lo_, hi_);
  if (log_ && !(lo_ > 0.0)) log_ = false;
  if (lo_ == hi_) {
    const double pad = log_ ? lo_ * 0.5 : std::max(std::fabs(lo_) * 0.1, 0.5);
    lo_ -= pad;
    hi_ += pad;
  }
}

void Axis::extend_to_ticks(int max_ticks) {
  if (log_) {
    lo_ = std::pow(10.0, std::floor(std::log10(lo_) + 1e-9));
    hi_ = std::pow(10.0, std::ceil(std::log10(hi_) - 1e-9));
    if (hi_ / lo_ > 1e4) return;  // wide enough: the decade ticks carry it
    return;
  }
  const double step = nice_step(lo_, hi_, max_ticks);
  lo_ = std::floor(lo_ / step + 1e-9) * step;
  hi_ = std::ceil(hi_ / step - 1e-9) * step;
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
  if (log_) {
    // 1, 2, 5 times each power of ten, thinned to the 1s if that is too many.
    const int first = static_cast<int>(std::floor(std::log10(lo_)));
    const int last = static_cast<int>(std::ceil(std::log10(hi_)));
    for (const auto& factors : {std::vector<double>{1, 2, 5}, std::vector<double>{1}}) {
      out.clear();
      for (int e = first; e <= last; ++e)
        for (double f : factors) {
          const double v = f * std::pow(10.0, e);
          if (v >= lo_ * (1 - 1e-9) && v <= hi_ * (1 + 1e-9))
            out.push_back({v, format_number(v, e < 0 ? -e : 0)});
        }
      if (static_cast<int>(out.size()) <= max_ticks + 2) break;
    }
    if (out.size() < 2) {
      out = {{lo_, format_number(lo_, decimals_for(lo_ / 10))},
             {hi_, format_number(hi_, decimals_for(hi_ / 10))}};
    }
    return out;
  }
  const double step = nice_step(lo_, hi_, max_ticks);
  const int decimals = decimals_for(step) +
                       (std::fmod(step * std::pow(10.0, decimals_for(step)), 1.0) > 1e-6 ? 1 : 0);
  for (double v = std::ceil(lo_ / step - 1e-9) * step; v <= hi_ + step * 1e-9; v += step)
    out.push_back({v, format_number(std::fabs(v) < step * 1e-9 ? 0.0 : v, decimals)});
  return out;
}

}  // namespace rm::svg
