// A fixed-width text table in the layout of gomill's ascii_tables.Table, so tournament reports
// line up exactly as gomill's do: headings may span columns, a heading wider than its columns
// widens the leftmost one, trailing spaces are trimmed and wholly blank rows are dropped.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rm::comp {

class AsciiTable {
 public:
  enum class Align { Left, Right };

  explicit AsciiTable(int row_count) : row_count_(row_count) {}
  void add_heading(std::string heading, int span = 1) {
    headings_.emplace_back(std::move(heading), span);
  }
  // Returns the column's index. right_padding: spaces between this column and the next.
  int add_column(Align align = Align::Left, int right_padding = 1);
  void set_right_padding(int column, int right_padding);
  // Rows beyond `values` stay blank.
  void set_column_values(int column, const std::vector<std::string>& values);
  std::vector<std::string> render() const;

 private:
  struct Column {
    Align align;
    int right_padding;
  };
  int row_count_;
  std::vector<std::pair<std::string, int>> headings_;
  std::vector<Column> columns_;
  std::map<std::pair<int, int>, std::string> cells_;  // (row, column) -> text
};

// gomill's format_float: "3" for whole numbers, else Python's str ("2.5").
std::string format_score(double value);
// gomill's format_percent: "66.67%", or "--" when the baseline is zero.
std::string format_percent(double n, double baseline);

}  // namespace rm::comp
