#include "ringmaster/competitions/ascii_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "scales/value.hpp"

namespace rm::comp {

int AsciiTable::add_column(Align align, int right_padding) {
  columns_.push_back(Column{align, right_padding});
  return static_cast<int>(columns_.size()) - 1;
}

void AsciiTable::set_right_padding(int column, int right_padding) {
  columns_.at(static_cast<std::size_t>(column)).right_padding = right_padding;
}

void AsciiTable::set_column_values(int column, const std::vector<std::string>& values) {
  for (std::size_t row = 0; row < values.size() && static_cast<int>(row) < row_count_; ++row)
    cells_[{static_cast<int>(row), column}] = values[row];
}

std::vector<std::string> AsciiTable::render() const {
  const auto cell = [this](int row, int column) {
    auto found = cells_.find({row, column});
    return found == cells_.end() ? std::string() : found->second;
  };
  std::vector<std::size_t> widths(columns_.size(), 0);
  for (std::size_t c = 0; c < columns_.size(); ++c)
    for (int row = 0; row < row_count_; ++row)
      widths[c] = std::max(widths[c], cell(row, static_cast<int>(c)).size());

  const auto rtrim = [](std::string s) {
    s.erase(s.find_last_not_of(' ') + 1);
    return s;
  };
  std::vector<std::string> lines;
  std::string heading_line;
  std::size_t column = 0;
  for (std::size_t h = 0; h < headings_.size(); ++h) {
    const auto& [heading, span] = headings_[h];
    long width = -1;
    for (std::size_t c = column; c < column + static_cast<std::size_t>(span) && c < columns_.size();
         ++c)
      width += static_cast<long>(widths[c]) + columns_[c].right_padding;
    const long shortfall = static_cast<long>(heading.size()) - width;
    if (shortfall > 0) {
      width += shortfall;
      if (column < widths.size()) widths[column] += static_cast<std::size_t>(shortfall);
    }
    std::string text = heading;
    if (static_cast<long>(text.size()) < width)
      text.append(static_cast<std::size_t>(width) - text.size(), ' ');
    heading_line += (h == 0 ? "" : " ") + text;
    column += static_cast<std::size_t>(span);
  }
  lines.push_back(rtrim(heading_line));

  for (int row = 0; row < row_count_; ++row) {
    std::string line;
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      std::string text = cell(row, static_cast<int>(c));
      const std::size_t pad = widths[c] > text.size() ? widths[c] - text.size() : 0;
      if (columns_[c].align == Align::Left)
        text.append(pad, ' ');
      else
        text.insert(0, pad, ' ');
      line += text + std::string(static_cast<std::size_t>(columns_[c].right_padding), ' ');
    }
    line = rtrim(line);
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

std::string format_score(double value) {
  if (value == std::floor(value)) return fmt::format("{}", static_cast<long long>(value));
  return rm::scales::python_str(value);
}

std::string format_percent(double n, double baseline) {
  if (baseline == 0) return "--";
  return fmt::format("{:.2f}%", 100.0 * n / baseline);
}

}  // namespace rm::comp
