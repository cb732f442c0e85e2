#pragma once
// Pieces of the live view's lines, which each competition type makes from its JSON report
// (CompetitionType::live_lines): the report's numbers as the lines show them.
#include <nlohmann/json.hpp>
#include <string>

namespace rm::comp {

// A rate as a percentage with one decimal ("66.7%"); "?" when it is not a number.
std::string rate_text(const nlohmann::json& v);

// object[key] as a number ("inf" and "-inf" as infinities); `fallback` when absent or not one.
double json_number(const nlohmann::json& object, const char* key, double fallback);

}  // namespace rm::comp
