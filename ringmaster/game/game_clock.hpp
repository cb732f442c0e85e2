// One player's clock under a TimeControl, kept by Ringmaster from its own steady-clock
// measurements (the engine's own idea of its time is never trusted). The referee asks how long
// the next move may take, tells the engine (`time_left`), and charges each move's time.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ringmaster/game/time_control.hpp"

namespace rm::game {

class GameClock {
 public:
  explicit GameClock(const TimeControl& tc);

  const TimeControl& control() const { return tc_; }
  // Seconds the next move may take before the player is out of time (the margin not
  // included).
  double allowance_s() const;
  // Charges a move that took `elapsed_s`. Returns false when it took longer than
  // allowance_s() + margin_s: the player lost on time (the clock is then left as it was).
  // Within the margin the move counts as made in time; the time it took is still charged.
  bool charge(double elapsed_s, double margin_s);

  // `time_left <colour> <seconds> <stones>` arguments for the next move: main time:
  // (main left, 0); Canadian byo-yomi: (period left, moves left in the period); Japanese
  // byo-yomi: (period time, periods left), KGS's convention; per move: (move time, 1).
  std::vector<std::string> time_left_args() const;
  // SGF BL/WL: seconds left (the current period's time in byo-yomi).
  double sgf_time_left() const;
  // SGF OB/OW: moves left in the Canadian period / periods left in Japanese byo-yomi; nullopt
  // in main time and for the other systems.
  std::optional<int> sgf_overtime_left() const;

 private:
  bool in_byo_yomi() const { return main_left_ <= 0; }
  // Takes a move's time from the main time: nullopt if the main time covered it, else the
  // time that ran over into byo-yomi (all of it once the main time is gone).
  std::optional<double> spend_main_time(double elapsed_s);
  TimeControl tc_;
  double main_left_ = 0;
  double period_left_ = 0;  // canadian: time left in the current period
  int stones_left_ = 0;     // canadian: moves left in the current period
  int periods_left_ = 0;    // japanese
};

}  // namespace rm::game
