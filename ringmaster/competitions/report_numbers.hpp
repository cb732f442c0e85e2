// Numbers and columns as the text reports print them.
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

// `text` padded with spaces to `width` (as it is when already that wide or wider).
inline std::string pad_right(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

// A table cell: `text` padded to `width`, and at least one space after it however long.
inline std::string pad_cell(const std::string& text, std::size_t width) {
  return pad_right(text + " ", width);
}

}  // namespace rm::comp
