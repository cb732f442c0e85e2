// bench_controller_scale [--in-flight 1,4,16,64,256] [--sleep-ms S] [--moves M] [--rounds R]
//                        [--min-moves N]
//
// Ringmaster's own cost as the number of games in flight grows. For each K, `ringmaster run
// -j K --quiet` plays a playoff of R*K games (at least N moves in all, default 400; 9x9,
// move_limit M, SGF on) between two copies of trivial_engine --sleep-ms S: engines that think
// S ms per move and cost almost nothing, as engines on other machines or on a cluster would.
// Prints, per K: wall time; Ringmaster's own CPU (every thread: the CPU of the whole process
// tree from wait4, less what each engine reports of its own with --cpu-log, all to the
// microsecond); its CPU per move; that cost against the cost at the first K (the baseline of
// this run; target: within 2x); and the share of a core Ringmaster used (target: under half a
// core at 256).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "run_cost.hpp"

namespace {

namespace fs = std::filesystem;

std::string sibling(const std::string& name) {
  std::error_code ec;
  auto self = fs::read_symlink("/proc/self/exe", ec);
  return (self.parent_path() / name).string();
}

std::vector<int> parse_list(const std::string& text) {
  std::vector<int> values;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) values.push_back(std::atoi(item.c_str()));
  return values;
}

struct Options {
  std::vector<int> in_flight = {1, 4, 16, 64, 256};
  int sleep_ms = 50;
  int moves = 40;
  int rounds = 3;
  int min_moves = 400;
};

std::string control_text(const Options& o, int games, const std::string& cpu_log) {
  const std::string engine = sibling("trivial_engine");
  const std::string args = "\"" + engine + "\", \"--sleep-ms\", \"" + std::to_string(o.sleep_ms) +
                           "\", \"--cpu-log\", \"" + cpu_log + "\"";
  std::ostringstream text;
  text << "competition_type: playoff\n"
       << "players:\n"
       << "  a: {command: [" << args << "]}\n"
       << "  b: {command: [" << args << "]}\n"
       << "board_size: 9\nkomi: 7.5\n"
       << "move_limit: " << o.moves << "\n"
       << "record_games: true\n"
       << "skip_player_checks: true\n"
       << "number_of_games: " << games << "\n"
       << "matchups:\n  - [a, b]\n";
  return text.str();
}

}  // namespace

const char* const kUsage =
    "usage: bench_controller_scale [--in-flight 1,4,16,64,256] [--sleep-ms S] [--moves M] "
    "[--rounds R] [--min-moves N]\n";

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    // --help (anywhere) prints the usage rather than starting a run of several minutes.
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    const bool has_value = i + 1 < argc;
    if (a == "--in-flight" && has_value)
      o.in_flight = parse_list(argv[++i]);
    else if (a == "--sleep-ms" && has_value)
      o.sleep_ms = std::atoi(argv[++i]);
    else if (a == "--moves" && has_value)
      o.moves = std::atoi(argv[++i]);
    else if (a == "--rounds" && has_value)
      o.rounds = std::atoi(argv[++i]);
    else if (a == "--min-moves" && has_value)
      o.min_moves = std::atoi(argv[++i]);
    else {
      std::fputs(kUsage, stderr);
      return 2;
    }
  }
  std::printf(
      "engines sleep %d ms per move; games of %d moves; %d games per worker, at least "
      "%d moves in all\n",
      o.sleep_ms, o.moves, o.rounds, o.min_moves);
  std::printf("%9s %7s %9s %12s %14s %10s %12s %10s\n", "in flight", "games", "wall s",
              "ringmaster", "per move", "vs first", "cores used", "engines");
  double first_per_move = 0;
  int status = 0;
  for (int k : o.in_flight) {
    char pattern[] = "/tmp/rm-scale-XXXXXX";
    if (::mkdtemp(pattern) == nullptr) {
      std::perror("mkdtemp");
      return 1;
    }
    const fs::path dir = pattern;
    const int games = std::max(k * o.rounds, (o.min_moves + o.moves - 1) / o.moves);
    const std::string cpu_log = (dir / "engines-cpu.txt").string();
    std::ofstream(dir / "scale.yaml") << control_text(o, games, cpu_log);
    const auto cost =
        rm::bench::run_and_measure({sibling("ringmaster"), (dir / "scale.yaml").string(), "run",
                                    "--quiet", "-j", std::to_string(k)},
                                   (dir / "stdout.txt").string());
    double engines_ms = 0;
    {
      std::ifstream in(cpu_log);
      long long us = 0;
      while (in >> us) engines_ms += static_cast<double>(us) / 1000.0;
    }
    const double self_ms = cost.total_cpu_ms - engines_ms;
    std::error_code ec;
    int records = 0;
    for (const auto& entry : fs::directory_iterator(dir / "scale.games", ec))
      if (entry.path().extension() == ".sgf") ++records;
    fs::remove_all(dir, ec);
    if (cost.exit_status != 0 || records != games) {
      std::fprintf(stderr, "-j %d: exit status %d, %d SGF records of %d\n", k, cost.exit_status,
                   records, games);
      status = 1;
      continue;
    }
    const double moves = static_cast<double>(games) * o.moves;
    const double per_move_us = self_ms * 1000.0 / moves;
    if (first_per_move == 0) first_per_move = per_move_us;
    std::printf("%9d %7d %9.2f %9.0f ms %11.1f us %9.2fx %12.3f %7.0f ms\n", k, games,
                cost.wall_ms / 1000.0, self_ms, per_move_us, per_move_us / first_per_move,
                self_ms / cost.wall_ms, engines_ms);
    std::fflush(stdout);
  }
  std::printf("targets: per move within 2x of the first line; under 0.5 cores used at 256\n");
  return status;
}
