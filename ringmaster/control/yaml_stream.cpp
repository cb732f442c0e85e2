#include "ringmaster/control/yaml_stream.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <cstddef>
#include <sstream>

namespace rm::control::detail {
namespace {

// Records where a document starts and where its root node is, and whether that node is
// more than null (a later document of null alone, after a trailing '---', is harmless).
class DocumentWatch : public YAML::EventHandler {
 public:
  YAML::Mark start;
  std::optional<YAML::Mark> root;
  bool content = false;

  void OnDocumentStart(const YAML::Mark& mark) override {
    start = mark;
    root.reset();
    content = false;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { node(mark, false); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { node(mark, true); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string&) override {
    node(mark, true);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    node(mark, true);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    node(mark, true);
  }
  void OnMapEnd() override {}

 private:
  void node(const YAML::Mark& mark, bool has_content) {
    if (root) return;
    root = mark;
    content = has_content;
  }
};

std::string unexpected(const std::string& text, const YAML::Mark& at) {
  const auto pos = static_cast<std::size_t>(at.pos);
  const char c = pos < text.size() ? text[pos] : '\0';
  if (c == ',') return "unexpected ',' (a ',' separates items only inside [ ] or { })";
  if (c > ' ' && c < 0x7f) return std::string("unexpected '") + c + "'";
  return "unexpected text where a document should start";
}

}  // namespace

YamlStream parse_yaml_stream(const std::string& text) {
  YamlStream stream;
  {
    std::istringstream in(text);
    YAML::Parser parser(in);
    DocumentWatch watch;
    std::optional<int> previous_start;
    for (int index = 0; parser.HandleNextDocument(watch); ++index) {
      // A document starting where the one before started consumed nothing: the parser
      // is stuck on a token no node can start with, and would be for ever.
      if (previous_start == watch.start.pos)
        throw YAML::ParserException(watch.start, unexpected(text, watch.start));
      previous_start = watch.start.pos;
      if (index > 0 && watch.content && !stream.extra) stream.extra = watch.root;
    }
  }
  // The first document again, now as a node: yaml-cpp's node builder is not public. The
  // parse is the same as above, which has thrown for anything wrong in it.
  stream.first = YAML::Load(text);
  return stream;
}

}  // namespace rm::control::detail
