// The run loop: the main thread owns the competition, the store and the display; a
// WorkerPool plays the games. Order before each new game (gomill's get_job): halting? ->
// Ctrl-X at the terminal -> "stop" in <code>.cmd -> --max-games budget ->
// competition.next_job(). Ctrl-X is also looked for while every worker is busy, so that the
// display says at once that the run is halting.
#pragma once

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/report/live_display.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/executor/game_executor.hpp"
#include "ringmaster/run/worker_pool.hpp"
#include "ringmaster/store/store.hpp"
#include "scales/parameter.hpp"

namespace rm::run {

struct RunOptions {
  int parallel = 1;                // worker threads (1..1023)
  std::optional<int> max_games;    // games to start in this run at most
  bool log_gtp = false;            // GTP transcripts to <code>.gtplogs/<game_id>.log
  bool record_games = true;        // SGF records to <code>.games/
  bool stderr_to_log = true;       // engines' stderr appended to <code>.log
  std::vector<int> cpus;           // --affinity: worker i and its engines on cpus[i % size]
  bool terminal_stop_key = false;  // Ctrl-X at the controlling terminal halts the run
  // Quiet runs: a status line (status_text()) on status_out every status_interval; zero or
  // no status_out: none.
  std::chrono::milliseconds status_interval{0};
  std::FILE* status_out = nullptr;
  // Quiet runs of a tournament: each matchup's score, Elo and SPRT (rating_lines()) on
  // status_out every rating_interval games played (cutechess's -ratinginterval); 0: never.
  int rating_interval = 0;
  // The tuned parameters, to show the recommended values with their formats; empty: the
  // values as they are.
  std::vector<rm::scales::Parameter> parameters;
};

enum class RunOutcome {
  Completed,    // the competition finished or the run halted (stop, max-games, void games)
  Interrupted,  // SIGINT/SIGTERM: games in progress were aborted and not committed
  StoreFailed,  // a result could not be committed (disk full...): games in progress aborted
};

struct RunSummary {
  RunOutcome outcome = RunOutcome::Completed;
  std::optional<std::string> halt_reason;
  bool halted_on_error = false;  // the halt was caused by errors (void games, SGF writes)
  std::string store_error;       // for StoreFailed: what failed
  int games_committed = 0;       // finished games committed in this run
  int void_games = 0;            // void games in this run
  bool workers_stuck = false;    // interrupted and some game did not return in time
  std::string summary_line;      // run_summary_text(): what `run --quiet` prints at the end
};

// A tuner's recommended values (Competition::recommended_values()) formatted with the
// parameters' formats ("pl: 300; c: 0.45"), or each value as Python's str() joined with
// ", " when the parameters do not match; "" for a tournament (or if the tuner cannot say).
std::string recommended_text(const rm::comp::Competition& competition,
                             const std::vector<rm::scales::Parameter>& parameters);

// Runs games until the competition finishes, the run halts or a signal arrives. Every
// finished game is committed (result + competition state + its history lines in one
// transaction) before the next display update. Writes the event log, the history (first
// restoring lines a killed run did not write) and the display. A game whose SGF record
// cannot be written is committed (the record kept in the database) and halts the run on an
// error; a failed commit (disk full) aborts the games in progress and returns StoreFailed.
RunSummary run_games(rm::comp::Competition& competition, rm::store::Store& store,
                     const CompetitionPaths& paths, const RunOptions& options,
                     rm::report::LiveDisplay& display, WorkerPool::PlayGame play);
// The same with any executor (the local one above is LocalExecutor(options.parallel, play,
// options.cpus)); the executor decides where games are played, nothing else changes.
RunSummary run_games(rm::comp::Competition& competition, rm::store::Store& store,
                     const CompetitionPaths& paths, const RunOptions& options,
                     rm::report::LiveDisplay& display, std::unique_ptr<GameExecutor> executor);

}  // namespace rm::run
