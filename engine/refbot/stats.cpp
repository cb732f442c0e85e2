#include "engine/refbot/stats.hpp"

#include <chrono>
#include <ctime>
#include <ostream>

#include "engine/go/board.hpp"
#include "engine/refbot/playout.hpp"

namespace rm::refbot {

PlayoutStats run_playout_stats(int playouts, int size, double komi, std::uint64_t seed) {
  PlayoutStats s;
  const go::Board empty(size);
  go::Board board(size);
  Rng rng(seed);
  long long moves = 0;
  double black_wins = 0;
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  for (int i = 0; i < playouts; ++i) {
    board.copy_position_from(empty);
    const PlayoutOutcome out = run_playout(board, go::Colour::Black, 0, komi, rng, nullptr);
    moves += out.moves;
    black_wins += black_reward(out.black_minus_white);
    if (out.capped) ++s.capped;
  }
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  s.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  s.playouts = playouts;
  if (playouts > 0) {
    s.average_moves = static_cast<double>(moves) / playouts;
    s.black_win_fraction = black_wins / playouts;
  }
  return s;
}

void print_playout_stats(const PlayoutStats& s, std::ostream& out) {
  out << "playouts: " << s.playouts << "\n"
      << "seconds: " << s.seconds << " (CPU " << s.cpu_seconds << ")\n"
      << "playouts per second: " << (s.cpu_seconds > 0 ? s.playouts / s.cpu_seconds : 0.0)
      << " (per CPU second; per wall-clock second: "
      << (s.seconds > 0 ? s.playouts / s.seconds : 0.0) << ")\n"
      << "average moves per playout: " << s.average_moves << "\n"
      << "black win fraction: " << s.black_win_fraction << "\n"
      << "capped playouts: " << s.capped << "\n";
}

}  // namespace rm::refbot
