// The refusal every tuner gives on resume when its control file changed what must not change:
// "control file is inconsistent with the stored competition: <change>; <change>".
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace rm::comp {

// j[key], or null when j is not an object or has no such key (a stored definition may be old).
nlohmann::json definition_field(const nlohmann::json& j, const char* key);

// Appends "<label> changed from <was> to <now>" (JSON text) when the two differ.
void note_change(std::vector<std::string>& changes, const std::string& label,
                 const nlohmann::json& was, const nlohmann::json& now);

// Throws IncompatibleState listing every change; returns when there is none.
void refuse_if_changed(const std::vector<std::string>& changes);

}  // namespace rm::comp
