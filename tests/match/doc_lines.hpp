// The `ringmaster match` command lines that docs/match.md gives as cutechess-cli, fastchess
// and twogtp users' equivalents: the first ```sh block after the heading below, each line
// (with its `\` continuations) split into words as a shell would, `ringmaster match` dropped.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/process/process.hpp"

namespace rm::test {

inline std::vector<std::vector<std::string>> match_doc_lines() {
  std::ifstream in(std::string(RM_SOURCE_DIR) + "/docs/match.md");
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string text = doc.str();
  const auto heading = text.find("## For cutechess-cli, fastchess and twogtp users");
  REQUIRE(heading != std::string::npos);
  const auto begin = text.find("```sh\n", heading);
  REQUIRE(begin != std::string::npos);
  const auto end = text.find("```", begin + 6);
  std::istringstream block(text.substr(begin + 6, end - begin - 6));
  std::vector<std::vector<std::string>> lines;
  std::string line, command;
  while (std::getline(block, line)) {
    if (command.empty() && line.rfind("ringmaster match ", 0) != 0) continue;
    const bool continued = !line.empty() && line.back() == '\\';
    command += continued ? line.substr(0, line.size() - 1) : line;
    if (continued) continue;
    auto words = rm::process::split_command_line(command);
    lines.emplace_back(words.begin() + 2, words.end());
    command.clear();
  }
  return lines;
}

}  // namespace rm::test
