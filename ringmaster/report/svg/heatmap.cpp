// Heatmaps: a grid of cells coloured on a diverging scale, with row and column labels, the
// value printed in each cell and a colour key.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ringmaster/report/svg/palette.hpp"
#include "ringmaster/report/svg/plots.hpp"
#include "ringmaster/report/svg/svg_frame.hpp"
#include "ringmaster/report/svg/svg_text.hpp"

namespace rm::svg {
namespace {

// Position on the colour scale: value_min -> 0, centre -> 0.5, value_max -> 1.
double scale_position(double v, const Heatmap& map) {
  if (v <= map.centre) {
    const double span = map.centre - map.value_min;
    return span > 0 ? 0.5 * (v - map.value_min) / span : 0.5;
  }
  const double span = map.value_max - map.centre;
  return span > 0 ? 0.5 + 0.5 * (v - map.centre) / span : 0.5;
}

}  // namespace

std::string render(const Heatmap& map) {
  const std::size_t columns = map.x_labels.size(), rows = map.y_labels.size();
  const double cell_w =
      std::clamp(480.0 / static_cast<double>(std::max<std::size_t>(columns, 1)), 22.0, 80.0);
  const double cell_h =
      std::clamp(360.0 / static_cast<double>(std::max<std::size_t>(rows, 1)), 18.0, 40.0);
  const double left = 150.0, top = 40.0;
  const double grid_w = cell_w * static_cast<double>(columns);
  const double grid_h = cell_h * static_cast<double>(rows);
  const double key_x = left + grid_w + 30;
  const double key_h = std::max(grid_h, 100.0);
  // The key's label goes under the key, from its left edge, in lines that fit the key's
  // column (12 px: at most 7 px a character): the column labels end left of the key, so
  // the two never meet.
  constexpr double kKeyColumn = 110.0, kLineHeight = 15.0;
  const std::vector<std::string> key_label = wrap(map.scale_label, 14);
  const double key_label_y = top + key_h + 22;
  const int width = static_cast<int>(key_x + kKeyColumn);
  const int height = static_cast<int>(
      std::max(top + grid_h + 96,
               key_label_y + kLineHeight * static_cast<double>(key_label.size() - 1) + 10));

  std::string out = open_svg("heatmap", map.css_class, map.title, width, height);
  out += "<g class=\"cells\">\n";
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < columns; ++c) {
      const HeatCell cell =
          r < map.cells.size() && c < map.cells[r].size() ? map.cells[r][c] : HeatCell{};
      const std::string fill = cell.value
                                   ? diverging_colour(scale_position(*cell.value, map))
                                   : diverging_colour(std::numeric_limits<double>::quiet_NaN());
      const double x = left + cell_w * static_cast<double>(c);
      const double y = top + cell_h * static_cast<double>(r);
      out += fmt::format(
          "<rect class=\"heat-cell\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
          "stroke=\"#ffffff\">",
          coord(x), coord(y), coord(cell_w), coord(cell_h), fill);
      if (!cell.tooltip.empty()) out += "<title>" + escape_xml(cell.tooltip) + "</title>";
      out += "</rect>\n";
      if (!cell.text.empty() && cell_w >= 22) {
        const std::size_t fit = static_cast<std::size_t>(cell_w / 6.5);
        out += fmt::format(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"{}\" "
            "font-size=\"11\" class=\"cell-text\">{}</text>\n",
            coord(x + cell_w / 2), coord(y + cell_h / 2 + 4), text_colour_on(fill),
            escape_xml(shorten(cell.text, fit)));
      }
    }
  out += "</g>\n<g class=\"tick-labels\" fill=\"#222222\">\n";
  for (std::size_t r = 0; r < rows; ++r)
    out += text(left - 6, top + cell_h * (static_cast<double>(r) + 0.5) + 4,
                shorten(map.y_labels[r], 22), "end", "tick-label");
  for (std::size_t c = 0; c < columns; ++c)
    out += text(left + cell_w * (static_cast<double>(c) + 0.5) + 4, top + grid_h + 12,
                shorten(map.x_labels[c], 14), "end", "tick-label", -45);
  out += "</g>\n";
  out += text(left + grid_w / 2, height - 8.0, map.x_label, "middle", "axis-label x-label");
  out += text(14, top + grid_h / 2, map.y_label, "middle", "axis-label y-label", -90);

  // The colour key: a vertical gradient of 20 steps from value_max (top) to value_min.
  out += "<g class=\"colour-key\">\n";
  constexpr int kSteps = 20;
  for (int i = 0; i < kSteps; ++i) {
    const double t = 1.0 - (i + 0.5) / kSteps;
    const double v = map.value_min + t * (map.value_max - map.value_min);
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"{}\" fill=\"{}\"/>\n",
                       coord(key_x), coord(top + key_h * i / kSteps), coord(key_h / kSteps + 0.5),
                       diverging_colour(scale_position(v, map)));
  }
  const double span = (map.value_max - map.value_min) * map.scale_factor;
  const int decimals = span >= 10 ? 0 : span >= 1 ? 1 : 2;
  out += text(key_x + 18, top + 10, format_number(map.value_max * map.scale_factor, decimals),
              "start", "tick-label");
  out += text(key_x + 18, top + key_h, format_number(map.value_min * map.scale_factor, decimals),
              "start", "tick-label");
  out += text(
      key_x + 18,
      top + key_h * (map.value_max - map.centre) / std::max(map.value_max - map.value_min, 1e-12) +
          4,
      format_number(map.centre * map.scale_factor, decimals), "start", "tick-label");
  for (std::size_t i = 0; i < key_label.size(); ++i)
    out += text(key_x, key_label_y + kLineHeight * static_cast<double>(i), key_label[i], "start",
                "axis-label key-label");
  out += "</g>\n";
  return out + close_svg();
}

}  // namespace rm::svg
