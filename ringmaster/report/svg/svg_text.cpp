#include "ringmaster/report/svg/svg_text.hpp"

#include <fmt/format.h>

#include <cmath>

namespace rm::svg {

std::string escape_xml(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string coord(double value) {
  if (!std::isfinite(value)) value = 0.0;
  std::string s = fmt::format("{:.2f}", value);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string format_number(double value, int decimals) {
  if (std::isnan(value)) return "n/a";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (decimals < 0) decimals = 0;
  std::string s = fmt::format("{:.{}f}", value, decimals);
  if (s.find_first_not_of("-0.") == std::string::npos && s.front() == '-') s.erase(0, 1);
  if (decimals == 0 && std::fabs(value) >= 10000.0) {
    const bool negative = s.front() == '-';
    std::string digits = negative ? s.substr(1) : s;
    std::string grouped;
    for (std::size_t i = 0; i < digits.size(); ++i) {
      if (i > 0 && (digits.size() - i) % 3 == 0) grouped += "\u2009";
      grouped += digits[i];
    }
    s = (negative ? "-" : "") + grouped;
  }
  return s;
}

std::string format_general(double value) {
  if (!std::isfinite(value)) return format_number(value, 0);
  return fmt::format("{:.3g}", value);
}

}  // namespace rm::svg

namespace rm::svg {

std::string shorten(const std::string& text, std::size_t max_chars) {
  if (max_chars == 0) return "";
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (characters == max_chars - 1) {
      // Room for one more: keep the rest only if it is exactly one character.
      std::size_t next = i + 1;
      while (next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80) ++next;
      if (next >= text.size()) return text;
      return text.substr(0, i) + "\u2026";
    }
    ++characters;
  }
  return text;
}

std::size_t character_count(const std::string& text) {
  std::size_t n = 0;
  for (char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

std::vector<std::string> wrap(const std::string& text, std::size_t max_chars) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = shorten(text.substr(start, end - start), max_chars);
    if (!line.empty() && character_count(line) + 1 + character_count(word) > max_chars) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  lines.push_back(line);
  return lines;
}

}  // namespace rm::svg
