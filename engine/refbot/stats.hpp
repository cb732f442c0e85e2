#pragma once
// Statistics mode: many playouts from the empty board, for black-box conformance with other
// reference-bot implementations (moves per playout, Black's win fraction) and for speed.
#include <cstdint>
#include <iosfwd>

namespace rm::refbot {

struct PlayoutStats {
  int playouts = 0;
  double seconds = 0;             // wall clock
  double cpu_seconds = 0;         // this process's CPU time: steadier on a shared machine
  double average_moves = 0;       // passes included, both final passes counted
  double black_win_fraction = 0;  // jigo counts one half
  int capped = 0;                 // playouts stopped by the safety net
};

PlayoutStats run_playout_stats(int playouts, int size, double komi, std::uint64_t seed);
void print_playout_stats(const PlayoutStats& s, std::ostream& out);

}  // namespace rm::refbot
