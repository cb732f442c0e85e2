// Typed YAML reading with file:line:column errors.
#include "ringmaster/control/yaml_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

#include "ringmaster/control/utf8.hpp"

namespace rm::control::detail {

void Reader::fail(const YAML::Mark& mark, const std::string& setting,
                  const std::string& what) const {
  std::string where = file_;
  if (mark.line >= 0)
    where += ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1);
  throw ConfigError(where + ": " + (setting.empty() ? "" : setting + ": ") + what);
}

std::string join_setting(const std::string& prefix, const std::string& key) {
  return prefix.empty() ? key : prefix + "." + key;
}

namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string kind_of(const YAML::Node& n) {
  if (n.IsMap()) return "a mapping";
  if (n.IsSequence()) return "a list";
  if (n.IsNull()) return "empty";
  return "'" + n.Scalar() + "'";
}

const std::string& scalar(const Reader& r, const Field& f, const char* wanted) {
  if (!f.node.IsScalar()) r.fail(f, std::string("must be ") + wanted + ", not " + kind_of(f.node));
  return f.node.Scalar();
}

}  // namespace

std::optional<std::string> nearest(const std::string& word,
                                   const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& c : candidates) {
    std::size_t d = edit_distance(word, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return best;
}

bool is_quoted(const YAML::Node& n) {
  return n.IsScalar() && n.Tag() == "!";
}

Mapping::Mapping(const Reader& reader, const Field& field, const std::vector<std::string>& allowed)
    : reader_(reader), field_(field) {
  if (!field.node.IsMap())
    reader.fail(field, "must be a mapping (key: value lines), not " + kind_of(field.node));
  std::set<std::string> seen;
  // Range-for keeps yaml-cpp's key/value pair alive (it->first would point into a temporary).
  for (const auto& entry : field.node) {
    const YAML::Node& key = entry.first;
    std::string name = key.IsScalar() ? key.Scalar() : "";
    std::string setting = join_setting(field.setting, name);
    if (!key.IsScalar()) reader.fail(key.Mark(), field.setting, "keys must be plain names");
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      std::string what = "unknown setting '" + name + "'";
      if (auto near = nearest(name, allowed)) what += " (did you mean '" + *near + "'?)";
      reader.fail(key.Mark(), field.setting, what);
    }
    if (!seen.insert(name).second) reader.fail(key.Mark(), setting, "set more than once");
    entries_.emplace_back(name, Field{entry.second, setting});
  }
}

std::optional<Field> Mapping::find(const std::string& key) const {
  for (const auto& [name, f] : entries_)
    if (name == key) return f.node.IsNull() ? std::nullopt : std::optional<Field>(f);
  return std::nullopt;
}

Field Mapping::require(const std::string& key) const {
  if (auto f = find(key)) return *f;
  reader_.fail(field_.node.Mark(), join_setting(field_.setting, key), "not specified");
}

std::vector<Field> sequence_items(const Reader& r, const Field& f) {
  if (!f.node.IsSequence()) r.fail(f, "must be a list, not " + kind_of(f.node));
  std::vector<Field> items;
  for (std::size_t i = 0; i < f.node.size(); ++i)
    items.push_back(Field{f.node[i], f.setting + "[" + std::to_string(i) + "]"});
  return items;
}

std::vector<std::pair<std::string, Field>> free_mapping(const Reader& r, const Field& f) {
  if (!f.node.IsMap()) r.fail(f, "must be a mapping, not " + kind_of(f.node));
  std::vector<std::pair<std::string, Field>> out;
  std::set<std::string> seen;
  for (const auto& entry : f.node) {
    if (!entry.first.IsScalar()) r.fail(entry.first.Mark(), f.setting, "keys must be plain names");
    std::string name = entry.first.Scalar();
    if (!seen.insert(name).second)
      r.fail(entry.first.Mark(), join_setting(f.setting, name), "set more than once");
    out.emplace_back(name, Field{entry.second, join_setting(f.setting, name)});
  }
  return out;
}

