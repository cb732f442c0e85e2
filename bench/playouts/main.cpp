// bench_playouts: light playouts per second of ringbot on 9x9 and 19x19, against a naive
// flood-fill board measured in the same run and against published anchors. Rates are per
// second of this process's CPU time, so other load on the machine disturbs them little.
#include <cstdio>
#include <ctime>
#include <string>

#include "bench/playouts/naive_board.hpp"
#include "engine/refbot/stats.hpp"

namespace {

double cpu_now() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

double ringbot_rate(int size, int playouts, double* average_moves) {
  const double start = cpu_now();
  const auto s = rm::refbot::run_playout_stats(playouts, size, 7.5, 2024);
  *average_moves = s.average_moves;
  return playouts / (cpu_now() - start);
}

double naive_rate(int size, int playouts, double* average_moves) {
  rm::bench::NaiveBoard board(size);
  rm::refbot::Rng rng(2024);
  long long moves = 0;
  const double start = cpu_now();
  for (int i = 0; i < playouts; ++i) moves += board.playout(rng);
  *average_moves = static_cast<double>(moves) / playouts;
  return playouts / (cpu_now() - start);
}

}  // namespace

int main(int argc, char** argv) {
  // No options: anything given (--help included) gets the usage, rather than a long run.
  if (argc > 1) {
    const bool help = std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h";
    std::fputs("usage: bench_playouts   (no options; prints light playouts per CPU second)\n",
               help ? stdout : stderr);
    return help ? 0 : 2;
  }
  std::printf("light playouts per CPU second (uniform legal non-eye moves, simple ko)\n\n");
  std::printf("%-6s %12s %12s %8s %14s %14s\n", "board", "ringbot", "naive", "ratio",
              "moves/playout", "naive moves");
  double rate9 = 0;
  for (int size : {9, 19}) {
    double moves = 0;
    double naive_moves = 0;
    const double fast = ringbot_rate(size, size == 9 ? 200000 : 20000, &moves);
    const double slow = naive_rate(size, size == 9 ? 1000 : 40, &naive_moves);
    if (size == 9) rate9 = fast;
    std::printf("%2dx%-3d %12.0f %12.0f %7.1fx %14.1f %14.1f\n", size, size, fast, slow,
                fast / slow, moves, naive_moves);
  }
  std::printf("\n9x9 against published anchors (one core):\n");
  std::printf("  libego 105k/s (best published): %.2fx\n", rate9 / 105000.0);
  std::printf("  Pachi flat MC 36-42k/s:         %.2fx-%.2fx\n", rate9 / 42000.0, rate9 / 36000.0);
  return 0;
}
