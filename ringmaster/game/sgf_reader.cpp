#include "ringmaster/game/sgf_reader.hpp"

#include <cctype>

namespace rm::game {

const SgfProperty* SgfNode::find(const std::string& id) const {
  for (const auto& p : properties)
    if (p.id == id) return &p;
  return nullptr;
}

SgfSyntaxError::SgfSyntaxError(SgfPosition p, const std::string& what)
    : std::runtime_error("line " + std::to_string(p.line) + " column " + std::to_string(p.column) +
                         ": " + what),
      position(p) {}

namespace {

class Parser {
 public:
  explicit Parser(const std::string& text) : text_(text) {}

  std::vector<SgfGameTree> collection() {
    std::vector<SgfGameTree> trees;
    while (pos_ < text_.size() && text_[pos_] != '(') advance();
    if (pos_ >= text_.size()) throw SgfSyntaxError(here(), "not SGF: no game tree ('(') found");
    while (true) {
      skip_space();
      if (pos_ >= text_.size()) break;
      if (text_[pos_] != '(')
        throw SgfSyntaxError(here(), std::string("expected '(' but found '") + text_[pos_] + "'");
      SgfGameTree tree;
      tree.position = here();
      game_tree(tree.main_line);
      if (tree.main_line.empty()) throw SgfSyntaxError(tree.position, "game tree has no nodes");
      trees.push_back(std::move(tree));
    }
    return trees;
  }

 private:
  SgfPosition here() const { return {line_, column_}; }
  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++pos_;
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) advance();
  }
  void expect_more(const char* what) {
    if (pos_ >= text_.size())
      throw SgfSyntaxError(here(), std::string("unexpected end of file ") + what);
  }

  // '(' node+ game_tree* ')'; only the first subtree extends the main line. Iterative, with
  // an explicit stack: a hostile file nesting variations 100,000 deep must not overflow the
  // call stack.
  void game_tree(std::vector<SgfNode>& main_line) {
    struct Open {
      bool keep;          // this tree's nodes are on the main line
      bool first = true;  // no subtree of it opened yet
    };
    std::vector<Open> open;
    open_tree(main_line, true);
    open.push_back({true});
    while (!open.empty()) {
      skip_space();
      expect_more("in a game tree (missing ')')");
      if (text_[pos_] == ')') {
        advance();
        open.pop_back();
        continue;
      }
      if (text_[pos_] != '(')
        throw SgfSyntaxError(here(),
                             std::string("unexpected '") + text_[pos_] + "' in a game tree");
      const bool keep = open.back().keep && open.back().first;
      open.back().first = false;
      open_tree(main_line, keep);
      open.push_back({keep});
    }
  }

  // '(' node+: the start of a game tree, up to its first subtree or its ')'.
  void open_tree(std::vector<SgfNode>& main_line, bool keep) {
    advance();  // '('
    skip_space();
    expect_more("in a game tree");
    if (text_[pos_] != ';') throw SgfSyntaxError(here(), "expected ';' to start a node");
    while (true) {
      skip_space();
      expect_more("in a game tree (missing ')')");
      if (text_[pos_] != ';') break;
      SgfNode node = parse_node();
      if (keep) main_line.push_back(std::move(node));
    }
  }

  SgfNode parse_node() {
    SgfNode node;
    node.position = here();
    advance();  // ';'
    while (true) {
      skip_space();
      if (pos_ >= text_.size() || !std::isupper(static_cast<unsigned char>(text_[pos_]))) {
        if (pos_ < text_.size() && std::islower(static_cast<unsigned char>(text_[pos_])))
          throw SgfSyntaxError(here(), "property identifiers must be upper case letters");
        return node;
      }
      SgfProperty prop;
      prop.position = here();
      while (pos_ < text_.size() && std::isupper(static_cast<unsigned char>(text_[pos_]))) {
        prop.id += text_[pos_];
        advance();
      }
      skip_space();
      expect_more("after a property identifier");
      if (text_[pos_] != '[')
        throw SgfSyntaxError(here(), "property " + prop.id + " has no value ('[' expected)");
      while (pos_ < text_.size() && text_[pos_] == '[') {
        prop.values.push_back(value());
        skip_space();
      }
      for (const auto& existing : node.properties)
        if (existing.id == prop.id)
          throw SgfSyntaxError(prop.position, "property " + prop.id + " repeated in one node");
      node.properties.push_back(std::move(prop));
    }
  }

  std::string value() {
    const SgfPosition start = here();
    advance();  // '['
    std::string v;
    while (true) {
      if (pos_ >= text_.size()) throw SgfSyntaxError(start, "value not closed (missing ']')");
      char c = text_[pos_];
      if (c == ']') {
        advance();
        return v;
      }
      if (c == '\\') {
        advance();
        if (pos_ >= text_.size()) throw SgfSyntaxError(start, "value not closed (missing ']')");
        c = text_[pos_];
      }
      v += c;
      advance();
    }
  }

  const std::string& text_;
  std::size_t pos_ = 0;
  int line_ = 1, column_ = 1;
};

}  // namespace

std::vector<SgfGameTree> read_sgf_collection(const std::string& text) {
  return Parser(text).collection();
}

}  // namespace rm::game
