// bench_worker_overhead [GAMES] [IN_FLIGHT] [PLAYOUTS]
//
// Plays playoffs of short games (ringbot against ringbot on 9x9 with PLAYOUTS playouts,
// default 12: about 20 ms a game here, `reuse: true`) with IN_FLIGHT games at once (default
// 2) through `ringmaster run`, in rounds that alternate the executors: local worker threads
// (-j), long-lived workers started through the `env` launcher, and, when a Slurm cluster
// answers (sinfo), long-lived workers as job steps inside an allocation (salloc). Each round
// runs GAMES games (default 40) and 3 x GAMES games: the difference is the time per game
// without what a run pays once (starting the workers, getting the allocation), which is
// printed apart. Prints the median of 3 rounds, each executor against local threads as a
// ratio. Docs: docs/cluster.md, "Cost per game with workers".
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "ringmaster/run/executor/child_command.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

std::string sibling(const std::string& name) {
  std::error_code ec;
  auto self = fs::read_symlink("/proc/self/exe", ec);
  return (self.parent_path() / name).string();
}

struct Executor {
  std::string label;
  std::string yaml;                  // the executor: section
  std::vector<std::string> before;   // a prefix for ringmaster (salloc)
  std::vector<std::string> options;  // after `run`
  std::vector<double> ms_per_game;   // the marginal time per game, one per round
  std::vector<double> fixed_ms;      // what a run pays once, one per round
};

std::string playoff_yaml(int games, int playouts) {
  const std::string p = std::to_string(playouts);
  return "competition_type: playoff\n"
         "players:\n"
         "  a: {command: [ringbot, --playouts, '" +
         p +
         "', --seed, '1'], reuse: true}\n"
         "  b: {command: [ringbot, --playouts, '" +
         p +
         "', --seed, '2'], reuse: true}\n"
         "board_size: 9\n"
         "komi: 7.5\n"
         "skip_player_checks: true\n"
         "matchups:\n"
         "  - {player_1: a, player_2: b, alternating: true, number_of_games: " +
         std::to_string(games) + "}\n";
}

// One run of the whole playoff in a fresh directory; its wall time in ms, or a negative value.
// The file's name is the competition's code: one per round and executor.
double run_once(const fs::path& dir, const std::string& name, const Executor& e, int games,
                int playouts) {
  const fs::path control = dir / (name + ".yaml");
  std::ofstream(control) << playoff_yaml(games, playouts) << e.yaml;
  std::vector<std::string> argv = e.before;
  argv.push_back(sibling("ringmaster"));
  argv.push_back(control.string());
  argv.push_back("run");
  argv.push_back("-q");
  argv.insert(argv.end(), e.options.begin(), e.options.end());
  const auto start = Clock::now();
  const auto outcome = rm::run::run_child(argv, "");
  const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  if (!outcome.succeeded()) {
    std::fprintf(stderr, "%s: %s\n%s", e.label.c_str(), outcome.describe().c_str(),
                 outcome.err.c_str());
    return -1;
  }
  return ms;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

bool cluster_answers() {
  rm::run::ChildStop limit;
  limit.time_limit = std::chrono::seconds(20);
  const auto sinfo = rm::run::run_child({"sinfo", "--noheader"}, "", limit);
  return sinfo.succeeded() && !sinfo.out.empty();
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 40;
  const int in_flight = argc > 2 ? std::atoi(argv[2]) : 2;
  const int playouts = argc > 3 ? std::atoi(argv[3]) : 12;
  if (games < 1 || in_flight < 1 || playouts < 1) {
    std::fprintf(stderr, "usage: bench_worker_overhead [GAMES] [IN_FLIGHT] [PLAYOUTS]\n");
    return 2;
  }
  const std::string n = std::to_string(in_flight);
  std::vector<Executor> executors(2);
  executors[0].label = "local threads, -j " + n;
  executors[0].options = {"-j", n};
  executors[1].label = "workers, env launcher";
  executors[1].yaml = "executor: {type: workers, launcher: [env], workers: " + n + "}\n";
  const bool slurm = cluster_answers();
  if (slurm) {
    Executor steps;
    steps.label = "workers, Slurm job steps";
    steps.yaml = "executor: {type: slurm, mode: workers, games_in_flight: " + n + "}\n";
    steps.before = {"salloc", "--quiet", "-n", n};
    executors.push_back(steps);
  }
  const fs::path dir =
      fs::temp_directory_path() / ("rm_bench_workers_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  constexpr int kRounds = 3;
  for (int round = 0; round < kRounds; ++round)
    for (std::size_t i = 0; i < executors.size(); ++i) {
      auto& e = executors[i];
      const std::string name = "r" + std::to_string(round) + "e" + std::to_string(i);
      const double small = run_once(dir, name + "s", e, games, playouts);
      const double large = run_once(dir, name + "l", e, 3 * games, playouts);
      if (small < 0 || large < 0) return 1;
      const double per_game = (large - small) / (2.0 * games);
      e.ms_per_game.push_back(per_game);
      e.fixed_ms.push_back(small - per_game * games);
    }
  fs::remove_all(dir);

  std::printf(
      "runs of %d and %d games of ringbot (9x9, %d playouts, reuse: true), %d in flight, "
      "median of %d rounds; %u CPUs\n",
      games, 3 * games, playouts, in_flight, kRounds, std::thread::hardware_concurrency());
  const double local = median(executors[0].ms_per_game);
  for (const auto& e : executors) {
    const double ms = median(e.ms_per_game);
    std::printf("%-26s %6.1f ms per game (%+5.1f)   ratio to local %5.2f   once per run %5.0f ms\n",
                e.label.c_str(), ms, ms - local, ms / local, median(e.fixed_ms));
  }
  if (!slurm) std::printf("(no Slurm cluster answers: job steps not measured)\n");
  return 0;
}
