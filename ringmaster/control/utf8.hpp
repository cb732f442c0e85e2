#pragma once
// Strict UTF-8 (RFC 3629): no overlong encodings, no surrogates, nothing above U+10FFFF.
// Internal to rm_control.
#include <cstddef>
#include <string_view>

namespace rm::control::detail {

// The length (1 to 4) of the valid UTF-8 sequence starting at text[i], or 0 if the bytes
// there are not one.
inline std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) return 1;
  std::size_t len = 0;
  char32_t cp = 0, min = 0;
  if ((c & 0xe0) == 0xc0) {
    len = 2, cp = c & 0x1fu, min = 0x80;
  } else if ((c & 0xf0) == 0xe0) {
    len = 3, cp = c & 0x0fu, min = 0x800;
  } else if ((c & 0xf8) == 0xf0) {
    len = 4, cp = c & 0x07u, min = 0x10000;
  } else {
    return 0;
  }
  if (i + len > text.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto d = static_cast<unsigned char>(text[i + k]);
    if ((d & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (d & 0x3fu);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return len;
}

}  // namespace rm::control::detail
