// make_games CONTROL_FILE N [--seed S] [--batch-report K]
//
// Adds N finished games to the competition of CONTROL_FILE exactly as `ringmaster run` would
// commit them, without playing: the real session (lock, definition, restored state), the
// competition's next_job() and on_result(), and Store::commit_game() with the new state, the
// game's history lines and the competition's statistics, one transaction per game; the history
// lines go to <code>.hist as well. Only the games are made up: the winner is drawn with the
// seed (black wins 55% of games, by resignation or by a margin), 75 moves, a few ms of CPU.
// Run it again to add more. Prints the mean cost of a commit for each block of K games (default
// N/10), and apart the cost of next_job() and on_result() alone, so that the cost at 1k and at
// 1M games can be compared.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/line_file.hpp"

namespace {

using Clock = std::chrono::steady_clock;

rm::game::GameResult made_up_result(const rm::game::GameJob& job, std::mt19937_64& rng) {
  rm::game::GameResult r;
  r.game_id = job.game_id;
  r.black_code = job.black.code;
  r.white_code = job.white.code;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const bool black_wins = unit(rng) < 0.55;
  const bool resigned = unit(rng) < 0.5;
  const double margin = 0.5 + static_cast<double>(static_cast<int>(unit(rng) * 30));
  r.winner = black_wins ? "b" : "w";
  if (resigned) {
    r.sgf_result = black_wins ? "B+R" : "W+R";
  } else {
    r.margin = margin;
    char text[32];
    std::snprintf(text, sizeof text, "%c+%.1f", black_wins ? 'B' : 'W', margin);
    r.sgf_result = text;
  }
  r.move_count = 75;
  r.black_cpu_s = 0.001 * static_cast<double>(1 + static_cast<int>(unit(rng) * 10));
  r.white_cpu_s = 0.001 * static_cast<double>(1 + static_cast<int>(unit(rng) * 10));
  r.black_short_description = r.black_long_description = job.black.code + " 1.0";
  r.white_short_description = r.white_long_description = job.white.code + " 1.0";
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const char* const usage = "usage: make_games CONTROL_FILE N [--seed S] [--batch-report K]\n";
  if (argc > 1 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::fputs(usage, stdout);
    return 0;
  }
  if (argc < 3) {
    std::fputs(usage, stderr);
    return 2;
  }
  const std::string control_file = argv[1];
  const long long n = std::atoll(argv[2]);
  std::uint64_t seed = 1;
  long long block = n / 10 > 0 ? n / 10 : 1;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--seed")
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (a == "--batch-report")
      block = std::atoll(argv[i + 1]);
  }
  try {
    const auto control = rm::comp::load_control_file(control_file);
    const auto paths = rm::run::CompetitionPaths::for_control_file(control_file);
    auto session = rm::run::open_for_run(control, paths);
    auto& competition = *session.competition;
    auto& store = *session.store;
    rm::run::LineFile history(paths.hist);
    std::mt19937_64 rng(seed ^ static_cast<std::uint64_t>(store.game_count()));
    auto block_start = Clock::now();
    Clock::duration tuner_time{};  // next_job() and on_result() alone, in this block
    for (long long i = 0; i < n; ++i) {
      const auto choose_start = Clock::now();
      auto request = competition.next_job();
      if (!request) {
        std::fprintf(stderr, "make_games: the competition has no more games to give after %lld\n",
                     i);
        return 1;
      }
      tuner_time += Clock::now() - choose_start;
      const rm::game::GameResult r = made_up_result(request->job, rng);
      const auto take_start = Clock::now();
      const rm::comp::ResultLines lines = competition.on_result(r);
      tuner_time += Clock::now() - take_start;
      std::string text = lines.history_line + "\n";
      for (const auto& l : competition.periodic_history_lines()) text += l + "\n";
      const auto chunk = competition.archive_chunk();
      if (!store.commit_game(r, competition.state(), text, competition.statistics(),
                             chunk ? *chunk : nlohmann::json(nullptr))) {
        std::fprintf(stderr, "make_games: game %s already committed\n", r.game_id.c_str());
        return 1;
      }
      text.pop_back();
      history.line(text);
      if ((i + 1) % block == 0) {
        const double us =
            std::chrono::duration<double, std::micro>(Clock::now() - block_start).count() /
            static_cast<double>(block);
        const double tuner_us = std::chrono::duration<double, std::micro>(tuner_time).count() /
                                static_cast<double>(block);
        std::printf(
            "%lld games in the database: %.1f us per game (next_job, on_result, commit; the "
            "first two %.1f us)\n",
            static_cast<long long>(store.game_count()), us, tuner_us);
        std::fflush(stdout);
        block_start = Clock::now();
        tuner_time = {};
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_games: %s\n", e.what());
    return 1;
  }
  return 0;
}
