#pragma once
// A YAML stream's documents, parsed without yaml-cpp 0.7's LoadAll, which loops for ever
// (allocating a null document per turn) when the next token cannot start a node and the
// parser therefore consumes nothing: a ',' at the top level, as in the two bytes ",\n"
// (upstream issue "Comma causing infinite loop"). Internal to rm_control.
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>

namespace rm::control::detail {

struct YamlStream {
  YAML::Node first;                 // the first document (null for an empty stream)
  std::optional<YAML::Mark> extra;  // where a later document with content starts, if any
};

// Throws YAML::ParserException (a token no document can start with among them) and
// YAML::DeepRecursion as yaml-cpp does.
YamlStream parse_yaml_stream(const std::string& text);

}  // namespace rm::control::detail
