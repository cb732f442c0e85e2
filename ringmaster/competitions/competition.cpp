#include "ringmaster/competitions/competition.hpp"

#include <set>

namespace rm::comp {
namespace {

// "board_size, matchups": the top-level keys whose values differ (or that only one side has).
std::string differing_keys(const nlohmann::json& stored, const nlohmann::json& current) {
  if (!stored.is_object() || !current.is_object()) return "definition";
  std::set<std::string> keys;
  for (auto it = stored.begin(); it != stored.end(); ++it) keys.insert(it.key());
  for (auto it = current.begin(); it != current.end(); ++it) keys.insert(it.key());
  std::string out;
  for (const auto& k : keys) {
    bool same = stored.contains(k) && current.contains(k) && stored.at(k) == current.at(k);
    if (!same) out += (out.empty() ? "" : ", ") + k;
  }
  return out;
}

}  // namespace

void Competition::check_stored_definition(const nlohmann::json& stored) const {
  const nlohmann::json current = definition();
  if (stored == current) return;
  throw IncompatibleState(
      "the control file has changed incompatibly since the competition started (" +
      differing_keys(stored, current) + ")");
}

}  // namespace rm::comp
