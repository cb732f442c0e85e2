// bench_game_overhead [--games N] [--moves M] [--engine PATH] [--no-pipelining] [--quiet]
//                     [--end-to-end [--runs R] [--compare-with RINGMASTER]]
//
// Plays N games (default 200) of M moves (default 75, fixed by move_limit) on 9x9 between two
// copies of a trivial engine (default: trivial_engine, a minimal GTP engine in C, as gomill's
// figures were measured with "trivial C engines"; --engine build/bin/scripted_engine for the
// test engine) and prints, per game, the wall time and the CPU time spent by Ringmaster itself
// (getrusage RUSAGE_THREAD of the referee thread, and RUSAGE_SELF for the whole process: never
// the engines' CPU), then the means and the ratios against gomill's published cost (36-42 ms
// wall, 17-20 ms CPU per 75-move game; ~4 ms CPU per engine start). --no-pipelining plays as
// with `gtp_pipelining: false` (one command at a time).
//
// Two modes, as `ringmaster run` offers them:
//   default   the referee thread and the engines run wherever the kernel puts them;
//   affinity  the referee thread is pinned to one CPU, so its engines are too (`--affinity`).
// For each, a baseline measured in the same run (start the two engines together and quit them
// together, as the referee does; no game) shows how much of the cost is process start-up.
// --end-to-end adds a third: the whole `ringmaster run` command on a playoff of the same N
// games (end_to_end.hpp), printed beside the referee-only figures of the same run: as `run`
// with its live display (written to a file), as `run --quiet` and as `run --quiet --affinity`
// (beside the referee's affinity figures), R runs of each;
// --compare-with times another ringmaster binary (an older build) in the same runs.
// Figures and what limits them: docs/engines-and-gtp.md, "Cost per game".
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "end_to_end.hpp"
#include "engine/gtp/controller.hpp"
#include "engine/process/cpu_affinity.hpp"
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

std::string sibling(const std::string& name) {
  std::error_code ec;
  auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return (self.parent_path() / name).string();
}

rm::game::PlayerSpec player(const std::string& code, const std::string& engine, bool pipelining) {
  rm::game::PlayerSpec p;
  p.code = code;
  p.engine.name = code;
  p.engine.process.argv = {engine};
  p.engine.pipelining = pipelining;
  return p;
}

struct Options {
  int games = 200;
  int moves = 75;
  std::string engine = sibling("trivial_engine");
  bool quiet = false;
  bool pipelining = true;
  bool end_to_end = false;
  int runs = 3;
  std::string compare_with;
};

// Means per game (or per baseline run).
struct Figures {
  double wall_ms = 0, thread_cpu_ms = 0, self_cpu_ms = 0;
  double base_wall_ms = 0, base_cpu_ms = 0;
  double moves = 0;
  int not_void = 0;
};

// Start two engines together (protocol_version, name, version, known_command), then quit
// them together, as the referee does; no game.
void baseline_run(const Options& o) {
  std::vector<rm::gtp::Controller::StartRequest> requests(2);
  requests[0].spec = player("a", o.engine, o.pipelining).engine;
  requests[1].spec = player("b", o.engine, o.pipelining).engine;
  auto started = rm::gtp::Controller::start_all(requests);
  for (auto& s : started)
    if (auto* ctl = std::get_if<std::unique_ptr<rm::gtp::Controller>>(&s)) (*ctl)->begin_close();
  for (auto& s : started)
    if (auto* ctl = std::get_if<std::unique_ptr<rm::gtp::Controller>>(&s)) (*ctl)->close();
}

Figures measure(const Options& o, const char* mode) {
  Figures f;
  const double n = o.games;
  for (int i = 0; i < o.games; ++i) {
    auto t0 = Clock::now();
    double s0 = cpu_ms(RUSAGE_SELF);
    baseline_run(o);
    f.base_wall_ms += ms_since(t0) / n;
    f.base_cpu_ms += (cpu_ms(RUSAGE_SELF) - s0) / n;
  }
  for (int g = 0; g < o.games; ++g) {
    rm::game::GameJob job;
    job.game_id = std::to_string(g);
    job.black = player("a", o.engine, o.pipelining);
    job.white = player("b", o.engine, o.pipelining);
    job.settings.board_size = 9;
    job.settings.komi = 7.5;
    job.settings.move_limit = o.moves;
    auto t0 = Clock::now();
    double c0 = cpu_ms(RUSAGE_THREAD), s0 = cpu_ms(RUSAGE_SELF);
    rm::game::GameResult r = rm::game::play_game(job);
    const double wall = ms_since(t0), tcpu = cpu_ms(RUSAGE_THREAD) - c0,
                 pcpu = cpu_ms(RUSAGE_SELF) - s0;
    if (!o.quiet)
      std::printf(
          "%-8s game %3d: %2d moves %-8s wall %6.2f ms  referee-thread cpu %5.2f ms  process cpu "
          "%5.2f ms\n",
          mode, g, r.move_count, r.sgf_result.c_str(), wall, tcpu, pcpu);
    if (!r.is_void) ++f.not_void;
    f.moves += r.move_count / n;
    f.wall_ms += wall / n;
    f.thread_cpu_ms += tcpu / n;
    f.self_cpu_ms += pcpu / n;
  }
  return f;
}

