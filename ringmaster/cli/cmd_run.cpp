// `run`: lock, check the definition, restore, startup checks, run loop, write the report.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "engine/process/cpu_affinity.hpp"
#include "ringmaster/cli/commands.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/executor/make_executor.hpp"
#include "ringmaster/run/executor/read_spin_policy.hpp"
#include "ringmaster/run/interrupt_signals.hpp"
#include "ringmaster/run/job_setup.hpp"
#include "ringmaster/run/report_inputs.hpp"
#include "ringmaster/run/ringmaster_error.hpp"
#include "ringmaster/run/run_loop.hpp"
#include "ringmaster/run/startup_checks.hpp"
#include "ringmaster/run/stop_file.hpp"

namespace rm::cli {
namespace {

// The interval of `run --quiet`'s status lines: RINGMASTER_STATUS_INTERVAL seconds (a
// number, fractions allowed; 0 turns them off), else a minute.
std::chrono::milliseconds quiet_status_interval() {
  constexpr std::chrono::milliseconds kDefault{60'000};
  const char* text = std::getenv("RINGMASTER_STATUS_INTERVAL");
  if (text == nullptr || *text == '\0') return kDefault;
  char* end = nullptr;
  const double seconds = std::strtod(text, &end);
  if (*end != '\0' || !(seconds >= 0.0) || seconds > 1e9) return kDefault;
  return std::chrono::milliseconds(static_cast<long long>(seconds * 1000.0 + 0.5));
}

}  // namespace

int run_command(const CommandLine& line) {
  // A bad control file starts nothing and writes nothing: load it before touching any file.
  rm::control::ControlFile control = rm::comp::load_control_file(line.control_file);
  auto paths = rm::run::CompetitionPaths::for_control_file(line.control_file);
  // The lock comes before any engine. Until the startup checks pass, a new database and lock
  // file are only provisional: the session removes them unless told to keep them.
  auto session = rm::run::open_for_run(control, paths, rm::run::NewFiles::Provisional);

  using rm::report::LiveDisplay;
  LiveDisplay display(stdout, stderr, LiveDisplay::mode_for(stdout, line.quiet));

  rm::run::ExecutorChoice executor_choice{control.executor, line.executor, line.parallel_given};
  auto players = rm::run::with_arbiters(session.competition->players_to_check());
  rm::run::adapt_players_for_checks(executor_choice, paths, players);
  // With `reuse`, the engine a check starts is kept for the games (docs/engine-reuse.md):
  // started as worker 0 starts its engines (GOMILL_SLOT=0, stderr to the log), it is the
  // engine worker 0 keeps for its first game with that player. Only where the games are
  // played by this process's worker threads, and not with --affinity (a worker's engines
  // start on its CPU; the checks run on the main thread).
  auto kept_engines = std::make_shared<rm::game::WorkerEngines>();
  const bool keep_check_engines =
      rm::run::chosen_type(executor_choice) == rm::control::ExecutorType::Local && !line.affinity;
  const auto handover = rm::run::worker0_handover(kept_engines, [&paths](rm::game::GameJob& job) {
    rm::run::prepare_job(job, paths, rm::run::RunOptions{});
  });
  if (control.common.skip_player_checks) {
    display.say("skipping " + std::to_string(players.size()) + " Player checks");
  } else {
    display.say("running startup checks on all players");
    // A kept engine's stderr goes to the log, as in its games: a run that fails its checks
    // must still leave no file, so a log its engines created is removed then.
    std::error_code exists_ec;
    const bool log_existed = std::filesystem::exists(paths.log, exists_ec);
    // Kept engines are spawned with the read policy of the run's workers.
    if (keep_check_engines) rm::run::set_read_spin_for(line.parallel);
    auto outcome =
        rm::run::run_startup_checks(players, false, {}, keep_check_engines ? &handover : nullptr);
    // Late errors of a check that passed (an engine that had to be killed after `quit`) are
    // shown, as `check` shows them: they would otherwise go unnoticed until the games.
    for (const auto& w : outcome.warnings) std::cerr << w << std::endl;
    if (outcome.failure) {
      kept_engines.reset();  // closes them
      std::error_code remove_ec;
      if (!log_existed) std::filesystem::remove(paths.log, remove_ec);
      std::cerr << *outcome.failure << "\n(use the 'check' command to see stderr output)"
                << std::endl;
      return kExitError;
    }
  }

  rm::run::RunOptions options;
  options.parallel = line.parallel;
  options.max_games = line.max_games;
  options.log_gtp = line.log_gtp;
  options.record_games = control.common.record_games;
  options.stderr_to_log = control.common.stderr_to_log;
  options.terminal_stop_key = true;
  if (line.quiet) {
    options.status_interval = quiet_status_interval();
    options.status_out = stderr;
    options.rating_interval = line.rating_interval;
  }
  options.parameters = rm::control::tuned_parameters(control);
  if (line.affinity) {
    options.cpus = rm::process::allowed_cpus();
    if (options.cpus.empty())
      throw rm::run::RingmasterError("--affinity: can't read the CPUs this process may use");
  }

  // A cluster that does not answer stops the run before any file is kept.
  auto executor = rm::run::make_executor(executor_choice, options, paths, std::move(kept_engines));
  session.new_files->keep();
  rm::run::remove_stale_commands(paths.cmd);
  std::error_code ec;
  if (options.record_games) std::filesystem::create_directories(paths.games_dir, ec);
  if (options.log_gtp) std::filesystem::create_directories(paths.gtplogs_dir, ec);

  rm::run::install_interrupt_handlers();
  auto summary = rm::run::run_games(*session.competition, *session.store, paths, options, display,
                                    std::move(executor));
  if (line.quiet) {
    // The one line a quiet run prints on stdout.
    std::printf("%s\n", summary.summary_line.c_str());
    std::fflush(stdout);
  }
  if (summary.outcome == rm::run::RunOutcome::Interrupted) {
    std::cerr << "ringmaster: interrupted" << std::endl;
    // A game that did not return cannot be joined; everything finished is committed.
    if (summary.workers_stuck) ::_exit(kExitInterrupted);
    return kExitInterrupted;
  }
  if (summary.outcome == rm::run::RunOutcome::StoreFailed) {
    std::cerr << "ringmaster: " << summary.store_error
              << "\nringmaster: every game committed before it is safe; the games in progress "
                 "were abandoned and will be replayed: free some space (or fix the error) and "
                 "run again"
              << std::endl;
    if (summary.workers_stuck) ::_exit(kExitError);
    return kExitError;
  }
  try {
    const std::string report_text = rm::run::write_report_file(session, paths);
    try {
      rm::run::write_html_report_file(
          rm::run::gather_report_inputs(session, control, paths, report_text), paths);
    } catch (const std::exception& e) {
      // The text report and every game are safe: a failed HTML report is only a warning.
      std::cerr << "ringmaster: warning: no HTML report: " << e.what() << std::endl;
    }
  } catch (const rm::run::RingmasterError& e) {
    // After a halt on errors the halt is what to fix first (the report likely failed for the
    // same reason, a read-only directory): it stays the last thing said.
    if (!summary.halted_on_error) throw;
    std::cerr << "ringmaster: warning: no report: " << e.what() << std::endl;
  }
  if (summary.halted_on_error) {
    std::cerr << "ringmaster: run halted: " << summary.halt_reason.value_or("") << " (see "
              << paths.log << ")" << std::endl;
    return kExitError;
  }
  return kExitOk;
}

}  // namespace rm::cli
