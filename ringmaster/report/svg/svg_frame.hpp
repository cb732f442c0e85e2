// Pieces every plot shares: the <svg> root with its title and description, text elements and
// the legend box.
#pragma once

#include <string>
#include <vector>

namespace rm::svg {

// Opens <svg class="plot KIND CSS_CLASS" ...> with a <title> (read by screen readers and
// shown on hover) and the visible title on top; `width` is widened to the title's if less.
std::string open_svg(const std::string& kind, const std::string& css_class,
                     const std::string& title, int width, int height);
inline std::string close_svg() {
  return "</svg>\n";
}

// <text> at (x, y); anchor "start", "middle" or "end"; rotate: degrees about (x, y).
std::string text(double x, double y, const std::string& content, const std::string& anchor,
                 const std::string& css_class = "", double rotate = 0.0);

struct LegendEntry {
  std::string label;
  std::string colour;
  enum class Mark { Line, Dot, Box, Dashed } mark = Mark::Line;
};

// A legend as a column of entries starting at (x, y); each entry's label wrapped to fit
// `width`.
std::string legend(const std::vector<LegendEntry>& entries, double x, double y, double width);

}  // namespace rm::svg
