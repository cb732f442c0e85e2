// The tuned candidate a tuner's game plays: its player code, its parameters as text and its
// engine values. It travels with the job and comes back with the result, so that the stored
// game says which candidate played it (reports and exports read it there).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace rm::game {

struct CandidateRecord {
  std::string code;        // the candidate's player code ("#17", "g0#3", "v1#0")
  std::string parameters;  // "pl: 300; c: 0.45"
  nlohmann::json values = nlohmann::json::array();  // engine values, one per parameter

  bool operator==(const CandidateRecord&) const = default;
};

nlohmann::json to_json(const CandidateRecord& candidate);
// Throws std::invalid_argument naming the offending field under `where` ("candidate.code").
CandidateRecord candidate_from_json(const nlohmann::json& j, const std::string& where);

}  // namespace rm::game
