#pragma once
// A control file's text -> its one YAML document, refusing what yaml-cpp would accept
// silently or report badly: files that are not small regular files, NUL bytes, invalid
// UTF-8, a second document, YAML tags, nesting too deep, and gomill's Python control files.
// Internal to rm_control.
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>

namespace rm::control::detail {

// Reads and parses `path`. Throws ConfigError naming the file, the line and the column.
YAML::Node load_yaml_document(const std::string& path);

struct YamlProblem {
  YAML::Mark mark;
  std::string setting, what;
};

// The first YAML tag (`!!str 9`, `!foo 7.5`) or NUL character (from a "\0" escape) in `node`:
// Ringmaster gives no tag a meaning, and a NUL would cut an argument, a path or an
// environment value short. `setting` names the node in messages.
std::optional<YamlProblem> find_unplain_yaml(const YAML::Node& node, const std::string& setting);

// Throws ConfigError (file:line:column) for find_unplain_yaml's problem.
void check_plain_yaml(const std::string& file, const YAML::Node& node, const std::string& setting);

}  // namespace rm::control::detail
