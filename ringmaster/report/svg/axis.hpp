// One plot axis: a value range mapped onto a pixel span (linear or logarithmic), with "nice"
// tick positions (1, 2 or 5 times a power of ten) and their labels.
#pragma once

#include <string>
#include <vector>

namespace rm::svg {

struct Tick {
  double value = 0.0;
  std::string label;
};

class Axis {
 public:
  // [lo, hi] is widened when empty (lo == hi) or reversed; a log axis needs lo > 0 (a
  // non-positive lo falls back to a linear axis).
  Axis(double lo, double hi, bool log_scale = false);

  // Widens the range to the outer ticks (so that the data ends on a labelled value).
  void extend_to_ticks(int max_ticks = 6);

  double lo() const { return lo_; }
  double hi() const { return hi_; }
  bool log_scale() const { return log_; }

  // The position of `value` between pixel p0 (at lo) and p1 (at hi); clamped a little
  // beyond the span so that an outlier stays drawable.
  double map(double value, double p0, double p1) const;

  std::vector<Tick> ticks(int max_ticks = 6) const;

 private:
  double lo_, hi_;
  bool log_;
};

// The step of at most `max_ticks` nice ticks over [lo, hi].
double nice_step(double lo, double hi, int max_ticks);

}  // namespace rm::svg
