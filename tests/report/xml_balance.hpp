// A small check that generated HTML/SVG is well nested: every opened element is closed in
// order (HTML's void elements and self-closing tags excepted). Returns "" or the first fault.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace rm::test {

inline std::string first_nesting_fault(const std::string& text) {
  static const std::set<std::string> kVoid{"meta", "br", "hr", "img", "input", "link", "!DOCTYPE"};
  std::vector<std::string> open;
  std::size_t pos = 0;
  while ((pos = text.find('<', pos)) != std::string::npos) {
    const std::size_t end = text.find('>', pos);
    if (end == std::string::npos) return "unterminated tag at " + std::to_string(pos);
    std::string tag = text.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    if (tag.empty()) return "empty tag";
    if (tag.rfind("!--", 0) == 0) continue;
    const bool closing = tag[0] == '/';
    const bool self_closing = tag.back() == '/';
    std::string name = tag.substr(closing ? 1 : 0);
    name = name.substr(0, name.find_first_of(" \n/"));
    if (kVoid.count(name) || self_closing) continue;
    if (name == "style" || name == "pre") {
      // Their content is text: skip to the closing tag.
      const std::size_t close = text.find("</" + name + ">", pos);
      if (close == std::string::npos) return "unclosed <" + name + ">";
      pos = close + name.size() + 3;
      continue;
    }
    if (!closing) {
      open.push_back(name);
      continue;
    }
    if (open.empty() || open.back() != name)
      return "</" + name + "> closes <" + (open.empty() ? std::string("nothing") : open.back()) +
             ">";
    open.pop_back();
  }
  if (!open.empty()) return "<" + open.back() + "> never closed";
  return "";
}

}  // namespace rm::test
