// Numbers as the tuners' text reports print them.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "scales/value.hpp"

namespace rm::comp {

// `value` with `decimals` decimals ("0.450").
inline std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

// An engine value for the screen: numbers with 6 significant digits (no binary noise).
inline std::string short_value(const rm::scales::Value& value) {
  const nlohmann::json v = rm::scales::value_to_json(value);
  if (!v.is_number_float()) return v.dump();
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.6g", v.get<double>());
  return buffer;
}

}  // namespace rm::comp
