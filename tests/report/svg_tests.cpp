#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "ringmaster/report/svg/axis.hpp"
#include "ringmaster/report/svg/palette.hpp"
#include "ringmaster/report/svg/plots.hpp"
#include "ringmaster/report/svg/svg_text.hpp"
#include "tests/report/xml_balance.hpp"

using namespace rm::svg;

namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1))
    ++n;
  return n;
}

}  // namespace

TEST_CASE("nice ticks are 1, 2, 2.5 or 5 times a power of ten", "[svg]") {
  CHECK(nice_step(0, 1, 6) == Approx(0.2));
  CHECK(nice_step(0, 100, 6) == Approx(20));
  CHECK(nice_step(-35, 140, 6) == Approx(50));
  Axis axis(0.03, 0.97);
  axis.extend_to_ticks();
  CHECK(axis.lo() == Approx(0.0));
  CHECK(axis.hi() == Approx(1.0));
  const auto ticks = axis.ticks();
  REQUIRE(ticks.size() == 6);
  CHECK(ticks[1].label == "0.2");
  CHECK(ticks.back().label == "1.0");
}

TEST_CASE("a log axis ticks 1, 2, 5 per decade and maps by ratio", "[svg]") {
  Axis axis(40, 747, true);
  REQUIRE(axis.log_scale());
  std::vector<std::string> labels;
  for (const auto& t : axis.ticks()) labels.push_back(t.label);
  CHECK(labels == std::vector<std::string>{"50", "100", "200", "500"});
  // Equal ratios are equal distances.
  CHECK(axis.map(100, 0, 1000) - axis.map(50, 0, 1000) ==
        Approx(axis.map(400, 0, 1000) - axis.map(200, 0, 1000)));
  CHECK_FALSE(Axis(0, 10, true).log_scale());  // zero cannot be on a log axis
}

TEST_CASE("an empty or reversed range still makes an axis", "[svg]") {
  Axis same(5, 5);
  CHECK(same.lo() < 5);
  CHECK(same.hi() > 5);
  Axis reversed(3, 1);
  CHECK(reversed.lo() == 1);
  CHECK(reversed.hi() == 3);
}

TEST_CASE("every axis is bounded whatever its data", "[svg]") {
  // A range narrower than a double can step once made the tick loop endless (issue 46).
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double tiny = std::numeric_limits<double>::denorm_min();
  const double max = std::numeric_limits<double>::max();
  const std::vector<std::pair<double, double>> ranges{
      {1.0, std::nextafter(1.0, 2.0)},
      {1.0, 1.0},
      {0.0, 0.0},
      {0.0, tiny},
      {tiny, 2 * tiny},
      {-tiny, tiny},
      {1e300, 1e300},
      {-1e300, 1e300},
      {-max, max},
      {1e300, std::nextafter(1e300, inf)},
      {-1e-300, 1e-300},
      {123456789.0, std::nextafter(123456789.0, inf)},
      {0.0, inf},
      {nan, 1.0},
      {-inf, inf}};
  for (const auto& [lo, hi] : ranges) {
    for (bool log_scale : {false, true}) {
      CAPTURE(lo, hi, log_scale);
      Axis axis(lo, hi, log_scale);
      axis.extend_to_ticks();
      CHECK(std::isfinite(axis.lo()));
      CHECK(std::isfinite(axis.hi()));
      CHECK(axis.hi() > axis.lo());
      for (int max_ticks : {2, 6, 12}) {
        const auto ticks = axis.ticks(max_ticks);
        CHECK(ticks.size() >= (max_ticks > 2 ? 2U : 1U));
        CHECK(ticks.size() <= 64);
        for (const auto& t : ticks) {
          CHECK(std::isfinite(t.value));
          CHECK(t.label.size() <= 24);
          CHECK(t.label.find("nan") == std::string::npos);
        }
      }
      for (double v : {lo, hi, 0.0, 1.0}) {
        const double x = axis.map(v, 0, 100);
        CHECK(x >= -5.0);
        CHECK(x <= 105.0);
      }
    }
  }
}

