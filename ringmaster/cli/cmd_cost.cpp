// `cost`: what an event will cost before it is spent. It plays a few of the event's own first
// games (real engines, at the chosen -j) in a scratch directory, nothing stored, and prints the
// games the event plays with the time they should take at the measured rate.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <future>
#include <iostream>
#include <string>
#include <vector>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/cli/scratch_directory.hpp"
#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/game/referee.hpp"
#include "ringmaster/report/progress_text.hpp"
#include "ringmaster/run/competition_session.hpp"

namespace rm::cli {
namespace {

// CPU time of the reaped child processes (the engines), in seconds.
double children_cpu_seconds() {
  rusage usage{};
  ::getrusage(RUSAGE_CHILDREN, &usage);
  auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// The engines' stderr would go to the event's log beside the control file: nothing is written
// there by `cost`.
void discard_stderr(rm::game::GameJob& job) {
  job.black.engine.process.stderr_mode = rm::process::StderrMode::Discard;
  job.white.engine.process.stderr_mode = rm::process::StderrMode::Discard;
  if (auto& arbiter = job.settings.adjudication.arbiter_engine)
    arbiter->process.stderr_mode = rm::process::StderrMode::Discard;
}

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

}  // namespace

int cost_command(const CommandLine& line) {
  auto control = rm::comp::load_control_file(line.control_file);
  ScratchDirectory scratch("ringmaster-cost");
  control.directory = scratch.path();  // candidate files, SGF records: all in the scratch
  auto competition = rm::run::make_competition_for(control);
  const int parallel = line.parallel;
  const int to_time = line.max_games ? *line.max_games : std::max(2, 2 * parallel);
  const std::optional<int> total = competition->games_remaining();

  std::cout << "cost of " << control.code << " (" << control.competition_type << "): ";
  if (total)
    std::cout << *total << " games";
  else
    std::cout << "no limit on the games (it runs until stopped)";
  std::cout << std::endl;
  if (to_time == 0) return kExitOk;

  std::cout << "timing " << to_time << " of its games at -j " << parallel << "..." << std::endl;
  const double cpu_before = children_cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  int timed = 0, void_games = 0;
  bool halted = false;  // the event would halt on its void games (gomill's rules)
  while (timed < to_time && !halted) {
    std::vector<rm::comp::JobRequest> batch;
    while (static_cast<int>(batch.size()) < parallel &&
           timed + static_cast<int>(batch.size()) < to_time) {
      auto request = competition->next_job();
      if (!request) break;
      discard_stderr(request->job);
      batch.push_back(std::move(*request));
    }
    if (batch.empty()) break;
    std::vector<std::future<rm::game::GameResult>> games;
    for (const auto& request : batch)
      games.push_back(std::async(std::launch::async,
                                 [&job = request.job] { return rm::game::play_game(job); }));
    for (auto& game : games) {
      const rm::game::GameResult result = game.get();
      ++timed;
      if (result.is_void) {
        ++void_games;
        std::cout << "game " << result.game_id << " void: " << result.void_reason << std::endl;
        halted = halted || !competition->on_void(result);
      } else {
        std::cout << competition->on_result(result).screen_line << std::endl;
      }
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = children_cpu_seconds() - cpu_before;
  if (timed == 0) {
    std::cout << "no game could be started (the event has none to play)" << std::endl;
    return kExitOk;
  }
  if (void_games == timed) {
    std::cerr << "ringmaster: every timed game was void: fix the engines first (`check`)"
              << std::endl;
    return kExitError;
  }
  const double per_game = seconds / timed;
  std::cout << timed << " games in " << fixed(seconds, 1) << " s at -j " << parallel << ": "
            << fixed(per_game, 2) << " s of wall-clock per game at this -j, "
            << fixed(cpu / timed, 2) << " s of engine CPU per game" << std::endl;
  if (total)
    std::cout << "estimate: about " << rm::report::format_duration(per_game * *total) << " for "
              << *total << " games at -j " << parallel << std::endl;
  else
    std::cout << "estimate: about " << rm::report::format_duration(per_game * 1000)
              << " per 1000 games at -j " << parallel << std::endl;
  return kExitOk;
}

}  // namespace rm::cli
