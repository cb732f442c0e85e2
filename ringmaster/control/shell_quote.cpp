#include "ringmaster/control/shell_quote.hpp"

#include <string_view>

namespace rm::control {

std::string shell_quote_for_display(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& word : argv) {
    if (!out.empty()) out += ' ';
    bool plain = !word.empty();
    for (char c : word) {
      bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                std::string_view("-_./:=+,@%").find(c) != std::string_view::npos;
      if (!ok) plain = false;
    }
    if (plain) {
      out += word;
      continue;
    }
    out += '\'';
    for (char c : word) {
      if (c == '\'')
        out += "'\"'\"'";
      else
        out += c;
    }
    out += '\'';
  }
  return out;
}

}  // namespace rm::control
