#include "ringmaster/competitions/tuner_results.hpp"

namespace rm::comp {

rm::game::CandidateRecord candidate_record(const std::string& code, const std::string& parameters,
                                           const std::vector<rm::scales::Value>& values) {
  rm::game::CandidateRecord record{code, parameters, nlohmann::json::array()};
  for (const auto& v : values) record.values.push_back(rm::scales::value_to_json(v));
  return record;
}

std::optional<int> parse_game_number(const std::string& game_id) {
  if (game_id.empty() || game_id.size() > 9) return std::nullopt;
  int number = 0;
  for (char c : game_id) {
    if (c < '0' || c > '9') return std::nullopt;
    number = number * 10 + (c - '0');
  }
  return number;
}

void note_opponent_description(std::string& description, const rm::game::GameResult& r,
                               const std::string& opponent) {
  const bool opponent_is_black = r.black_code == opponent;
  const std::string& long_description =
      opponent_is_black ? r.black_long_description : r.white_long_description;
  const std::string& short_description =
      opponent_is_black ? r.black_short_description : r.white_short_description;
  if (!long_description.empty())
    description = long_description;
  else if (!short_description.empty())
    description = short_description;
}

}  // namespace rm::comp
