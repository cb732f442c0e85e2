#include "ringmaster/competitions/game_numbers.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rm::comp {

std::optional<int> GameNumbers::issue(std::optional<int> limit) {
  int number = 0;
  if (has_reissue(limit)) {
    number = *to_reissue_.begin();
    to_reissue_.erase(to_reissue_.begin());
  } else {
    if (limit && next_new_ >= *limit) return std::nullopt;
    number = next_new_++;
  }
  outstanding_.insert(number);
  return number;
}

void GameNumbers::fix(int number, bool void_game) {
  if (outstanding_.erase(number) == 0)
    throw std::logic_error("game number " + std::to_string(number) + " is not in progress");
  ++fixed_;
  if (void_game) ++void_;
}

nlohmann::json GameNumbers::to_json() const {
  nlohmann::json unfixed = nlohmann::json::array();
  for (int n : to_reissue_) unfixed.push_back(n);
  for (int n : outstanding_) unfixed.push_back(n);
  std::sort(unfixed.begin(), unfixed.end());
  nlohmann::json j{{"next", next_new_}, {"fixed", fixed_}, {"unfixed", unfixed}};
  if (void_ != 0) j["void"] = void_;
  return j;
}

GameNumbers GameNumbers::from_json(const nlohmann::json& j) {
  GameNumbers numbers;
  try {
    numbers.next_new_ = j.at("next").get<int>();
    numbers.fixed_ = j.at("fixed").get<int>();
    numbers.void_ = j.value("void", 0);
    for (const auto& n : j.at("unfixed")) {
      const int number = n.get<int>();
      if (number < 0 || number >= numbers.next_new_)
        throw std::invalid_argument("unfixed number out of range");
      numbers.to_reissue_.insert(number);
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("game numbers: ") + e.what());
  }
  if (numbers.next_new_ < 0 || numbers.fixed_ < 0 || numbers.void_ < 0 ||
      numbers.void_ > numbers.fixed_ ||
      numbers.fixed_ + static_cast<int>(numbers.to_reissue_.size()) != numbers.next_new_)
    throw std::invalid_argument("game numbers: counts do not add up");
  return numbers;
}

}  // namespace rm::comp
