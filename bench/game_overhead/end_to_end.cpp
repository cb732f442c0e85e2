#include "end_to_end.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

namespace rm::bench {
namespace {

namespace fs = std::filesystem;

std::string control_text(const EndToEndOptions& o) {
  std::ostringstream text;
  text << "competition_type: playoff\n"
       << "players:\n"
       << "  a: {command: [\"" << o.engine << "\"]}\n"
       << "  b: {command: [\"" << o.engine << "\"]}\n"
       << "board_size: 9\nkomi: 7.5\n"
       << "move_limit: " << o.moves << "\n"
       << "record_games: true\n"
       << "number_of_games: " << o.games << "\n"
       << "matchups:\n  - [a, b]\n";
  return text.str();
}

struct E2eCost : RunCost {
  int games = 0;  // SGF records written
};

E2eCost run_once(const EndToEndOptions& o, const std::string& ringmaster, const fs::path& dir) {
  E2eCost cost;
  const fs::path control = dir / "e2e.yaml";
  std::ofstream(control) << control_text(o);
  std::vector<std::string> args = {ringmaster, control.string(), "run"};
  if (o.quiet) args.push_back("--quiet");
  if (o.affinity) args.push_back("--affinity");
  // The display goes to a file (Delimited mode, as under nohup or a pipe).
  static_cast<RunCost&>(cost) = run_and_measure(args, (dir / "stdout.txt").string());
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir / "e2e.games", ec))
    if (entry.path().extension() == ".sgf") ++cost.games;
  return cost;
}

}  // namespace

namespace {

struct Range {
  double lo = 1e300, hi = 0;
  void add(double v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
};

// Runs the playoff once in a fresh directory; nullopt (after a message) when it failed.
std::optional<E2eCost> timed_run(const EndToEndOptions& o, const std::string& ringmaster) {
  char pattern[] = "/tmp/rm-e2e-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) {
    std::perror("mkdtemp");
    return std::nullopt;
  }
  const fs::path dir = pattern;
  E2eCost c = run_once(o, ringmaster, dir);
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (c.exit_status != 0 || c.games != o.games) {
    std::fprintf(stderr, "%s: exit status %d, %d SGF records of %d\n", ringmaster.c_str(),
                 c.exit_status, c.games, o.games);
    return std::nullopt;
  }
  return c;
}

struct Summary {
  Range wall, cpu, self;
};

void print_summary(const char* label, const Summary& s, double referee_wall_ms,
                   double referee_cpu_ms) {
  std::printf(
      "  %s per game: %.2f-%.2f ms wall, %.2f-%.2f ms CPU (ringmaster alone %.2f-%.2f "
      "ms)\n",
      label, s.wall.lo, s.wall.hi, s.cpu.lo, s.cpu.hi, s.self.lo, s.self.hi);
  if (referee_wall_ms > 0)
    std::printf(
        "    the rest of the run command beyond the referee alone (%.2f ms wall, %.2f ms "
        "CPU): %.2f ms wall, %.2f ms ringmaster CPU\n",
        referee_wall_ms, referee_cpu_ms, s.wall.lo - referee_wall_ms, s.self.lo - referee_cpu_ms);
  std::printf(
      "    against gomill's ringmaster on this workload (32-34 ms wall, 29-31 ms CPU per "
      "game, itself plus engines): wall %.1fx-%.1fx less (target >= 10x), CPU "
      "%.1fx-%.1fx less\n",
      32.0 / s.wall.hi, 34.0 / s.wall.lo, 29.0 / s.cpu.hi, 31.0 / s.cpu.lo);
}

}  // namespace

int run_end_to_end(const EndToEndOptions& o, double referee_wall_ms, double referee_cpu_ms) {
  std::printf(
      "\nend to end: `ringmaster e2e.yaml run%s%s`, playoff of %d games, move_limit %d, one game "
      "at a time, SGF on (%d runs%s)\n",
      o.quiet ? " --quiet" : "", o.affinity ? " --affinity" : "", o.games, o.moves, o.runs,
      o.compare_with.empty() ? "" : ", interleaved with the other ringmaster");
  std::vector<std::string> binaries = {o.ringmaster};
  if (!o.compare_with.empty()) binaries.push_back(o.compare_with);
  std::vector<Summary> summaries(binaries.size());
  const double n = o.games;
  for (int r = 0; r < o.runs; ++r)
    for (std::size_t b = 0; b < binaries.size(); ++b) {
      const auto c = timed_run(o, binaries[b]);
      if (!c) return 1;
      std::printf(
          "  run %d%s: per game %5.2f ms wall, CPU %5.2f ms (ringmaster %5.2f + engines "
          "%5.2f)\n",
          r + 1, b == 0 ? "" : " (other)", c->wall_ms / n,
          (c->self_cpu_ms + c->children_cpu_ms) / n, c->self_cpu_ms / n, c->children_cpu_ms / n);
      summaries[b].wall.add(c->wall_ms / n);
      summaries[b].cpu.add((c->self_cpu_ms + c->children_cpu_ms) / n);
      summaries[b].self.add(c->self_cpu_ms / n);
    }
  print_summary("this ringmaster:", summaries[0], referee_wall_ms, referee_cpu_ms);
  if (binaries.size() > 1) {
    print_summary(("other (" + o.compare_with + "):").c_str(), summaries[1], 0, 0);
    std::printf("    this one / the other: wall %.2f, ringmaster CPU %.2f (best runs)\n",
                summaries[0].wall.lo / summaries[1].wall.lo,
                summaries[0].self.lo / summaries[1].self.lo);
  }
  return 0;
}

}  // namespace rm::bench
