// Line and scatter plots with error bars or bands, reference lines and shaded regions.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ringmaster/report/svg/axis.hpp"
#include "ringmaster/report/svg/palette.hpp"
#include "ringmaster/report/svg/plots.hpp"
#include "ringmaster/report/svg/svg_frame.hpp"
#include "ringmaster/report/svg/svg_text.hpp"

namespace rm::svg {
namespace {

struct Extent {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    if (!std::isfinite(v)) return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  bool empty() const { return lo > hi; }
};

struct Frame {
  double left, right, top, bottom;  // the plot area in pixels
};

std::string polyline(const std::vector<std::pair<double, double>>& points,
                     const std::string& colour, bool dashed) {
  std::string coords;
  for (const auto& [x, y] : points) coords += coord(x) + "," + coord(y) + " ";
  if (!coords.empty()) coords.pop_back();
  return fmt::format(
      "<polyline class=\"series-line\" points=\"{}\" fill=\"none\" stroke=\"{}\" "
      "stroke-width=\"2\"{}/>\n",
      coords, colour, dashed ? " stroke-dasharray=\"6 4\"" : "");
}

}  // namespace

std::string render(const XYPlot& plot) {
  const int width = plot.size.width, height = plot.size.height;
  std::vector<LegendEntry> entries;
  std::vector<std::string> colours;
  std::size_t palette_index = 0;
  for (const auto& s : plot.series) {
    colours.push_back(s.colour.empty() ? series_colour(palette_index++) : s.colour);
    if (s.name.empty()) continue;
    LegendEntry::Mark mark = s.dashed ? LegendEntry::Mark::Dashed
                             : s.line ? LegendEntry::Mark::Line
                                      : LegendEntry::Mark::Dot;
    entries.push_back({s.name, colours.back(), mark});
  }
  for (const auto& g : plot.guides)
    if (!g.label.empty()) entries.push_back({g.label, g.colour, LegendEntry::Mark::Dashed});
  for (const auto& r : plot.regions)
    if (!r.label.empty()) entries.push_back({r.label, r.colour, LegendEntry::Mark::Box});

  const double legend_width = entries.empty() ? 0.0 : 190.0;
  const bool categorical = !plot.x_categories.empty();
  const double bottom_margin = categorical ? 86.0 : 56.0;
  const Frame f{72.0, width - 18.0 - legend_width, 36.0, height - bottom_margin};

  Extent xs, ys;
  for (const auto& s : plot.series)
    for (const auto& p : s.points) {
      xs.add(p.x);
      ys.add(p.y);
      if (p.y_low) ys.add(*p.y_low);
      if (p.y_high) ys.add(*p.y_high);
    }
  for (const auto& g : plot.guides) ys.add(g.y);
  for (const auto& r : plot.regions) {
    xs.add(r.x_low);
    xs.add(r.x_high);
    if (r.y_low) ys.add(*r.y_low);
    if (r.y_high) ys.add(*r.y_high);
  }
  if (xs.empty()) xs.lo = 0, xs.hi = 1;
  if (ys.empty()) ys.lo = 0, ys.hi = 1;
  if (categorical) {
    xs.lo = -0.5;
    xs.hi = static_cast<double>(plot.x_categories.size()) - 0.5;
  }
  Axis x_axis(plot.x_min.value_or(xs.lo), plot.x_max.value_or(xs.hi), plot.x_log && !categorical);
  if (!categorical && !plot.x_min && !plot.x_max && !x_axis.log_scale()) x_axis.extend_to_ticks();
  Axis y_axis(plot.y_min.value_or(ys.lo), plot.y_max.value_or(ys.hi), plot.y_log);
  if (!plot.y_min && !plot.y_max && !y_axis.log_scale()) y_axis.extend_to_ticks();
  // Numeric x axes keep the data off the frame's edges (markers and error bars stay whole).
  const double x_pad = categorical ? 0.0 : 10.0;
  auto px = [&](double x) { return x_axis.map(x, f.left + x_pad, f.right - x_pad); };
  auto py = [&](double y) { return y_axis.map(y, f.bottom, f.top); };

  std::string out = open_svg("xy", plot.css_class, plot.title, width, height);
  // Grid and ticks.
  out += "<g class=\"axes\" stroke=\"#cccccc\" stroke-width=\"1\">\n";
  const auto y_ticks = y_axis.ticks();
  for (const auto& t : y_ticks)
    out += fmt::format("<line class=\"grid\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n",
                       coord(f.left), coord(py(t.value)), coord(f.right), coord(py(t.value)));
  std::vector<Tick> x_ticks;
  if (categorical) {
    for (std::size_t i = 0; i < plot.x_categories.size(); ++i)
      x_ticks.push_back({static_cast<double>(i), plot.x_categories[i]});
  } else {
    x_ticks = x_axis.ticks();
    if (plot.x_integer)
      std::erase_if(x_ticks,
                    [](const Tick& t) { return std::fabs(t.value - std::round(t.value)) > 1e-9; });
  }
  for (const auto& t : x_ticks)
    out += fmt::format("<line class=\"grid\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n",
                       coord(px(t.value)), coord(f.top), coord(px(t.value)), coord(f.bottom));
  out += fmt::format(
      "<rect class=\"frame\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" "
      "stroke=\"#444444\"/>\n",
      coord(f.left), coord(f.top), coord(f.right - f.left), coord(f.bottom - f.top));
  out += "</g>\n<g class=\"tick-labels\" fill=\"#222222\">\n";
  for (const auto& t : y_ticks) {
    std::string label = t.label;
    if (plot.y_scale != 1.0) {
      const double step =
          y_ticks.size() > 1 ? (y_ticks[1].value - y_ticks[0].value) * plot.y_scale : 1;
      const int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
      label = format_number(t.value * plot.y_scale, decimals);
    }
    out += text(f.left - 6, py(t.value) + 4, label, "end", "tick-label");
  }
  // Thin the category labels when they would overlap.
  const double slot =
      x_ticks.empty() ? 0 : (f.right - f.left) / static_cast<double>(x_ticks.size());
  const std::size_t stride =
      categorical && slot < 14 ? static_cast<std::size_t>(std::ceil(14 / slot)) : 1;
  for (std::size_t i = 0; i < x_ticks.size(); i += stride) {
    const auto& t = x_ticks[i];
    if (categorical)
      out += text(px(t.value) + 4, f.bottom + 10, shorten(t.label, 14), "end", "tick-label", -45);
    else
      out += text(px(t.value), f.bottom + 16, t.label, "middle", "tick-label");
  }
  out += "</g>\n";
  out += text((f.left + f.right) / 2, height - 10.0,
              plot.x_label + (x_axis.log_scale() ? " (log scale)" : ""), "middle",
              "axis-label x-label");
  out += text(16, (f.top + f.bottom) / 2, plot.y_label + (y_axis.log_scale() ? " (log scale)" : ""),
              "middle", "axis-label y-label", -90);

  // Regions, then guides, then the data on top.
  for (const auto& r : plot.regions) {
    const double y0 = r.y_high ? py(*r.y_high) : f.top, y1 = r.y_low ? py(*r.y_low) : f.bottom;
    const double x0 = px(r.x_low), x1 = px(r.x_high);
    out += fmt::format(
        "<rect class=\"region\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
        "fill-opacity=\"0.25\" stroke=\"{}\"><title>{}</title></rect>\n",
        coord(std::min(x0, x1)), coord(std::min(y0, y1)), coord(std::fabs(x1 - x0)),
        coord(std::fabs(y1 - y0)), escape_xml(r.colour), escape_xml(r.colour), escape_xml(r.label));
  }
  for (const auto& g : plot.guides)
    out += fmt::format(
        "<line class=\"guide\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
        "stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n",
        coord(f.left), coord(py(g.y)), coord(f.right), coord(py(g.y)), escape_xml(g.colour));
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const Series& s = plot.series[i];
    const std::string colour = escape_xml(colours[i]);
    out += "<g class=\"series\">\n";
    if (s.band) {
      std::string upper, lower;
      for (const auto& p : s.points)
        if (p.y_low && p.y_high) upper += coord(px(p.x)) + "," + coord(py(*p.y_high)) + " ";
      for (auto it = s.points.rbegin(); it != s.points.rend(); ++it)
        if (it->y_low && it->y_high) lower += coord(px(it->x)) + "," + coord(py(*it->y_low)) + " ";
      if (!upper.empty())
        out += fmt::format(
            "<polygon class=\"errorband\" points=\"{}{}\" fill=\"{}\" fill-opacity=\"0.2\" "
            "stroke=\"none\"/>\n",
            upper, lower, colour);
    } else {
      for (const auto& p : s.points) {
        if (!p.y_low || !p.y_high) continue;
        const double x = px(p.x);
        out += fmt::format(
            "<path class=\"errorbar\" d=\"M{} {}V{}M{} {}H{}M{} {}H{}\" stroke=\"{}\" "
            "stroke-width=\"1.5\" fill=\"none\"/>\n",
            coord(x), coord(py(*p.y_low)), coord(py(*p.y_high)), coord(x - 4), coord(py(*p.y_low)),
            coord(x + 4), coord(x - 4), coord(py(*p.y_high)), coord(x + 4), colour);
      }
    }
    if (s.line && s.points.size() > 1) {
      std::vector<std::pair<double, double>> points;
      for (const auto& p : s.points) points.emplace_back(px(p.x), py(p.y));
      out += polyline(points, colour, s.dashed);
    }
    if (s.markers)
      for (const auto& p : s.points) {
        out += fmt::format("<circle class=\"marker\" cx=\"{}\" cy=\"{}\" r=\"3.5\" fill=\"{}\">",
                           coord(px(p.x)), coord(py(p.y)), colour);
        if (!p.tooltip.empty()) out += "<title>" + escape_xml(p.tooltip) + "</title>";
        out += "</circle>\n";
      }
    out += "</g>\n";
  }
  out += legend(entries, f.right + 14, f.top + 10, legend_width - 14);
  return out + close_svg();
}

}  // namespace rm::svg
