#include "ringmaster/competitions/definition_changes.hpp"

#include "ringmaster/competitions/competition.hpp"

namespace rm::comp {

nlohmann::json definition_field(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) ? j[key] : nlohmann::json();
}

void note_change(std::vector<std::string>& changes, const std::string& label,
                 const nlohmann::json& was, const nlohmann::json& now) {
  if (was != now) changes.push_back(label + " changed from " + was.dump() + " to " + now.dump());
}

void refuse_if_changed(const std::vector<std::string>& changes) {
  if (changes.empty()) return;
  std::string message = "control file is inconsistent with the stored competition: ";
  for (std::size_t i = 0; i < changes.size(); ++i) message += (i == 0 ? "" : "; ") + changes[i];
  throw IncompatibleState(message);
}

}  // namespace rm::comp
