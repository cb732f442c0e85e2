// What of an SGF record depends on the engines' play: its moves and its result, to compare
// the games two ways of playing them gave (fresh or kept engines, local threads or workers).
#pragma once

#include <regex>
#include <string>

namespace rm::test {

// "Bdd Wee ... RE W+4.5"
inline std::string moves_and_result(const std::string& sgf) {
  std::string out;
  static const std::regex node(R"(;([BW])\[([a-z]*)\])");
  for (auto it = std::sregex_iterator(sgf.begin(), sgf.end(), node); it != std::sregex_iterator();
       ++it)
    out += (*it)[1].str() + (*it)[2].str() + " ";
  static const std::regex result(R"(RE\[([^\]]*)\])");
  std::smatch m;
  if (std::regex_search(sgf, m, result)) out += "RE " + m[1].str();
  return out;
}

}  // namespace rm::test
