// A small SVG plotting module for the HTML report: line/scatter plots with error bars, bar
// charts and heatmaps, each rendered to one self-contained <svg> element (no script, no
// external font or stylesheet needed). Every plot has a title, labelled axes with units and,
// when it shows more than one series, a legend. The root element carries the classes
// "plot <kind> <css_class>" so that tests (and readers of the HTML) can find each plot.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rm::svg {

struct Size {
  int width = 640;
  int height = 340;
};

// ---- line and scatter plots ----------------------------------------------------------------

struct Point {
  double x = 0.0, y = 0.0;
  std::optional<double> y_low{}, y_high{};  // an error bar (both or neither)
  std::string tooltip{};                    // shown by the browser on hover (<title>)
};

struct Series {
  std::string name{};  // in the legend; "" keeps it out of the legend
  std::vector<Point> points{};
  bool line = true;     // join the points
  bool markers = true;  // a dot at each point
  bool band = false;    // draw the error bars as a shaded band instead of whiskers
  bool dashed = false;
  std::string colour{};  // "" = the palette's next colour
};

// A horizontal reference line (e.g. an SPRT bound, a 50% win rate).
struct Guide {
  double y = 0.0;
  std::string label{};
  std::string colour = "#777777";
};

// A shaded rectangle (e.g. an optimum's confidence region); a missing y bound spans the plot.
struct Region {
  double x_low = 0.0, x_high = 0.0;
  std::optional<double> y_low{}, y_high{};
  std::string label{};
  std::string colour = "#e69f00";
};

struct XYPlot {
  std::string css_class;  // e.g. "winrate-vs-parameter"
  std::string title;
  std::string x_label, y_label;  // with units, e.g. "win rate (%)"
  std::vector<Series> series;
  std::vector<Guide> guides;
  std::vector<Region> regions;
  bool x_log = false;
  bool y_log = false;  // needs positive y values (else the axis stays linear)
  std::optional<double> x_min, x_max, y_min, y_max;  // fixed range ends; else from the data
  // Category labels: when set, x values are indexes 0..n-1 into these (a categorical axis).
  std::vector<std::string> x_categories;
  double y_scale = 1.0;    // tick labels show y * y_scale (e.g. 100 for a rate in percent)
  bool x_integer = false;  // x is a count (e.g. a generation): ticks only at whole numbers
  Size size;
};

std::string render(const XYPlot& plot);

// ---- bar charts ----------------------------------------------------------------------------

struct Bar {
  std::string label;
  double value = 0.0;
  std::optional<double> low{}, high{};  // an interval drawn as a whisker
  std::string colour{};                 // "" = the first palette colour
  std::string tooltip{};
  std::string note{};  // printed beside the bar (e.g. "+35 ± 60"); "" = the value
};

// Horizontal bars, one row per bar, so that long labels stay readable.
struct BarChart {
  std::string css_class;
  std::string title;
  std::string value_label;  // the value axis' label, with units
  std::vector<Bar> bars;
  std::optional<double> value_min, value_max;
  std::optional<double> reference;  // a vertical line (e.g. Elo 0)
  int width = 640;
};

std::string render(const BarChart& chart);

// ---- heatmaps ------------------------------------------------------------------------------

struct HeatCell {
  std::optional<double> value{};  // nullopt: no data (grey)
  std::string text{};             // printed in the cell
  std::string tooltip{};
};

// A grid of cells coloured by value on a diverging scale centred on `centre`.
struct Heatmap {
  std::string css_class;
  std::string title;
  std::string x_label, y_label;
  std::vector<std::string> x_labels;         // columns
  std::vector<std::string> y_labels;         // rows, top first
  std::vector<std::vector<HeatCell>> cells;  // [row][column]
  double value_min = 0.0, value_max = 1.0, centre = 0.5;
  std::string scale_label;    // the colour key's label, with units
  double scale_factor = 1.0;  // colour key labels show value * scale_factor
};

std::string render(const Heatmap& map);

}  // namespace rm::svg
