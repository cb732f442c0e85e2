#include "ringmaster/game/number_format.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

namespace rm::game {

std::string format_number(double value) {
  if (value == 0.0) return "0";  // also turns -0.0 into "0"
  char buf[64];
  // Without a precision, to_chars gives the shortest text that reads back as the same double,
  // which for integral values has no fractional part (1e+20 aside, which scores never reach).
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  if (ec != std::errc()) return std::to_string(value);
  return std::string(buf, end);
}

}  // namespace rm::game
