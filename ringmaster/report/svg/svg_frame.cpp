#include "ringmaster/report/svg/svg_frame.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "ringmaster/report/svg/svg_text.hpp"

namespace rm::svg {

std::string open_svg(const std::string& kind, const std::string& css_class,
                     const std::string& title, int width, int height) {
  // A plot narrower than its title (a 2-player cross-table) is widened to show it whole:
  // 14 px bold is at most about 9 px a character.
  width = std::max(width, static_cast<int>(9 * character_count(title) + 24));
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot {}{}{}\" width=\"{}\" "
      "height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" font-family=\"DejaVu Sans, Verdana, "
      "sans-serif\" font-size=\"12\">\n",
      kind, css_class.empty() ? "" : " ", escape_xml(css_class), width, height, width, height);
  out += "<title>" + escape_xml(title) + "</title>\n";
  out += fmt::format(
      "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" "
      "fill=\"#ffffff\"/>\n",
      width, height);
  out += text(width / 2.0, 20, title, "middle", "plot-title");
  return out;
}

std::string text(double x, double y, const std::string& content, const std::string& anchor,
                 const std::string& css_class, double rotate) {
  std::string attributes;
  if (!css_class.empty()) attributes += " class=\"" + escape_xml(css_class) + "\"";
  if (css_class == "plot-title") attributes += " font-size=\"14\" font-weight=\"bold\"";
  if (rotate != 0.0)
    attributes += fmt::format(" transform=\"rotate({} {} {})\"", coord(rotate), coord(x), coord(y));
  return fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"{}\"{}>{}</text>\n", coord(x), coord(y),
                     anchor, attributes, escape_xml(content));
}

std::string legend(const std::vector<LegendEntry>& entries, double x, double y, double width) {
  if (entries.empty()) return "";
  std::string out = "<g class=\"legend\">\n";
  const std::size_t max_chars = width > 40 ? static_cast<std::size_t>((width - 26) / 6.5) : 4;
  double row = y;
  for (const auto& e : entries) {
    const std::string colour = escape_xml(e.colour);
    switch (e.mark) {
      case LegendEntry::Mark::Line:
      case LegendEntry::Mark::Dashed:
        out += fmt::format(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"2\"{}/>\n",
            coord(x), coord(row - 4), coord(x + 18), coord(row - 4), colour,
            e.mark == LegendEntry::Mark::Dashed ? " stroke-dasharray=\"5 3\"" : "");
        break;
      case LegendEntry::Mark::Dot:
        out += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{}\"/>\n", coord(x + 9),
                           coord(row - 4), colour);
        break;
      case LegendEntry::Mark::Box:
        out += fmt::format(
            "<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"10\" fill=\"{}\" fill-opacity=\"0.3\" "
            "stroke=\"{}\"/>\n",
            coord(x), coord(row - 9), colour, colour);
        break;
    }
    // Long labels wrap rather than lose their end ("model: win rate at the optimum, 95%").
    for (const auto& line : wrap(e.label, max_chars)) {
      out += text(x + 24, row, line, "start", "legend-label");
      row += 14;
    }
    row += 4;
  }
  return out + "</g>\n";
}

}  // namespace rm::svg
