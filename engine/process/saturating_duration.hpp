// Seconds (a double, as timeouts are given) -> a steady_clock duration without overflow.
// duration_cast of 1e10 s to nanoseconds overflows a 64-bit count (undefined behaviour, in
// practice a negative deadline that has already passed), so every wait converts through here.
#pragma once

#include <chrono>

namespace rm::process {

// The longest wait: about 31 years, far below the ~292 years a nanosecond count holds, so
// that now() + the wait cannot overflow either. Settings that are read from files are
// range-checked to at most this (docs/control-file.md).
inline constexpr double kMaxWaitSeconds = 1e9;

// `seconds` clamped to [0, kMaxWaitSeconds] (NaN counts as 0), as a steady_clock duration.
inline std::chrono::steady_clock::duration saturating_duration(double seconds) {
  if (!(seconds > 0)) return std::chrono::steady_clock::duration::zero();
  if (seconds > kMaxWaitSeconds) seconds = kMaxWaitSeconds;
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(seconds));
}

}  // namespace rm::process
