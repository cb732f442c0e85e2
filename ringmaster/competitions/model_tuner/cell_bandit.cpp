#include "ringmaster/competitions/model_tuner/cell_bandit.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>

#include "ringmaster/competitions/model_tuner/range_bins.hpp"
#include "ringmaster/competitions/ucb.hpp"

namespace rm::comp::model {

CellBandit::CellBandit(int cells, double exploration)
    : exploration_(exploration),
      games_(static_cast<std::size_t>(cells), 0.0),
      wins_(static_cast<std::size_t>(cells), 0.0) {}

void CellBandit::add(double u, double y) {
  const auto cell = static_cast<std::size_t>(range_bin(u, cells()));
  games_[cell] += 1.0;
  wins_[cell] += y;
}

int CellBandit::cell_to_play() const {
  constexpr double kPriorGames = kSampleInitialVisits, kPriorWins = kSampleInitialWins;
  double total = 0.0;
  for (double g : games_) total += g + kPriorGames;
  int best = 0;
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t c = 0; c < games_.size(); ++c) {
    const double games = games_[c] + kPriorGames;
    const double value = ucb_urgency((wins_[c] + kPriorWins) / games, games, total, exploration_);
    if (value > top) {
      top = value;
      best = static_cast<int>(c);
    }
  }
  return best;
}

double CellBandit::point_in(int cell, double fraction) const {
  const double width = 2.0 / static_cast<double>(games_.size());
  return std::clamp(-1.0 + width * (static_cast<double>(cell) + fraction), -1.0, 1.0);
}

}  // namespace rm::comp::model
