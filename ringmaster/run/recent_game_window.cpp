#include "ringmaster/run/recent_game_window.hpp"

#include <algorithm>
#include <iterator>

#include "ringmaster/competitions/validation.hpp"

namespace rm::run {
namespace {

std::vector<nlohmann::json> values_of(const nlohmann::json& values) {
  std::vector<nlohmann::json> out;
  if (values.is_array())
    for (const auto& v : values) out.push_back(v);
  return out;
}

}  // namespace

rm::report::GameRecord game_record(rm::game::GameResult result, const std::string& opponent) {
  rm::report::GameRecord g{std::move(result)};
  if (opponent.empty()) return g;
  // Games stored before results carried their candidate have no parameters or values.
  const auto& r = g.result;
  g.candidate = r.black_code == opponent ? r.white_code : r.black_code;
  g.validation = rm::comp::Validation::is_validation_id(r.game_id);
  if (!r.candidate) return g;
  g.parameters = r.candidate->parameters;
  g.values = values_of(r.candidate->values);
  return g;
}

RecentGameWindow::RecentGameWindow(int capacity) : capacity_(std::max(capacity, 0)) {}

bool RecentGameWindow::still_valid(rm::store::Store& store, const std::string& opponent) {
  if (last_seq_ == 0 || opponent != opponent_) return false;
  if (store.game_stamp_at(last_seq_) != last_stamp_) return false;
  return std::none_of(games_.begin(), games_.end(), [](const rm::report::GameRecord& g) {
    return !g.result.unwritten_sgf.empty();
  });
}

void RecentGameWindow::update(rm::store::Store& store, const std::string& opponent) {
  // One read transaction: the last seq and the games up to it agree.
  store.read_consistently([&] {
    const std::int64_t upto = store.last_game_seq();
    const bool valid = still_valid(store, opponent) && upto >= last_seq_;
    if (!valid) games_.clear();
    auto fresh = store.recent_games_between(valid ? last_seq_ : 0, upto, capacity_);
    const std::size_t keep = static_cast<std::size_t>(capacity_);
    const std::size_t total = games_.size() + fresh.size();
    if (total > keep)
      games_.erase(games_.begin(), games_.begin() + static_cast<std::ptrdiff_t>(
                                                        std::min(games_.size(), total - keep)));
    games_.reserve(std::min(total, keep));
    for (auto& r : fresh) games_.push_back(game_record(std::move(r), opponent));
    last_seq_ = upto;
    last_stamp_ = store.game_stamp_at(upto);
    opponent_ = opponent;
  });
}

std::vector<rm::report::GameRecord> RecentGameWindow::lend() {
  lent_seq_ = last_seq_;
  last_seq_ = 0;
  return std::move(games_);
}

void RecentGameWindow::give_back(std::vector<rm::report::GameRecord> games) {
  games_ = std::move(games);
  last_seq_ = lent_seq_;
}

}  // namespace rm::run
