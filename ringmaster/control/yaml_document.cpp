// Reading a control file into one YAML document, with the checks yaml-cpp does not make.
#include "ringmaster/control/yaml_document.hpp"

#include <yaml-cpp/depthguard.h>

#include <optional>
#include <set>
#include <utility>
#include <variant>
#include <vector>

#include "ringmaster/control/config_error.hpp"
#include "ringmaster/control/utf8.hpp"
#include "ringmaster/control/yaml_stream.hpp"
#include "ringmaster/game/bounded_file.hpp"

namespace rm::control::detail {
namespace {

struct Position {
  int line = 1, column = 1;  // 1-based
};

[[noreturn]] void fail_at(const std::string& file, Position p, const std::string& what) {
  throw ConfigError(file + ":" + std::to_string(p.line) + ":" + std::to_string(p.column) + ": " +
                    what);
}

[[noreturn]] void fail_at(const std::string& file, const YAML::Mark& m, const std::string& setting,
                          const std::string& what) {
  fail_at(file, Position{m.line + 1, m.column + 1}, (setting.empty() ? "" : setting + ": ") + what);
}

// Checks the raw bytes: no NUL (YAML allows none, and C strings would stop there) and
// strictly valid UTF-8.
void check_bytes(const std::string& file, const std::string& text) {
  Position p;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\0') fail_at(file, p, "file contains a NUL byte");
    std::size_t len = utf8_sequence_length(text, i);
    if (len == 0) fail_at(file, p, "file is not encoded in UTF-8");
    if (text[i] == '\n') {
      ++p.line;
      p.column = 0;
    }
    ++p.column;
    i += len;
  }
}

// The 1-based line of the first line that looks like a Python assignment at the top level
// ("competition_type = 'mc_tuner'"), as gomill's .ctl files are written; YAML has none.
std::optional<int> python_assignment_line(const std::string& text) {
  int line = 0;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    ++line;
    std::string_view l(text.data() + start, end - start);
    std::size_t i = 0;
    auto ident = [](char c, bool first) {
      return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
             (!first && c >= '0' && c <= '9');
    };
    if (!l.empty() && ident(l[0], true)) {
      while (i < l.size() && ident(l[i], i == 0)) ++i;
      while (i < l.size() && l[i] == ' ') ++i;
      if (i < l.size() && l[i] == '=' && (i + 1 == l.size() || l[i + 1] != '=')) return line;
    }
    start = end + 1;
  }
  return std::nullopt;
}

void refuse_if_gomill(const std::string& file, const std::string& text) {
  if (auto line = python_assignment_line(text))
    fail_at(file, Position{*line, 1},
            "this looks like a gomill (Python) control file; Ringmaster's control files are YAML "
            "(see docs/migrating-from-gomill.md to convert it)");
}

// yaml-cpp reports nesting beyond its limit where the limit is reached; the user needs the
// setting it starts in: the nearest line before it that starts at column 1.
[[noreturn]] void too_deep(const std::string& file, const std::string& text,
                           const YAML::Mark& reached) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.emplace_back(text.data() + start, end - start);
    start = end + 1;
  }
  std::string where =
      "line " + std::to_string(reached.line + 1) + ", column " + std::to_string(reached.column + 1);
  for (int i = std::min<int>(reached.line, static_cast<int>(lines.size()) - 1); i >= 0; --i) {
    std::string_view l = lines[static_cast<std::size_t>(i)];
    if (l.empty() || l[0] == ' ' || l[0] == '\t' || l[0] == '#') continue;
    std::string key(l.substr(0, std::min(l.find(':'), l.size())));
    fail_at(file, Position{i + 1, 1},
            key +
                ": nested too deep (the value starting here is nested beyond the YAML reader's "
                "limit at " +
                where + ")");
  }
  fail_at(file, Position{reached.line + 1, reached.column + 1}, "YAML nested too deep");
}

std::string display_tag(const std::string& tag) {
  const std::string core = "tag:yaml.org,2002:";
  return tag.rfind(core, 0) == 0 ? "!!" + tag.substr(core.size()) : tag;
}

}  // namespace

namespace {

// Walks every node once. An alias (*name) is the very node its anchor names, so a node met
// again (same place in the text, same kind) is skipped: a few lines of aliases of aliases
// ("billion laughs") would otherwise make the walk exponential. An anchor comes before its
// aliases, so every node is first met where its text is: the recursion is no deeper than
// the nesting in the text, which the parser has bounded.
class PlainYamlWalk {
 public:
  std::optional<YamlProblem> visit(const YAML::Node& node, const std::string& setting) {
    if (!node.IsDefined()) return std::nullopt;
    if (!seen_.emplace(node.Mark().pos, static_cast<int>(node.Type())).second) return std::nullopt;
    const std::string& tag = node.Tag();
    // "?": no tag (plain); "!": the non-specific tag yaml-cpp gives quoted scalars.
    if (!tag.empty() && tag != "?" && tag != "!")
      return YamlProblem{node.Mark(), setting,
                         "YAML tag '" + display_tag(tag) +
                             "' is not supported (write the value without a tag; quote a string)"};
    if (node.IsNull()) return std::nullopt;
    if (node.IsScalar() && node.Scalar().find('\0') != std::string::npos)
      return YamlProblem{node.Mark(), setting, "contains a NUL character"};
    std::optional<YamlProblem> found;
    if (node.IsSequence()) {
      std::size_t i = 0;
      for (const auto& item : node) {
        if (!found) found = visit(item, setting + "[" + std::to_string(i) + "]");
        ++i;
      }
    } else if (node.IsMap()) {
      for (const auto& entry : node) {
        std::string key = entry.first.IsScalar() ? entry.first.Scalar() : "";
        if (!found) found = visit(entry.first, setting);
        if (!found) found = visit(entry.second, setting.empty() ? key : setting + "." + key);
      }
    }
    return found;
  }

 private:
  std::set<std::pair<int, int>> seen_;  // (position in the text, node type)
};

}  // namespace

std::optional<YamlProblem> find_unplain_yaml(const YAML::Node& node, const std::string& setting) {
  return PlainYamlWalk().visit(node, setting);
}

void check_plain_yaml(const std::string& file, const YAML::Node& node, const std::string& setting) {
  if (auto p = find_unplain_yaml(node, setting)) fail_at(file, p->mark, p->setting, p->what);
}

YAML::Node load_yaml_document(const std::string& path) {
  auto read = rm::game::read_bounded_file(path);
  if (auto* problem = std::get_if<rm::game::FileProblem>(&read))
    throw ConfigError(path + ": cannot read control file: " + problem->message);
  const std::string& text = std::get<std::string>(read);
  check_bytes(path, text);
  YamlStream stream;
  try {
    stream = parse_yaml_stream(text);
  } catch (const YAML::DeepRecursion& e) {
    too_deep(path, text, e.mark);
  } catch (const YAML::ParserException& e) {
    refuse_if_gomill(path, text);
    fail_at(path, Position{e.mark.line + 1, e.mark.column + 1}, "YAML syntax error: " + e.msg);
  }
  // A trailing '---' with nothing after it is harmless; anything more would be ignored.
  if (stream.extra)
    fail_at(path, *stream.extra, "",
            "a second YAML document starts here (after '---' or '...'); a control file is one "
            "document");
  YAML::Node root = stream.first;
  if (!root.IsMap()) refuse_if_gomill(path, text);
  check_plain_yaml(path, root, "");
  return root;
}

}  // namespace rm::control::detail
