#include "ringmaster/game/game_clock.hpp"

#include <algorithm>
#include <cmath>

namespace rm::game {

GameClock::GameClock(const TimeControl& tc)
    : tc_(tc),
      main_left_(tc.main_s),
      period_left_(tc.period_s),
      stones_left_(tc.stones),
      periods_left_(tc.periods) {}

double GameClock::allowance_s() const {
  switch (tc_.system) {
    case TimeSystem::Absolute:
      return std::max(0.0, main_left_);
    case TimeSystem::PerMove:
      return tc_.period_s;
    case TimeSystem::Canadian:
      return std::max(0.0, main_left_) + period_left_;
    case TimeSystem::Japanese:
      return std::max(0.0, main_left_) + tc_.period_s * periods_left_;
  }
  return 0;
}

std::optional<double> GameClock::spend_main_time(double elapsed_s) {
  if (in_byo_yomi()) return elapsed_s;
  if (elapsed_s <= main_left_) {
    main_left_ -= elapsed_s;
    return std::nullopt;
  }
  const double over = elapsed_s - main_left_;
  main_left_ = 0;
  return over;
}

bool GameClock::charge(double elapsed_s, double margin_s) {
  if (elapsed_s > allowance_s() + margin_s) return false;
  switch (tc_.system) {
    case TimeSystem::Absolute:
      main_left_ = std::max(0.0, main_left_ - elapsed_s);
      break;
    case TimeSystem::PerMove:
      break;
    case TimeSystem::Canadian: {
      const std::optional<double> spent = spend_main_time(elapsed_s);
      if (!spent) break;
      const double over = *spent;
      // A move that ran into the margin leaves the period empty, not negative.
      period_left_ = std::max(0.0, period_left_ - over);
      if (--stones_left_ <= 0) {
        period_left_ = tc_.period_s;
        stones_left_ = tc_.stones;
      }
      break;
    }
    case TimeSystem::Japanese: {
      const std::optional<double> spent = spend_main_time(elapsed_s);
      if (!spent) break;
      const double over = *spent;
      // Each whole period used up is lost; the last one is never lost within the margin.
      const int used = static_cast<int>(std::floor(over / tc_.period_s));
      periods_left_ = std::max(1, periods_left_ - used);
      break;
    }
  }
  return true;
}

std::vector<std::string> GameClock::time_left_args() const {
  // Whole seconds rounded down, but a positive time below one second is 1, as in
  // time_settings: `time_left <c> 0 0` would tell the engine its time is up (Pachi aborts).
  auto n = [](double s) { return std::to_string(gtp_seconds(s)); };
  switch (tc_.system) {
    case TimeSystem::Absolute:
      return {n(main_left_), "0"};
    case TimeSystem::PerMove:
      return {n(tc_.period_s), "1"};
    case TimeSystem::Canadian:
      if (!in_byo_yomi()) return {n(main_left_), "0"};
      return {n(period_left_), std::to_string(stones_left_)};
    case TimeSystem::Japanese:
      if (!in_byo_yomi()) return {n(main_left_), "0"};
      return {n(tc_.period_s), std::to_string(periods_left_)};
  }
  return {};
}

double GameClock::sgf_time_left() const {
  switch (tc_.system) {
    case TimeSystem::Absolute:
      return std::max(0.0, main_left_);
    case TimeSystem::PerMove:
      return tc_.period_s;
    case TimeSystem::Canadian:
      return in_byo_yomi() ? period_left_ : main_left_;
    case TimeSystem::Japanese:
      return in_byo_yomi() ? tc_.period_s : main_left_;
  }
  return 0;
}

std::optional<int> GameClock::sgf_overtime_left() const {
  if (!in_byo_yomi()) return std::nullopt;
  if (tc_.system == TimeSystem::Canadian) return stones_left_;
  if (tc_.system == TimeSystem::Japanese) return periods_left_;
  return std::nullopt;
}

}  // namespace rm::game
