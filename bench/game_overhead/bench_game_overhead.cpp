// bench_game_overhead [--games N] [--moves M] [--engine PATH]
//
// Plays N games (default 200) of M moves (default 75, fixed by move_limit) between two
// scripted_engine processes on 9x9 and prints, per game, the wall time and the CPU time
// spent by Ringmaster itself (getrusage RUSAGE_THREAD of the referee thread, and RUSAGE_SELF
// for the whole process: never the engines' CPU), then the means and the ratios against
// gomill's published cost (36-42 ms wall, 17-20 ms CPU per 75-move game; ~4 ms CPU per
// engine start). A baseline measured in the same run (start the two engines together and
// quit them together, as the referee does; no game) shows how much of the cost is process
// start-up rather than refereeing.
//
// On the 2-core sandbox VM with the other core idle: 4.4-4.8 ms wall and 1.24-1.38 ms CPU
// per game (was 10.7-11.9 ms and 2.85-3.05 ms), baseline 1.8-2.1 ms wall and 0.28-0.32 ms
// CPU, 0.14-0.16 ms CPU per engine start. The floor is the cross-core pipe round trip that
// every move needs (33-37 us wall, ~12 us CPU here) and the engines' own start-up; see
// docs/engines-and-gtp.md, "Cost per game".
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "engine/gtp/controller.hpp"
#include "ringmaster/game/referee.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double cpu_ms(int who) {
  rusage ru{};
  getrusage(who, &ru);
  return (static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3) +
         (static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3);
}

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::string default_engine() {
  std::error_code ec;
  auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return (self.parent_path() / "scripted_engine").string();
}

rm::game::PlayerSpec player(const std::string& code, const std::string& engine) {
  rm::game::PlayerSpec p;
  p.code = code;
  p.engine.name = code;
  p.engine.process.argv = {engine};
  return p;
}

struct Sample {
  double wall_ms = 0, thread_cpu_ms = 0, self_cpu_ms = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int games = 200;
  int moves = 75;
  std::string engine = default_engine();
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--games" && i + 1 < argc) {
      games = std::atoi(argv[++i]);
    } else if (a == "--moves" && i + 1 < argc) {
      moves = std::atoi(argv[++i]);
    } else if (a == "--engine" && i + 1 < argc) {
      engine = argv[++i];
    } else {
      std::fprintf(stderr, "usage: bench_game_overhead [--games N] [--moves M] [--engine PATH]\n");
      return 2;
    }
  }
  if (games <= 0 || moves <= 0 || ::access(engine.c_str(), X_OK) != 0) {
    std::fprintf(stderr, "bench_game_overhead: need games > 0, moves > 0 and an engine (%s)\n",
                 engine.c_str());
    return 2;
  }

  // Baseline: start two engines together (protocol_version, name, version, known_command),
  // then quit them together, as the referee does; no game.
  Sample base;
  const int base_runs = games;
  for (int i = 0; i < base_runs; ++i) {
    auto t0 = Clock::now();
    double c0 = cpu_ms(RUSAGE_THREAD), s0 = cpu_ms(RUSAGE_SELF);
    std::vector<rm::gtp::Controller::StartRequest> requests(2);
    requests[0].spec = player("a", engine).engine;
    requests[1].spec = player("b", engine).engine;
    auto started = rm::gtp::Controller::start_all(requests);
    for (auto& s : started) {
      if (auto* ctl = std::get_if<std::unique_ptr<rm::gtp::Controller>>(&s)) (*ctl)->begin_close();
    }
    for (auto& s : started) {
      if (auto* ctl = std::get_if<std::unique_ptr<rm::gtp::Controller>>(&s)) (*ctl)->close();
    }
    base.wall_ms += ms_since(t0);
    base.thread_cpu_ms += cpu_ms(RUSAGE_THREAD) - c0;
    base.self_cpu_ms += cpu_ms(RUSAGE_SELF) - s0;
  }

  Sample total;
  int counted = 0;
  double total_moves = 0;
  for (int g = 0; g < games; ++g) {
    rm::game::GameJob job;
    job.game_id = std::to_string(g);
    job.black = player("a", engine);
    job.white = player("b", engine);
    job.settings.board_size = 9;
    job.settings.komi = 7.5;
    job.settings.move_limit = moves;
    auto t0 = Clock::now();
    double c0 = cpu_ms(RUSAGE_THREAD), s0 = cpu_ms(RUSAGE_SELF);
    rm::game::GameResult r = rm::game::play_game(job);
    Sample s{ms_since(t0), cpu_ms(RUSAGE_THREAD) - c0, cpu_ms(RUSAGE_SELF) - s0};
    std::printf(
        "game %3d: %2d moves %-8s wall %6.2f ms  referee-thread cpu %5.2f ms  process cpu %5.2f "
        "ms\n",
        g, r.move_count, r.sgf_result.c_str(), s.wall_ms, s.thread_cpu_ms, s.self_cpu_ms);
    if (!r.is_void) ++counted;
    total_moves += r.move_count;
    total.wall_ms += s.wall_ms;
    total.thread_cpu_ms += s.thread_cpu_ms;
    total.self_cpu_ms += s.self_cpu_ms;
  }

  const double n = games;
  const double wall = total.wall_ms / n, tcpu = total.thread_cpu_ms / n,
               pcpu = total.self_cpu_ms / n;
  const double bwall = base.wall_ms / base_runs, bcpu = base.self_cpu_ms / base_runs;
  std::printf("\n%d games (%d not void), mean %.1f moves per game\n", games, counted,
              total_moves / n);
  std::printf("mean wall per game:                 %7.2f ms\n", wall);
  std::printf("mean referee-thread CPU per game:   %7.2f ms\n", tcpu);
  std::printf("mean process CPU per game:          %7.2f ms  (self only, engines excluded)\n",
              pcpu);
  std::printf("baseline (start + quit 2 engines):  %7.2f ms wall, %5.2f ms process CPU\n", bwall,
              bcpu);
  std::printf("mean per engine start (baseline/2): %7.2f ms wall, %5.2f ms process CPU\n",
              bwall / 2, bcpu / 2);
  std::printf("refereeing beyond the baseline:     %7.2f ms wall, %5.2f ms process CPU\n",
              wall - bwall, pcpu - bcpu);
  std::printf(
      "\nagainst gomill (36-42 ms wall, 17-20 ms CPU per 75-move game, ~4 ms CPU per start):\n");
  std::printf("  wall: %.1fx-%.1fx less   (target >= 10x)\n", 36.0 / wall, 42.0 / wall);
  std::printf("  CPU:  %.1fx-%.1fx less   (target >= 20x)\n", 17.0 / pcpu, 20.0 / pcpu);
  std::printf("  CPU per engine start: %.1fx less\n", 4.0 / (bcpu / 2));
  return 0;
}