TEST_CASE("text is escaped and shortened by characters", "[svg]") {
  CHECK(escape_xml("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
  CHECK(shorten("abcdef", 4) == "abc\u2026");
  CHECK(shorten("abcd", 4) == "abcd");
  CHECK(shorten("\u00e9\u00e9\u00e9\u00e9\u00e9", 3) ==
        "\u00e9\u00e9\u2026");  // never half a character
  CHECK(format_number(12345, 0) == "12\u2009345");
  CHECK(format_number(-0.0001, 2) == "0.00");
  CHECK(coord(12.5) == "12.5");
  CHECK(coord(40.0) == "40");
}

TEST_CASE("a line plot has its axes, labels, error bars and legend", "[svg]") {
  XYPlot plot;
  plot.css_class = "demo";
  plot.title = "Win rate <per> candidate";
  plot.x_label = "pl (playouts)";
  plot.y_label = "win rate (%)";
  plot.y_scale = 100;
  plot.y_min = 0;
  plot.y_max = 1;
  plot.guides.push_back({0.5, "50%"});
  Series s{"win rate", {}, true, true};
  s.points.push_back({40, 0.3, 0.2, 0.4, "pl 40"});
  s.points.push_back({129, 0.55, 0.45, 0.65});
  s.points.push_back({747, 0.7, 0.6, 0.8});
  plot.series.push_back(s);
  plot.x_log = true;
  const std::string svg = render(plot);
  CHECK(svg.find("class=\"plot xy demo\"") != std::string::npos);
  CHECK(svg.find("Win rate &lt;per&gt; candidate") != std::string::npos);
  CHECK(svg.find("pl (playouts) (log scale)") != std::string::npos);
  CHECK(svg.find(">win rate (%)</text>") != std::string::npos);
  CHECK(count(svg, "class=\"errorbar\"") == 3);
  CHECK(count(svg, "class=\"marker\"") == 3);
  CHECK(svg.find("class=\"legend\"") != std::string::npos);
  CHECK(svg.find(">50</text>") != std::string::npos);  // the y ticks in percent
  CHECK(rm::test::first_nesting_fault(svg) == "");
}

TEST_CASE("a bar chart has a row per bar with its note and interval", "[svg]") {
  BarChart chart;
  chart.css_class = "elo";
  chart.title = "Elo";
  chart.value_label = "Elo difference";
  chart.reference = 0.0;
  chart.bars.push_back({"a v b", 35, -25, 95, "", "", "+35 \u00b1 60"});
  chart.bars.push_back({"a v c", -120, -200, -40});
  const std::string svg = render(chart);
  CHECK(count(svg, "class=\"bar\"") == 2);
  CHECK(count(svg, "class=\"errorbar\"") == 2);
  CHECK(svg.find("+35 \u00b1 60") != std::string::npos);
  CHECK(svg.find("class=\"guide\"") != std::string::npos);
  CHECK(rm::test::first_nesting_fault(svg) == "");
}

TEST_CASE("a heatmap colours each cell and has a colour key", "[svg]") {
  Heatmap map;
  map.css_class = "grid";
  map.title = "t";
  map.x_labels = {"1", "2", "3"};
  map.y_labels = {"a", "b"};
  map.cells = {{{0.1, "10%"}, {0.5, "50%"}, {0.9, "90%"}},
               {{std::nullopt, ""}, {1.0, "100%"}, {0.0, "0%"}}};
  const std::string svg = render(map);
  CHECK(count(svg, "class=\"heat-cell\"") == 6);
  CHECK(svg.find(diverging_colour(0.5)) != std::string::npos);
  CHECK(svg.find("#d9d9d9") != std::string::npos);  // the cell without data
  CHECK(svg.find("class=\"colour-key\"") != std::string::npos);
  CHECK(rm::test::first_nesting_fault(svg) == "");
  CHECK(diverging_colour(0.0) == "#2166ac");
  CHECK(diverging_colour(1.0) == "#b2182b");
  CHECK(text_colour_on("#2166ac") == "#ffffff");
  CHECK(text_colour_on("#f7f7f7") == "#000000");
}

TEST_CASE("a heatmap's colour key label stays clear of the column labels and in the plot",
          "[svg]") {
  Heatmap map;  // as the spsa_tuner's overview: 24 columns, a long key label
  map.css_class = "trajectory-overview";
  map.title = "Every parameter: theta against its start";
  map.x_label = "games";
  map.y_label = "parameter";
  map.centre = 0.0;
  map.value_min = -0.5;
  map.value_max = 0.5;
  map.scale_factor = 100.0;
  map.scale_label = "theta - start (% of range)";
  for (int c = 1; c <= 24; ++c) map.x_labels.push_back(std::to_string(250 * c));
  map.y_labels = {"uct_c", "expand", "fpu", "rave", "capture", "save"};
  map.cells.assign(map.y_labels.size(), std::vector<HeatCell>(24, HeatCell{0.1, "", ""}));
  const std::string svg = render(map);
  CHECK(rm::test::first_nesting_fault(svg) == "");
  const auto number = [&](const std::string& element, const std::string& name) {
    const auto at = element.find(" " + name + "=\"");
    REQUIRE(at != std::string::npos);
    return std::stod(element.substr(at + name.size() + 3));
  };
  const auto width = number(svg.substr(0, svg.find('>')), "width");
  // The column labels end (text-anchor end, turned -45 degrees) at their x, give or take
  // their descent: the rightmost is the last one.
  const auto ticks = svg.substr(svg.find("<g class=\"tick-labels\""));
  const auto last_tick = ticks.rfind("<text", ticks.find("</g>"));
  const std::string tick = ticks.substr(last_tick, ticks.find('>', last_tick) - last_tick);
  REQUIRE(tick.find("rotate(-45") != std::string::npos);
  const double ticks_right = number(tick, "x") + 4;
  // Each line of the key's label (12 px: at most 7 px a character) starts right of them and
  // ends inside the plot.
  std::string label;
  for (auto at = svg.find("key-label\">"); at != std::string::npos;
       at = svg.find("key-label\">", at + 1)) {
    const auto open = svg.rfind("<text", at);
    const std::string element = svg.substr(open, at - open);
    const auto content = svg.substr(at + 11, svg.find("</text>", at) - at - 11);
    const double length = 7.0 * static_cast<double>(content.size());
    const double shift = element.find("text-anchor=\"middle\"") != std::string::npos ? length / 2
                         : element.find("text-anchor=\"end\"") != std::string::npos  ? length
                                                                                     : 0.0;
    CHECK(element.find("rotate(") == std::string::npos);
    CHECK(number(element, "x") - shift > ticks_right);
    CHECK(number(element, "x") - shift + length <= width);
    label += (label.empty() ? "" : " ") + content;
  }
  CHECK(label == "theta - start (% of range)");
}

TEST_CASE("a plot narrower than its title is widened to show it whole", "[svg]") {
  Heatmap map;  // a 2-player cross-table: 2 x 2 cells
  map.css_class = "crosstable";
  map.title = "Cross-table: score of the row's player against the column's";
  map.x_labels = {"a", "b"};
  map.y_labels = {"a", "b"};
  map.cells = {{{std::nullopt, ""}, {0.75, "3/4"}}, {{0.25, "1/4"}, {std::nullopt, ""}}};
  const std::string svg = render(map);
  const auto at = svg.find(" width=\"");
  REQUIRE(at != std::string::npos);
  const int width = std::stoi(svg.substr(at + 8));
  CHECK(width >= 9 * static_cast<int>(map.title.size()));
  CHECK(rm::test::first_nesting_fault(svg) == "");
}

TEST_CASE("legend labels wrap instead of being cut", "[svg]") {
  XYPlot plot;
  plot.title = "Win rate over time";
  plot.series.push_back({"all games (cumulative)", {{1, 0.5}, {2, 0.6}}, true, false});
  plot.regions.push_back({0, 2, 0.4, 0.7, "model: win rate at the optimum, 95%"});
  const std::string svg = render(plot);
  CHECK(svg.find("\u2026") == std::string::npos);
  CHECK(svg.find(">model: win rate at the</text>") != std::string::npos);
  CHECK(svg.find(">optimum, 95%</text>") != std::string::npos);
  CHECK(wrap("one two three", 7) == std::vector<std::string>{"one two", "three"});
  CHECK(wrap("", 5) == std::vector<std::string>{""});
}

TEST_CASE("a log y axis maps by ratio and says so", "[svg]") {
  XYPlot plot;
  plot.title = "t";
  plot.y_label = "pl (engine value)";
  plot.y_log = true;
  plot.series.push_back({"", {{1, 10}, {2, 100}, {3, 1000}}, false, true});
  const std::string svg = render(plot);
  CHECK(svg.find("pl (engine value) (log scale)") != std::string::npos);
  // Evenly spaced in log space: the three markers' y coordinates are equally apart.
  std::vector<double> ys;
  for (auto at = svg.find("class=\"marker\""); at != std::string::npos;
       at = svg.find("class=\"marker\"", at + 1)) {
    const auto cy = svg.find("cy=\"", at);
    ys.push_back(std::stod(svg.substr(cy + 4)));
  }
  REQUIRE(ys.size() == 3);
  CHECK(ys[0] - ys[1] == Approx(ys[1] - ys[2]).margin(0.02));
}
