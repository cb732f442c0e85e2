#include "ringmaster/report/display_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace rm::report {
namespace {

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// Compares digit runs by value so that game "10" sorts after game "9".
bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      std::size_t i_end = i, j_end = j;
      while (i_end < a.size() && is_digit(a[i_end])) ++i_end;
      while (j_end < b.size() && is_digit(b[j_end])) ++j_end;
      std::string_view da(a.data() + i, i_end - i), db(b.data() + j, j_end - j);
      while (da.size() > 1 && da.front() == '0') da.remove_prefix(1);
      while (db.size() > 1 && db.front() == '0') db.remove_prefix(1);
      if (da.size() != db.size()) return da.size() < db.size();
      if (da != db) return da < db;
      i = i_end;
      j = j_end;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  if ((a.size() - i) != (b.size() - j)) return (a.size() - i) < (b.size() - j);
  return a < b;  // equal by value ("01" vs "1"): fall back to plain order to stay strict
}

void append_tail(std::string& out, const std::vector<std::string>& lines, std::size_t shown) {
  std::size_t first = lines.size() > shown ? lines.size() - shown : 0;
  for (std::size_t i = first; i < lines.size(); ++i) {
    out += lines[i];
    out += '\n';
  }
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The first `columns` characters of `line` (a character: a UTF-8 lead byte and its
// continuation bytes).
std::string cut_to_width(const std::string& line, int columns) {
  int characters = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto byte = static_cast<unsigned char>(line[i]);
    if ((byte & 0xC0) == 0x80) continue;  // continuation byte
    if (characters == columns) return line.substr(0, i);
    ++characters;
  }
  return line;
}

}  // namespace

std::vector<std::string> fit_to_terminal(const std::string& text, int rows, int columns) {
  std::vector<std::string> lines = split_lines(text);
  if (rows <= 0 || columns <= 0) return lines;
  const std::size_t budget = static_cast<std::size_t>(std::max(rows - 1, 1));
  if (lines.size() > budget) {
    const std::size_t head = budget >= 3 ? budget - 2 : budget - 1;
    const bool keep_last = budget >= 3;
    const std::size_t hidden = lines.size() - head - (keep_last ? 1 : 0);
    std::vector<std::string> fitted(lines.begin(),
                                    lines.begin() + static_cast<std::ptrdiff_t>(head));
    fitted.push_back(fmt::format("... {} more line{}", hidden, hidden == 1 ? "" : "s"));
    if (keep_last) fitted.push_back(lines.back());
    lines = std::move(fitted);
  }
  for (auto& line : lines) line = cut_to_width(line, columns);
  return lines;
}

std::vector<std::string> sorted_game_ids(std::vector<std::string> ids) {
  std::sort(ids.begin(), ids.end(), natural_less);
  return ids;
}

std::string render_display(const DisplayFrame& frame) {
  std::string out;
  // Status block, in gomill's order and wording.
  if (frame.halt_reason) {
    if (frame.games_in_progress.empty())
      out += fmt::format("halting: {}\n", *frame.halt_reason);
    else
      out += fmt::format("waiting for workers to finish: {}\n", *frame.halt_reason);
  }
  if (!frame.games_in_progress.empty()) {
    std::string ids;
    for (const auto& id : sorted_game_ids(frame.games_in_progress)) {
      if (!ids.empty()) ids += ' ';
      ids += id;
    }
    out += fmt::format("{} games in progress: {}\n", frame.games_in_progress.size(), ids);
  }
  if (frame.max_games_left && !frame.halt_reason)
    out += fmt::format("will start at most {} more games in this run\n", *frame.max_games_left);
  if (frame.stop_key_hint && !frame.halt_reason) out += "(Ctrl-X to halt gracefully)\n";
  out += '\n';
  if (frame.void_games > 0) out += fmt::format("{} void games; see log file.\n", frame.void_games);
  if (!frame.screen_report.empty()) {
    out += frame.screen_report;
    if (out.back() != '\n') out += '\n';
  }
  if (!frame.summary_lines.empty()) {
    out += "\n= Now =\n";
    for (const auto& line : frame.summary_lines) out += line + '\n';
  }
  if (!frame.recent_results.empty()) {
    out += "\n= Results =\n";
    append_tail(out, frame.recent_results, kResultsShown);
  }
  if (!frame.recent_warnings.empty()) {
    out += "\n= Warnings =\n";
    append_tail(out, frame.recent_warnings, kWarningsShown);
  }
  if (!frame.progress_line.empty()) {
    out += '\n';
    out += frame.progress_line;
    out += '\n';
  }
  return out;
}

}  // namespace rm::report
