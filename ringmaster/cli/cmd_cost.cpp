// `cost`: what an event will cost before it is spent. It plays a few of the event's own first
// games (real engines, on the run's own -j workers, kept engines included) in a scratch
// directory, nothing stored, and prints the games the event plays with the time they should
// take at the measured rate.
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/cli/scratch_directory.hpp"
#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/executor_settings.hpp"
#include "ringmaster/game/referee.hpp"
#include "ringmaster/report/progress_text.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/executor/local_executor.hpp"
#include "ringmaster/run/executor/make_executor.hpp"
#include "ringmaster/run/job_setup.hpp"
#include "ringmaster/run/startup_checks.hpp"

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

// Where the run plays when not on local threads as `cost` does: a cluster node or a worker may
// play at another speed, and the user should know; and how many games it plays at once there.
struct Elsewhere {
  std::string name;  // slurm, workers
  int at_once = 1;
  bool keeps_engines = false;  // long-lived workers: a `reuse` engine starts once per worker
};

// One game's duration from the games timed (durations[worker] in the order played): the mean
// of all (its engines' start included), and with `reuse` the mean of each worker's later games
// (engines already running) and the longest start beyond that, paid once per worker.
struct GameTimes {
  double mean_game = 0.0;
  double kept_game = 0.0, kept_start = 0.0;
  int later_games = 0;
};

GameTimes game_times(const std::vector<std::vector<double>>& durations) {
  GameTimes t;
  double all = 0.0, later = 0.0;
  int games = 0;
  for (const auto& slot : durations)
    for (std::size_t i = 0; i < slot.size(); ++i, ++games) {
      all += slot[i];
      if (i > 0) {
        later += slot[i];
        ++t.later_games;
      }
    }
  t.mean_game = all / std::max(1, games);
  if (t.later_games == 0) return t;
  t.kept_game = later / t.later_games;
  for (const auto& slot : durations)
    if (!slot.empty()) t.kept_start = std::max(t.kept_start, slot.front() - t.kept_game);
  return t;
}

// "LABEL: about 1h 01m for N games TAIL" ("per 1000 games" when the event has no total).
void print_estimate(const std::string& label, double seconds, int games, bool for_total,
                    const std::string& tail) {
  std::cout << label << ": about " << rm::report::format_duration(seconds)
            << (for_total ? " for " : " per ") << games << " games" << tail << std::endl;
}

