// Reading typed fields out of JSON objects with errors that name the field path,
// so a bad job file says exactly what is wrong ("black.engine.process.argv: missing").
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rm::game::json_fields {

[[noreturn]] inline void fail(const std::string& path, const std::string& what) {
  throw std::invalid_argument(path + ": " + what);
}

inline std::string join(const std::string& prefix, const std::string& key) {
  return prefix.empty() ? key : prefix + "." + key;
}

inline const nlohmann::json& object(const nlohmann::json& j, const std::string& path) {
  if (!j.is_object()) fail(path.empty() ? "(top level)" : path, "expected a JSON object");
  return j;
}

inline const nlohmann::json* find(const nlohmann::json& j, const std::string& key) {
  auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

inline const nlohmann::json& required(const nlohmann::json& j, const std::string& prefix,
                                      const std::string& key) {
  const nlohmann::json* v = find(j, key);
  if (v == nullptr) fail(join(prefix, key), "missing");
  return *v;
}

// A job may come from another machine: it is checked as strictly as a control file.
// No string may hold a NUL: it would cut an argument, a path or an environment value short.
inline std::string as_string(const nlohmann::json& v, const std::string& path) {
  if (!v.is_string()) fail(path, "expected a string");
  auto s = v.get<std::string>();
  if (s.find('\0') != std::string::npos) fail(path, "contains a NUL character");
  return s;
}

// Refuses keys of the object `j` that are not in `allowed` (a misspelt field would
// otherwise be ignored silently).
inline void only_keys(const nlohmann::json& j, const std::string& path,
                      std::initializer_list<const char*> allowed) {
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool known = false;
    for (const char* a : allowed) known = known || it.key() == a;
    if (!known) fail(join(path, it.key()), "unknown field");
  }
}

// GTP command words and alias names: printable, no spaces ([\x21-\x7e\x80-\xff]+), as in
// control files.
inline bool is_gtp_word(const std::string& s) {
  if (s.empty()) return false;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (!((c >= 0x21 && c <= 0x7e) || c >= 0x80)) return false;
  }
  return true;
}

inline bool as_bool(const nlohmann::json& v, const std::string& path) {
  if (!v.is_boolean()) fail(path, "expected true or false");
  return v.get<bool>();
}

inline int as_int(const nlohmann::json& v, const std::string& path) {
  if (!v.is_number_integer()) fail(path, "expected an integer");
  auto n = v.get<long long>();
  if (n < -2147483647LL || n > 2147483647LL) fail(path, "integer out of range");
  return static_cast<int>(n);
}

inline double as_double(const nlohmann::json& v, const std::string& path) {
  if (!v.is_number()) fail(path, "expected a number");
  return v.get<double>();
}

inline std::vector<std::string> as_strings(const nlohmann::json& v, const std::string& path) {
  if (!v.is_array()) fail(path, "expected an array of strings");
  std::vector<std::string> out;
  std::size_t i = 0;
  for (const auto& item : v) {
    out.push_back(as_string(item, path + "[" + std::to_string(i) + "]"));
    ++i;
  }
  return out;
}

// Optional fields: absent keeps the default.
inline void get(const nlohmann::json& j, const std::string& prefix, const std::string& key,
                std::string& out) {
  if (const auto* v = find(j, key)) out = as_string(*v, join(prefix, key));
}
inline void get(const nlohmann::json& j, const std::string& prefix, const std::string& key,
                bool& out) {
  if (const auto* v = find(j, key)) out = as_bool(*v, join(prefix, key));
}
inline void get(const nlohmann::json& j, const std::string& prefix, const std::string& key,
                int& out) {
  if (const auto* v = find(j, key)) out = as_int(*v, join(prefix, key));
}
inline void get(const nlohmann::json& j, const std::string& prefix, const std::string& key,
                double& out) {
  if (const auto* v = find(j, key)) out = as_double(*v, join(prefix, key));
}
inline void get(const nlohmann::json& j, const std::string& prefix, const std::string& key,
                std::vector<std::string>& out) {
  if (const auto* v = find(j, key)) out = as_strings(*v, join(prefix, key));
}
// null or absent = nullopt
inline void get(const nlohmann::json& j, const std::string& prefix, const std::string& key,
                std::optional<double>& out) {
  const auto* v = find(j, key);
  if (v == nullptr || v->is_null()) {
    out.reset();
    return;
  }
  out = as_double(*v, join(prefix, key));
}

}  // namespace rm::game::json_fields
