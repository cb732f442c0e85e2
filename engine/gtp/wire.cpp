// GTP v2 response parsing, following gomill's Linebased_gtp_channel.get_response.
#include "engine/gtp/wire.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace rm::gtp {

bool is_well_formed_word(std::string_view word) {
  if (word.empty()) return false;
  for (char c : word) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7f) return false;
  }
  return true;
}

std::string format_command(const std::string& command, const std::vector<std::string>& args) {
  std::string s = command;
  for (const auto& a : args) s += " " + a;
  return s;
}

std::optional<std::string> check_first_byte(char c) {
  if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '#' || c == '=' || c == '?')
    return std::nullopt;
  if (c == '\x01') return "engine appears to be speaking GMP, not GTP!";
  const auto u = static_cast<unsigned char>(c);
  char shown[16];
  if (u >= 0x20 && u < 0x7f) {
    std::snprintf(shown, sizeof shown, "'%c'", c);
  } else {
    std::snprintf(shown, sizeof shown, "'\\x%02x'", u);
  }
  return std::string("engine isn't speaking GTP: first byte is ") + shown;
}

std::string quote_engine_line(std::string_view line, std::size_t max_bytes) {
  std::string out = "`";
  const std::size_t shown = std::min(line.size(), max_bytes);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto u = static_cast<unsigned char>(line[i]);
    if (u == '\\') {
      out += "\\\\";
    } else if (u >= 0x20 && u < 0x7f) {
      out += static_cast<char>(u);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", u);
      out += hex;
    }
  }
  out += '`';
  if (shown < line.size()) out += "... (" + std::to_string(line.size()) + " bytes)";
  return out;
}

bool is_blank_line(std::string_view line) {
  for (char c : line) {
    if (!(c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')) return false;
  }
  return true;
}

namespace {
// gomill's _remove_response_controls_re: [\x00-\x08\x0b-\x1f\x7f] (keeps tab and newline).
bool is_removed_control(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u <= 0x08 || (u >= 0x0b && u <= 0x1f) || u == 0x7f;
}

// Removes is_removed_control characters and makes tabs spaces.
std::string without_controls(std::string_view s) {
  std::string cleaned;
  cleaned.reserve(s.size());
  for (char c : s) {
    if (is_removed_control(c)) continue;
    cleaned += c == '\t' ? ' ' : c;
  }
  return cleaned;
}

std::string rstrip(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s;
}
}  // namespace

ParseOutcome parse_response(const std::vector<std::string>& lines) {
  ParseOutcome out;
  if (lines.empty()) {
    out.error = "engine has closed the response channel";
    return out;
  }
  const std::string& first = lines[0];
  Response r;
  if (!first.empty() && first[0] == '?') {
    r.is_failure = true;
  } else if (!first.empty() && first[0] == '=') {
    r.is_failure = false;
  } else {
    out.error = "no success/failure indication from engine: first line is `" + rstrip(first) + "`";
    return out;
  }
  // Skip an optional numeric id, then the whitespace before the text.
  std::size_t i = 1;
  while (i < first.size() && std::isdigit(static_cast<unsigned char>(first[i]))) ++i;
  while (i < first.size() && (first[i] == ' ' || first[i] == '\t')) ++i;
  std::string joined = first.substr(i);
  for (std::size_t k = 1; k < lines.size(); ++k) joined += "\n" + lines[k];
  joined = rstrip(joined);
  r.text = without_controls(joined);
  out.response = std::move(r);
  return out;
}

std::string sanitise_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = 0;
    unsigned min = 0;
    if (c < 0x80) {
      out += s[i++];
      continue;
    } else if ((c & 0xe0) == 0xc0) {
      len = 2;
      min = 0x80;
    } else if ((c & 0xf0) == 0xe0) {
      len = 3;
      min = 0x800;
    } else if ((c & 0xf8) == 0xf0) {
      len = 4;
      min = 0x10000;
    }
    bool ok = len > 0 && i + len <= s.size();
    unsigned cp = len == 2 ? (c & 0x1fu) : len == 3 ? (c & 0x0fu) : (c & 0x07u);
    for (std::size_t k = 1; ok && k < len; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xc0) != 0x80) ok = false;
      cp = (cp << 6) | (d & 0x3fu);
    }
    if (ok && (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) ok = false;
    if (ok) {
      out.append(s.substr(i, len));
      i += len;
    } else {
      out += '?';
      ++i;
    }
  }
  return out;
}

std::string sanitise_engine_text(std::string_view s) {
  const std::string utf8 = sanitise_utf8(without_controls(s));
  // C1 controls are two bytes in UTF-8 (0xc2 0x80..0x9f); some terminals obey them (CSI).
  std::string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size(); ++i) {
    const auto next = i + 1 < utf8.size() ? static_cast<unsigned char>(utf8[i + 1]) : 0u;
    if (static_cast<unsigned char>(utf8[i]) == 0xc2 && next >= 0x80 && next <= 0x9f) {
      ++i;
      continue;
    }
    out += utf8[i];
  }
  return out;
}

}  // namespace rm::gtp
