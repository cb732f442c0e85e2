// bench_engine_reuse [GAMES] [STARTUP_SECONDS]
//
// Plays GAMES games (default 20) between two scripted engines that sleep STARTUP_SECONDS
// (default 0.3) at start-up, as an engine loading a neural network does: first with fresh
// engines for every game (the default), then with engines kept alive between games
// (`reuse: true`), in the same run, and prints the wall time per game of each, the saving
// per game and the ratio. The games are the same (results and move counts are compared). Docs:
// docs/engine-reuse.md.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "ringmaster/game/engine_cache.hpp"
#include "ringmaster/game/referee.hpp"

namespace {

using Clock = std::chrono::steady_clock;

std::string sibling(const std::string& name) {
  std::error_code ec;
  auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return (self.parent_path() / name).string();
}

rm::game::PlayerSpec player(const std::string& code, double startup_s, bool reuse,
                            std::vector<std::string> flags) {
  rm::game::PlayerSpec p;
  p.code = code;
  p.engine.name = code;
  p.engine.process.argv = {sibling("scripted_engine"), "--sleep-at-start",
                           std::to_string(startup_s)};
  p.engine.process.argv.insert(p.engine.process.argv.end(), flags.begin(), flags.end());
  p.engine.process.stderr_mode = rm::process::StderrMode::Discard;
  p.reuse = reuse;
  return p;
}

// Wall milliseconds per game; the results in `results`.
double play(int games, double startup_s, bool reuse, std::vector<std::string>& results) {
  rm::game::EngineCache cache;
  const auto t0 = Clock::now();
  for (int i = 0; i < games; ++i) {
    rm::game::GameJob job;
    job.game_id = "bench" + std::to_string(i);
    job.competition_code = "bench";
    job.black = player("b", startup_s, reuse, {});
    // No per-process state (a move counter such as --resign-after would count over all the
    // games of a kept engine): both play the unused points in order, then pass.
    job.white = player("w", startup_s, reuse, {});
    job.settings.board_size = 9;
    job.settings.komi = 7.5;
    job.settings.scorer = rm::game::Scorer::Internal;
    auto r = rm::game::play_game(job, nullptr, reuse ? &cache : nullptr);
    results.push_back(r.is_void ? "void: " + r.void_reason
                                : r.sgf_result + " in " + std::to_string(r.move_count) + " moves");
  }
  cache.close_all();
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count() / games;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::printf("usage: bench_engine_reuse [GAMES >= 1] [STARTUP_SECONDS >= 0]\n");
    return 0;
  }
  const int games = argc > 1 ? std::atoi(argv[1]) : 20;
  const double startup_s = argc > 2 ? std::atof(argv[2]) : 0.3;
  if (games < 1 || !(startup_s >= 0)) {
    std::fprintf(stderr, "usage: bench_engine_reuse [GAMES >= 1] [STARTUP_SECONDS >= 0]\n");
    return 2;
  }
  std::vector<std::string> fresh_results, kept_results;
  const double fresh_ms = play(games, startup_s, false, fresh_results);
  const double kept_ms = play(games, startup_s, true, kept_results);
  std::printf("%d games between two engines that take %.2f s to start (both start at once)\n",
              games, startup_s);
  std::printf("fresh engines every game: %8.1f ms per game\n", fresh_ms);
  std::printf("engines kept alive:       %8.1f ms per game\n", kept_ms);
  std::printf("saving per game:          %8.1f ms\n", fresh_ms - kept_ms);
  std::printf("ratio fresh / kept:       %8.2f\n", fresh_ms / kept_ms);
  std::printf("same results: %s (%s)\n", fresh_results == kept_results ? "yes" : "NO",
              fresh_results.front().c_str());
  return fresh_results == kept_results ? 0 : 1;
}
