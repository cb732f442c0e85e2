// Horizontal bar charts: one row per bar, label on the left, value (and interval) drawn to
// the right of a value axis that may start below zero (e.g. negative Elo).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "ringmaster/report/svg/axis.hpp"
#include "ringmaster/report/svg/palette.hpp"
#include "ringmaster/report/svg/plots.hpp"
#include "ringmaster/report/svg/svg_frame.hpp"
#include "ringmaster/report/svg/svg_text.hpp"

namespace rm::svg {

std::string render(const BarChart& chart) {
  constexpr double kRow = 20.0, kLabelWidth = 170.0, kNoteWidth = 110.0;
  const double top = 36.0;
  const double height =
      top + kRow * static_cast<double>(std::max<std::size_t>(chart.bars.size(), 1)) + 56.0;
  const double left = kLabelWidth + 8, right = chart.width - kNoteWidth;

  double lo = chart.value_min.value_or(0.0), hi = chart.value_max.value_or(0.0);
  if (!chart.value_min || !chart.value_max)
    for (const auto& b : chart.bars)
      for (double v : {b.value, b.low.value_or(b.value), b.high.value_or(b.value)}) {
        if (!std::isfinite(v)) continue;
        if (!chart.value_min) lo = std::min(lo, v);
        if (!chart.value_max) hi = std::max(hi, v);
      }
  Axis axis(lo, hi);
  if (!chart.value_min && !chart.value_max) axis.extend_to_ticks();
  auto px = [&](double v) { return axis.map(v, left, right); };
  const double bottom = top + kRow * static_cast<double>(chart.bars.size());

  std::string out =
      open_svg("bar", chart.css_class, chart.title, chart.width, static_cast<int>(height));
  out += "<g class=\"axes\" stroke=\"#cccccc\">\n";
  const auto ticks = axis.ticks();
  for (const auto& t : ticks)
    out += fmt::format("<line class=\"grid\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n",
                       coord(px(t.value)), coord(top), coord(px(t.value)), coord(bottom));
  out += "</g>\n<g class=\"tick-labels\" fill=\"#222222\">\n";
  for (const auto& t : ticks)
    out += text(px(t.value), bottom + 16, t.label, "middle", "tick-label");
  out += "</g>\n";
  out += text((left + right) / 2, height - 12, chart.value_label, "middle", "axis-label x-label");
  const double zero = px(std::clamp(0.0, axis.lo(), axis.hi()));
  for (std::size_t i = 0; i < chart.bars.size(); ++i) {
    const Bar& b = chart.bars[i];
    const double y = top + kRow * static_cast<double>(i);
    const std::string colour = escape_xml(b.colour.empty() ? series_colour(0) : b.colour);
    out += "<g class=\"bar-row\">\n";
    out += text(left - 6, y + 14, shorten(b.label, 26), "end", "bar-label");
    const double v = std::isfinite(b.value) ? b.value : (b.value > 0 ? axis.hi() : axis.lo());
    const double x = px(v);
    out += fmt::format(
        "<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
        "stroke=\"#777777\" stroke-width=\"0.5\">"
        "<title>{}</title></rect>\n",
        coord(std::min(zero, x)), coord(y + 3), coord(std::fabs(x - zero)), coord(kRow - 6), colour,
        escape_xml(b.tooltip.empty() ? b.label : b.tooltip));
    if (b.low && b.high) {
      const double x0 = px(std::isfinite(*b.low) ? *b.low : axis.lo());
      const double x1 = px(std::isfinite(*b.high) ? *b.high : axis.hi());
      const double cy = y + kRow / 2;
      out += fmt::format(
          "<path class=\"errorbar\" d=\"M{} {}H{}M{} {}V{}M{} {}V{}\" stroke=\"#222222\" "
          "stroke-width=\"1.5\" fill=\"none\"/>\n",
          coord(x0), coord(cy), coord(x1), coord(x0), coord(cy - 5), coord(cy + 5), coord(x1),
          coord(cy - 5), coord(cy + 5));
    }
    out += text(right + 6, y + 14, b.note.empty() ? format_number(b.value, 2) : b.note, "start",
                "bar-note");
    out += "</g>\n";
  }
  if (chart.reference)
    out += fmt::format(
        "<line class=\"guide\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#444444\" "
        "stroke-dasharray=\"4 3\"/>\n",
        coord(px(*chart.reference)), coord(top), coord(px(*chart.reference)), coord(bottom));
  out += fmt::format(
      "<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#444444\"/>\n",
      coord(left), coord(bottom), coord(right), coord(bottom));
  return out + close_svg();
}

}  // namespace rm::svg
