#include "ringmaster/serve/request_check.hpp"

#include <algorithm>
#include <cctype>

namespace rm::serve {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A target whose decoded form (decoded again and again, for %252e) steps out of a directory
// or hides a separator.
bool escapes(const std::string& target) {
  std::string text = target;
  for (int round = 0; round < 4; ++round) {
    if (text.find("..") != std::string::npos || text.find('\\') != std::string::npos ||
        text.find('\0') != std::string::npos)
      return true;
    const std::string decoded = percent_decoded(text);
    if (decoded == text) return false;
    // An encoded slash would be a separator the router never saw.
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower.find("%2f") != std::string::npos || lower.find("%5c") != std::string::npos)
      return true;
    text = decoded;
  }
  return true;  // still encoded after four rounds: nobody means that
}

}  // namespace

std::string percent_decoded(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      const int high = hex_value(text[i + 1]);
      const int low = hex_value(text[i + 2]);
      if (high >= 0 && low >= 0) {
        out += static_cast<char>(high * 16 + low);
        i += 2;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

Refusal check_request(const std::string& method, const std::string& target,
                      std::size_t header_bytes) {
  if (method != "GET" && method != "HEAD") return {405, "only GET and HEAD are served (read-only)"};
  if (target.size() > kMaxTargetBytes) return {414, "request target too long"};
  if (header_bytes > kMaxHeaderBytes) return {431, "request header fields too large"};
  if (target.empty() || target.front() != '/') return {400, "bad request target"};
  if (escapes(target)) return {400, "path outside the competitions refused"};
  for (const char ch : target)
    if (const auto c = static_cast<unsigned char>(ch); c < 0x20 || c == 0x7f)
      return {400, "control character in the request target"};
  return {};
}

}  // namespace rm::serve
