// Safety limits in tests (how long to wait for a process that should end before failing the
// test instead of hanging) are stretched by RM_TEST_TIME_SCALE (a number from 1 to 100; default
// 1): the sanitizer passes set it, because instrumented programs run several times slower.
// Tests never assert on wall time; only these limits depend on it.
#pragma once

#include <chrono>
#include <cstdlib>
#include <string>

namespace rm::test {

inline double time_scale() {
  static const double scale = [] {
    const char* text = std::getenv("RM_TEST_TIME_SCALE");
    if (text == nullptr) return 1.0;
    char* end = nullptr;
    const double value = std::strtod(text, &end);
    return end != text && *end == '\0' && value >= 1.0 && value <= 100.0 ? value : 1.0;
  }();
  return scale;
}

template <typename Rep, typename Period>
std::chrono::milliseconds scaled(std::chrono::duration<Rep, Period> limit) {
  return std::chrono::milliseconds(static_cast<long long>(
      static_cast<double>(std::chrono::duration_cast<std::chrono::milliseconds>(limit).count()) *
      time_scale()));
}

}  // namespace rm::test
