#include "ringmaster/game/candidate_record.hpp"

#include "ringmaster/game/json_fields.hpp"

namespace rm::game {

nlohmann::json to_json(const CandidateRecord& candidate) {
  return {
      {"code", candidate.code}, {"parameters", candidate.parameters}, {"values", candidate.values}};
}

CandidateRecord candidate_from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_fields;
  object(j, where);
  only_keys(j, where, {"code", "parameters", "values"});
  CandidateRecord c;
  c.code = as_string(required(j, where, "code"), where + ".code");
  get(j, where, "parameters", c.parameters);
  if (const auto* values = find(j, "values"); values != nullptr) {
    if (!values->is_array()) fail(where + ".values", "expected an array");
    c.values = *values;
  }
  return c;
}

}  // namespace rm::game