void print_summary(const char* mode, const Figures& f, const Options& o) {
  std::printf("\n%s: %d games (%d not void), mean %.1f moves per game\n", mode, o.games, f.not_void,
              f.moves);
  std::printf("  mean wall per game:                 %7.2f ms\n", f.wall_ms);
  std::printf("  mean referee-thread CPU per game:   %7.2f ms\n", f.thread_cpu_ms);
  std::printf("  mean process CPU per game:          %7.2f ms  (self only, engines excluded)\n",
              f.self_cpu_ms);
  std::printf("  baseline (start + quit 2 engines):  %7.2f ms wall, %5.2f ms process CPU\n",
              f.base_wall_ms, f.base_cpu_ms);
  std::printf("  refereeing beyond the baseline:     %7.2f ms wall, %5.2f ms process CPU\n",
              f.wall_ms - f.base_wall_ms, f.self_cpu_ms - f.base_cpu_ms);
  std::printf(
      "  against gomill (36-42 ms wall, 17-20 ms CPU per 75-move game, ~4 ms CPU per start):\n");
  std::printf("    wall: %.1fx-%.1fx less   (target >= 10x)\n", 36.0 / f.wall_ms, 42.0 / f.wall_ms);
  std::printf("    CPU:  %.1fx-%.1fx less   (target >= 20x)\n", 17.0 / f.self_cpu_ms,
              20.0 / f.self_cpu_ms);
  std::printf("    CPU per engine start: %.1fx less\n", 4.0 / (f.base_cpu_ms / 2));
}

}  // namespace

const char* const kUsage =
    "usage: bench_game_overhead [--games N] [--moves M] [--engine PATH] [--no-pipelining] "
    "[--quiet] [--end-to-end [--runs R] [--compare-with RINGMASTER]]\n";

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (a == "--games" && i + 1 < argc) {
      o.games = std::atoi(argv[++i]);
    } else if (a == "--moves" && i + 1 < argc) {
      o.moves = std::atoi(argv[++i]);
    } else if (a == "--engine" && i + 1 < argc) {
      o.engine = argv[++i];
    } else if (a == "--no-pipelining") {
      o.pipelining = false;
    } else if (a == "--quiet") {
      o.quiet = true;
    } else if (a == "--end-to-end") {
      o.end_to_end = true;
    } else if (a == "--compare-with" && i + 1 < argc) {
      o.compare_with = argv[++i];
    } else if (a == "--runs" && i + 1 < argc) {
      o.runs = std::atoi(argv[++i]);

    } else {
      std::fputs(kUsage, stderr);
      return 2;
    }
  }
  if (o.games <= 0 || o.moves <= 0 || ::access(o.engine.c_str(), X_OK) != 0) {
    std::fprintf(stderr, "bench_game_overhead: need games > 0, moves > 0 and an engine (%s)\n",
                 o.engine.c_str());
    return 2;
  }
  std::printf("engine: %s%s\n", o.engine.c_str(), o.pipelining ? "" : " (no pipelining)");

  // Each mode on a fresh thread, as `ringmaster run` plays games on worker threads.
  Figures free_figures, pinned_figures;
  std::thread([&] { free_figures = measure(o, "default"); }).join();
  const std::vector<int> cpus = rm::process::allowed_cpus();
  const int cpu = cpus.empty() ? 0 : cpus.back();
  int pin_error = 0;
  std::thread([&] {
    pin_error = rm::process::pin_thread(pthread_self(), cpu);
    if (pin_error == 0) pinned_figures = measure(o, "affinity");
  }).join();

  print_summary("default (no pinning)", free_figures, o);
  if (pin_error != 0) {
    std::printf("\naffinity: can't pin to CPU %d (error %d)\n", cpu, pin_error);
    return 1;
  }
  print_summary(("affinity (referee and engines on CPU " + std::to_string(cpu) + ")").c_str(),
                pinned_figures, o);
  if (!o.end_to_end) return 0;
  rm::bench::EndToEndOptions e;
  e.ringmaster = sibling("ringmaster");
  e.engine = o.engine;
  e.games = o.games;
  e.moves = o.moves;
  e.runs = o.runs > 0 ? o.runs : 1;
  e.compare_with = o.compare_with;
  int status = 0;
  for (bool quiet : {false, true}) {
    e.quiet = quiet;
    status |= rm::bench::run_end_to_end(e, free_figures.wall_ms, free_figures.self_cpu_ms);
  }
  e.affinity = true;
  status |= rm::bench::run_end_to_end(e, pinned_figures.wall_ms, pinned_figures.self_cpu_ms);
  return status;
}