bool read_bool(const Reader& r, const Field& f) {
  const std::string& s = scalar(r, f, "true or false");
  if (!is_quoted(f.node)) {
    if (s == "true" || s == "True" || s == "TRUE") return true;
    if (s == "false" || s == "False" || s == "FALSE") return false;
  }
  r.fail(f, "invalid True/False value '" + s + "' (use true or false)");
}

long long read_int(const Reader& r, const Field& f) {
  const std::string& s = scalar(r, f, "an integer");
  long long v = 0;
  const char* begin = s.data();
  const char* end = s.data() + s.size();
  if (!s.empty() && s[0] == '+') ++begin;
  auto res = std::from_chars(begin, end, v);
  if (!is_quoted(f.node) && res.ec == std::errc::result_out_of_range && res.ptr == end)
    r.fail(f, "integer out of range (got " + kind_of(f.node) + ")");
  if (is_quoted(f.node) || s.empty() || res.ec != std::errc() || res.ptr != end)
    r.fail(f, "must be an integer (got " + kind_of(f.node) + ")");
  return v;
}

int read_int_in(const Reader& r, const Field& f, long long lo, long long hi,
                const std::string& range_text) {
  long long v = read_int(r, f);
  if (v < lo || v > hi) r.fail(f, range_text + " (got " + std::to_string(v) + ")");
  return static_cast<int>(v);
}

int read_positive_int(const Reader& r, const Field& f) {
  const std::string& s = scalar(r, f, "a positive integer");
  long long v = 0;
  auto res = std::from_chars(s.data(), s.data() + s.size(), v);
  if (is_quoted(f.node) || s.empty() || res.ec != std::errc() || res.ptr != s.data() + s.size() ||
      v <= 0 || v > 2147483647LL)
    r.fail(f, "must be positive integer (got " + kind_of(f.node) + ")");
  return static_cast<int>(v);
}

double read_number(const Reader& r, const Field& f) {
  const std::string& s = scalar(r, f, "a number");
  double v = 0;
  const char* begin = s.data();
  const char* end = s.data() + s.size();
  if (!s.empty() && s[0] == '+') ++begin;
  auto res = std::from_chars(begin, end, v);
  // from_chars gives result_out_of_range for a number beyond a double (1e400) or below its
  // smallest (1e-400); both are surely mistakes.
  if (!is_quoted(f.node) && res.ec == std::errc::result_out_of_range && res.ptr == end)
    r.fail(f, "number out of range (got " + kind_of(f.node) + ")");
  if (is_quoted(f.node) || s.empty() || res.ec != std::errc() || res.ptr != end ||
      !std::isfinite(v))
    r.fail(f, "must be a number (got " + kind_of(f.node) + ")");
  return v;
}

std::string read_string(const Reader& r, const Field& f) {
  return scalar(r, f, "a string");
}

std::string identifier_problem(const std::string& s) {
  if (s.empty()) return "empty string";
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
        (c != '\0' && std::string_view("-!$%&*+,.:;<=>?^_~").find(c) != std::string_view::npos);
    if (ok) continue;
    // Show the whole character, not one byte of its UTF-8 encoding.
    std::size_t len = utf8_sequence_length(s, i);
    if (c == '\0' || len == 0 ||
        (len == 1 && (static_cast<unsigned char>(c) < 0x20 || c == 0x7f))) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(c));
      return std::string("contains forbidden character: ") + hex;
    }
    return "contains forbidden character: " + s.substr(i, len);
  }
  return "";
}

std::string read_identifier(const Reader& r, const Field& f) {
  std::string s = read_string(r, f);
  std::string problem = identifier_problem(s);
  if (!problem.empty()) r.fail(f, problem);
  return s;
}

std::string read_enum(const Reader& r, const Field& f, const std::vector<std::string>& values) {
  std::string s = read_string(r, f);
  if (std::find(values.begin(), values.end(), s) != values.end()) return s;
  std::string list;
  for (const auto& v : values) list += (list.empty() ? "" : ", ") + v;
  std::string what = "unknown value '" + s + "' (one of: " + list + ")";
  r.fail(f, what);
}

}  // namespace rm::control::detail
