#include "ringmaster/report/svg/palette.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace rm::svg {

std::string series_colour(std::size_t i) {
  static const std::array<const char*, 8> colours{"#0072b2", "#d55e00", "#009e73", "#cc79a7",
                                                  "#e69f00", "#56b4e9", "#000000", "#f0e442"};
  return colours[i % colours.size()];
}

std::string diverging_colour(double t) {
  if (std::isnan(t)) return "#d9d9d9";
  t = std::clamp(t, 0.0, 1.0);
  // Endpoints: #2166ac (blue) at 0, #f7f7f7 at 0.5, #b2182b (red) at 1.
  const double lo[3] = {0x21, 0x66, 0xac}, mid[3] = {0xf7, 0xf7, 0xf7}, hi[3] = {0xb2, 0x18, 0x2b};
  int rgb[3];
  for (int k = 0; k < 3; ++k) {
    const double v = t < 0.5 ? lo[k] + (mid[k] - lo[k]) * (t / 0.5)
                             : mid[k] + (hi[k] - mid[k]) * ((t - 0.5) / 0.5);
    rgb[k] = static_cast<int>(std::lround(v));
  }
  return fmt::format("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]);
}

std::string text_colour_on(const std::string& background) {
  if (background.size() != 7 || background[0] != '#') return "#000000";
  const int r = std::stoi(background.substr(1, 2), nullptr, 16);
  const int g = std::stoi(background.substr(3, 2), nullptr, 16);
  const int b = std::stoi(background.substr(5, 2), nullptr, 16);
  const double luminance = 0.299 * r + 0.587 * g + 0.114 * b;
  return luminance < 140 ? "#ffffff" : "#000000";
}

}  // namespace rm::svg
