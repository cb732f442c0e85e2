// gomill's Engine_description rules (gtp_controller.py).
#include <algorithm>
#include <cctype>

#include "engine/gtp/controller.hpp"

namespace rm::gtp {

namespace {
std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}
std::string lstrip(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return s.substr(i);
}
}  // namespace

std::optional<std::string> Description::clean_version() const {
  if (!version) return std::nullopt;
  std::string v = *version;
  if (name && lower(v).rfind(lower(*name), 0) == 0) v = lstrip(v.substr(name->size()));
  // Some engines put usage instructions in the version string (for kgsGTP).
  if (v.size() > 64) {
    if (auto p = v.find(". Please read http:"); p != std::string::npos)
      return v.substr(0, p);                                                              // MoGo
    if (auto p = v.find(": I'm playing"); p != std::string::npos) return v.substr(0, p);  // Pachi
    const std::string t = lstrip(v);
    return t.substr(0, t.find_first_of(" \t\n\r\f\v"));
  }
  return v;
}

std::string Description::short_description() const {
  if (!name) return {};
  const auto cv = clean_version();
  if (!cv || cv->size() > 32) return *name;
  return *name + ":" + *cv;
}

std::string Description::long_description() const {
  if (describe_engine) return *describe_engine;
  const auto cv = clean_version();
  if (!name) return cv ? "version " + *cv : std::string();
  return cv ? *name + ":" + *cv : *name;
}

}  // namespace rm::gtp