std::optional<Elsewhere> elsewhere(const rm::run::ExecutorChoice& choice) {
  const auto& settings = choice.settings;
  switch (rm::run::chosen_type(choice)) {
    case rm::control::ExecutorType::Local:
      return std::nullopt;
    case rm::control::ExecutorType::Slurm:
      return Elsewhere{"slurm", settings.slurm.games_in_flight,
                       settings.slurm.mode == rm::control::SlurmMode::Workers};
    case rm::control::ExecutorType::Workers:
      return Elsewhere{"workers", settings.workers.workers, true};
  }
  return std::nullopt;
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
  const auto remote = elsewhere({control.executor, line.executor, line.parallel_given});
  if (remote)
    std::cout << "timed on local threads: "
              << (line.executor.empty() ? "this control file runs"
                                        : "with --executor " + line.executor + " the run plays")
              << " on " << remote->name << ", where a game's time may differ" << std::endl;
  bool reuse = false;  // a player of the games timed keeps its engine (`reuse: true`)
  const double cpu_before = children_cpu_seconds();
  // The run's startup checks come first, and are part of what it costs; as in the run, a
  // checked engine of a `reuse` player is kept for worker 0's games.
  auto kept_engines = std::make_shared<rm::game::WorkerEngines>();
  double check_seconds = 0.0;
  if (!control.common.skip_player_checks) {
    const auto handover = rm::run::worker0_handover(kept_engines, discard_stderr);
    const auto check_start = std::chrono::steady_clock::now();
    const auto outcome = rm::run::run_startup_checks(
        rm::run::with_arbiters(competition->players_to_check()), false, {}, &handover);
    check_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - check_start).count();
    if (outcome.failure) {
      std::cerr << *outcome.failure << "\n(use the 'check' command to see stderr output)"
                << std::endl;
      return kExitError;
    }
    std::cout << "startup checks: " << fixed(check_seconds, 1) << " s" << std::endl;
  }
  const auto start = std::chrono::steady_clock::now();
  auto since_start = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  int submitted = 0, timed = 0, void_games = 0;
  bool halted = false;  // the event would halt on its void games (gomill's rules)
  double seconds = 0.0;
  // How long each worker's games took, in order: with `reuse`, a worker's first game carries
  // its engines' start and the later ones give the event's steady rate.
  std::mutex durations_mutex;
  std::vector<std::vector<double>> durations(static_cast<std::size_t>(parallel));
  {
    // The run's own workers: a `reuse` player's engine is started once per worker and kept,
    // as in the run (it dies with the thread that started it, so one-off threads would not do).
    auto play = rm::run::referee_player(std::move(kept_engines));
    rm::run::WorkerPool::PlayGame timed_play = [&](const rm::game::GameJob& job, int slot,
                                                   const std::atomic<bool>* abort) {
      const double began = since_start();
      auto result = play(job, slot, abort);
      const std::lock_guard lock(durations_mutex);
      durations[static_cast<std::size_t>(slot)].push_back(since_start() - began);
      return result;
    };
    rm::run::LocalExecutor executor(parallel, timed_play);
    while (timed < to_time && !halted) {
      // Asked again after every result, as the run does: a tuner may have no game to start
      // until its games in progress are in (a ce_tuner's generation).
      while (submitted < to_time && executor.has_free_slot()) {
        auto request = competition->next_job();
        if (!request) break;
        discard_stderr(request->job);
        reuse = reuse || request->job.black.reuse || request->job.white.reuse;
        executor.submit(std::move(request->job));
        ++submitted;
      }
      if (executor.outstanding() == 0) break;
      const auto result = executor.next_result(std::chrono::milliseconds(200));
      if (!result) continue;
      ++timed;
      if (result->is_void) {
        ++void_games;
        std::cout << "game " << result->game_id << " void: " << result->void_reason << std::endl;
        halted = halted || !competition->on_void(*result);
      } else {
        std::cout << competition->on_result(*result).screen_line << std::endl;
      }
    }
    seconds = since_start();
    executor.abort_games();  // games started but not timed (a halt) are not waited for
  }  // the workers close their kept engines: their CPU time is counted below
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
  // With `reuse`, only each worker's first game starts its engines: the later games give the
  // steady rate (a game's duration, -j at a time), the first games beyond that the start,
  // paid once per worker, the workers side by side.
  const GameTimes times = game_times(durations);
  double estimate_per_game = per_game, one_off = check_seconds;
  if (reuse) {
    if (times.later_games > 0) {
      estimate_per_game = times.kept_game / parallel;
      one_off += times.kept_start;
      std::cout << "with reuse: a game takes " << fixed(times.kept_game, 2)
                << " s once the engines are running, their start " << fixed(times.kept_start, 1)
                << " s once per worker" << std::endl;
    } else {
      std::cout << "with reuse: time more games than -j (-g " << 2 * parallel
                << ") to tell the engines' start from the games" << std::endl;
    }
  }
  const int games = total ? *total : 1000;
  print_estimate("estimate", one_off + estimate_per_game * games, games, total.has_value(),
                 " at -j " + std::to_string(parallel));
  if (remote) {
    // There, `at_once` games side by side, each as long as here; long-lived workers start a
    // `reuse` engine once each, a game of its own (slurm's games mode) every time.
    const bool kept = reuse && remote->keeps_engines && times.later_games > 0;
    const double game = kept ? times.kept_game : times.mean_game;
    print_estimate(
        "estimate on " + remote->name + ", " + std::to_string(remote->at_once) + " games at once",
        check_seconds + (kept ? times.kept_start : 0.0) + game * games / remote->at_once, games,
        total.has_value(), ", if its games take as long as these");
  }
  return kExitOk;
}

}  // namespace rm::cli
