#include "ringmaster/competitions/live_line_text.hpp"

#include <fmt/format.h>

#include <limits>

namespace rm::comp {

std::string rate_text(const nlohmann::json& v) {
  return v.is_number() ? fmt::format("{:.1f}%", 100.0 * v.get<double>()) : "?";
}

double json_number(const nlohmann::json& object, const char* key, double fallback) {
  if (!object.is_object() || !object.contains(key)) return fallback;
  const auto& v = object[key];
  if (v.is_number()) return v.get<double>();
  if (v == "inf") return std::numeric_limits<double>::infinity();
  if (v == "-inf") return -std::numeric_limits<double>::infinity();
  return fallback;
}

}  // namespace rm::comp
