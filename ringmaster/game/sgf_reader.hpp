// A small SGF (FF[4]) reader for opening files: each game tree of a collection, as its main
// line (the first variation at every branch), node by node with the properties' raw values
// and where they were found, for messages that point into the file.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace rm::game {

struct SgfPosition {
  int line = 1;    // 1-based
  int column = 1;  // 1-based, in bytes
};

struct SgfProperty {
  std::string id;                   // "B", "AB", "SZ"...
  std::vector<std::string> values;  // unescaped text of each [value]
  SgfPosition position;             // of the identifier
};

struct SgfNode {
  std::vector<SgfProperty> properties;
  SgfPosition position;  // of the ';'
  const SgfProperty* find(const std::string& id) const;
};

struct SgfGameTree {
  std::vector<SgfNode> main_line;
  SgfPosition position;  // of the '('
};

// Thrown for text that is not SGF; what() is "line L column C: <what>".
class SgfSyntaxError : public std::runtime_error {
 public:
  SgfSyntaxError(SgfPosition p, const std::string& what);
  SgfPosition position;
};

// Every game tree of the collection in `text` (at least one). Text before the first '(' is
// ignored, as FF[4] allows.
std::vector<SgfGameTree> read_sgf_collection(const std::string& text);

}  // namespace rm::game
