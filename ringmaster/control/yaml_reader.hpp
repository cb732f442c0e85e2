#pragma once
// Typed, position-aware reading of YAML nodes: every error names file:line:column and the
// setting. For rm_control and each competition type's settings reader
// (competitions/<type>/<type>_settings.cpp).
#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/control/config_error.hpp"

namespace rm::control::detail {

// One YAML value and the dotted name of the setting it belongs to ("players.gnugo.cwd").
struct Field {
  YAML::Node node;
  std::string setting;
};

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }
  // "<file>:<line>:<column>: <setting>: <what>" (1-based positions).
  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& setting,
                         const std::string& what) const;
  [[noreturn]] void fail(const Field& f, const std::string& what) const {
    fail(f.node.Mark(), f.setting, what);
  }

 private:
  std::string file_;
};

std::string join_setting(const std::string& prefix, const std::string& key);

// The nearest of `candidates` to `word` by edit distance, if it is close enough to be a typo.
std::optional<std::string> nearest(const std::string& word,
                                   const std::vector<std::string>& candidates);

// A YAML mapping whose keys must all be in `allowed`: an unknown key is an error suggesting
// the nearest allowed one; a repeated key is an error.
class Mapping {
 public:
  Mapping(const Reader& reader, const Field& field, const std::vector<std::string>& allowed);
  // The value of `key`, or nullopt when it is absent or null (YAML `~` / empty).
  std::optional<Field> find(const std::string& key) const;
  // Like find(), but "<key>: not specified" when absent or null.
  Field require(const std::string& key) const;
  const Field& self() const { return field_; }
  const std::vector<std::pair<std::string, Field>>& entries() const { return entries_; }

 private:
  const Reader& reader_;
  Field field_;
  std::vector<std::pair<std::string, Field>> entries_;
};

// Each item of a YAML sequence ("setting[0]", "setting[1]", ...).
std::vector<Field> sequence_items(const Reader& r, const Field& f);
// A mapping of free keys (player codes, environment names) in file order, duplicates refused.
std::vector<std::pair<std::string, Field>> free_mapping(const Reader& r, const Field& f);

bool read_bool(const Reader& r, const Field& f);
long long read_int(const Reader& r, const Field& f);
int read_int_in(const Reader& r, const Field& f, long long lo, long long hi,
                const std::string& range_text);
int read_positive_int(const Reader& r, const Field& f);    // gomill: "must be positive integer"
double read_number(const Reader& r, const Field& f);       // an int or a float, not a quoted string
std::string read_string(const Reader& r, const Field& f);  // any scalar's text
std::string read_identifier(const Reader& r, const Field& f);
std::string read_enum(const Reader& r, const Field& f, const std::vector<std::string>& values);

// Checks gomill's identifier rule ([-!$%&*+-.:;<=>?^_~a-zA-Z0-9]+); returns "" if fine,
// else gomill's message ("empty string", "contains forbidden character: x").
std::string identifier_problem(const std::string& s);

// Whether a scalar was written in quotes (yaml-cpp tags non-plain scalars "!").
bool is_quoted(const YAML::Node& n);

}  // namespace rm::control::detail
