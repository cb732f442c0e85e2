#include "ringmaster/run/run_loop.hpp"

#include <chrono>
#include <map>
#include <memory>

#include "engine/process/cpu_affinity.hpp"
#include "ringmaster/report/live_summary.hpp"
#include "ringmaster/report/progress_text.hpp"
#include "ringmaster/report/rating_status.hpp"
#include "ringmaster/run/executor/local_executor.hpp"
#include "ringmaster/run/history_recovery.hpp"
#include "ringmaster/run/interrupt_signals.hpp"
#include "ringmaster/run/job_setup.hpp"
#include "ringmaster/run/line_file.hpp"
#include "ringmaster/run/stop_file.hpp"
#include "ringmaster/run/terminal_stop_key.hpp"
#include "ringmaster/run/unwritten_records.hpp"

namespace rm::run {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::milliseconds kPollInterval{100};
// Each look at the terminal switches its mode twice; fast games must not make that a cost.
constexpr std::chrono::milliseconds kStopKeyInterval{100};
// A frame (the competition's screen report, the games in progress) is built at most this
// often: the display draws at most every 500 ms anyway, and with hundreds of games in flight
// results come faster than that.
constexpr std::chrono::milliseconds kFrameInterval{100};
// After Ctrl-C the referee kills the engines at once; this only guards against a game that
// never returns, so that Ringmaster still exits.
constexpr std::chrono::seconds kAbortGrace{15};

void keep_last(std::vector<std::string>& lines, std::size_t n) {
  if (lines.size() > n) lines.erase(lines.begin(), lines.end() - static_cast<std::ptrdiff_t>(n));
}

class RunLoop {
 public:
  RunLoop(rm::comp::Competition& competition, rm::store::Store& store,
          const CompetitionPaths& paths, const RunOptions& options,
          rm::report::LiveDisplay& display, std::unique_ptr<GameExecutor> executor)
      : competition_(competition),
        store_(store),
        paths_(paths),
        options_(options),
        display_(display),
        pool_(std::move(executor)),
        log_(paths.log),
        history_(paths.hist),
        max_games_left_(options.max_games),
        games_before_run_(store.game_count()),
        void_games_before_run_(store.void_game_count()),
        started_(Clock::now()) {
    if (options.terminal_stop_key) {
      stop_key_ = std::make_unique<TerminalStopKey>();
      if (!stop_key_->available()) stop_key_.reset();
    }
  }

  RunSummary run() {
    log_.line("run started at " + local_time_text() + " with max_games " +
              (options_.max_games ? std::to_string(*options_.max_games) : std::string("None")));
    log_.line(pool_->description());
    for (const auto& note : pool_->startup_notes()) log_.line(note);
    if (int restored = restore_missing_history(paths_.hist, store_))
      log_.line("history file: " + std::to_string(restored) +
                " lines of committed games restored from the database");
    for (const auto& line : write_unwritten_records(store_, paths_)) log_.line(line);
    store_.save_run_halt(std::nullopt);
    if (!options_.cpus.empty())
      log_.line("games pinned to CPUs " + rm::process::cpu_list_text(options_.cpus) +
                " (worker n and its engines on the n-th of them, round robin)");
    redraw();
    for (;;) {
      if (interrupted()) return interrupt();
      check_stop_key();
      while (!halt_reason_ && pool_->has_free_slot()) {
        auto request = next_job();
        if (!request) break;
        start(std::move(*request));
      }
      // After the loop above: an executor with no free slot because it can play no more
      // games must halt the run, not end it as if finished.
      check_executor();
      if (pool_->outstanding() == 0) break;
      if (auto result = pool_->next_result(kPollInterval)) process(*result);
      if (!summary_.store_error.empty()) return abandon_after_store_failure();
      report_status();
      if (display_.terminal_resized()) dirty_ = true;  // fit the frame to the new size
      if (dirty_) redraw();
    }
    log_.line("run finished at " + local_time_text());
    redraw(true);
    display_.flush();
    summary_.halt_reason = halt_reason_;
    finish_summary(halt_reason_.value_or(""));
    if (halt_reason_) {
      try {
        store_.save_run_halt(rm::store::RunHalt{*halt_reason_, summary_.halted_on_error});
      } catch (const rm::store::StoreError& e) {
        // Every game is committed; only the note of why the run stopped is lost.
        log_.line(std::string("cannot record why the run halted: ") + e.what());
      }
    }
    return summary_;
  }

 private:
  void check_stop_key() {
    if (!stop_key_ || halt_reason_) return;
    const auto now = Clock::now();
    if (now < next_stop_key_check_) return;
    next_stop_key_check_ = now + kStopKeyInterval;
    if (!stop_key_->pressed()) return;
    // In quiet mode there is no display to say it (gomill writes the same line).
    if (display_.mode() == rm::report::LiveDisplay::Mode::Quiet)
      stop_key_->say("\rCtrl-X received; halting\n");
    halt("stop instruction received from terminal");
  }

  // gomill's get_job order (the Ctrl-X check comes first, in check_stop_key()).
  std::optional<rm::comp::JobRequest> next_job() {
    if (halt_reason_) return std::nullopt;
    if (take_stop_request(paths_.cmd)) {
      halt("stop command received");
      return std::nullopt;
    }
    if (max_games_left_ && *max_games_left_ <= 0) {
      halt("max-games reached for this run");
      return std::nullopt;
    }
    auto request = competition_.next_job();
    if (!request) {
      if (competition_.finished())
        halt("competition finished");
      else if (pool_->outstanding() == 0)
        // Nothing running and nothing to start: waiting would never end.
        halt("no game can be started");
    }
    return request;
  }

  void start(rm::comp::JobRequest request) {
    rm::game::GameJob job = std::move(request.job);
    prepare_job(job, paths_, options_);
    if (max_games_left_) --*max_games_left_;
    log_.line("starting game " + job.game_id + ": " + job.black.code + " (b) vs " + job.white.code +
              " (w)");
    in_progress_[job.game_id] = request.description;
    pool_->submit(std::move(job));
    dirty_ = true;
  }

  void process(const rm::game::GameResult& result) {
    // An executor that can play no more games says so before the games it could not play
    // come back void: its reason is the one the run halts with.
    check_executor();
    in_progress_.erase(result.game_id);
    log_.line("response from game " + result.game_id);
    for (const auto& w : result.warnings) warn(w);
    for (const auto& e : result.late_errors) warn(e);
    try {
      if (result.is_void)
        process_void(result);
      else
        process_finished(result);
    } catch (const rm::store::StoreError& e) {
      store_failed(result.game_id, e.what());
      return;
    }
    if (!result.sgf_write_error.empty()) {
      // A persistent failure (read-only directory, full disk) would leave every later game
      // without a record: stop now. The record is in the database with the result.
      warn("game " + result.game_id + ": " + result.sgf_write_error +
           " (the game counts; its record is kept in the database)");
      halt_on_error("cannot write SGF records");
    }
    dirty_ = true;
  }

  void process_void(const rm::game::GameResult& result) {
    ++summary_.void_games;
    warn("game " + result.game_id + " -- aborting game due to error:\n" + result.void_reason);
    bool carry_on = competition_.on_void(result);
    store_.commit_void_game(result, competition_.state());
    if (!carry_on && !summary_.halted_on_error) {
      warn("halting run due to void games");
      // A lost node shows as void games: name the workers out of action and why.
      const std::string lost = pool_->lost_workers();
      halt_on_error("too many void games" + (lost.empty() ? "" : " (" + lost + ")"));
    }
  }

  void process_finished(const rm::game::GameResult& result) {
    rm::comp::ResultLines lines = competition_.on_result(result);
    if (!commit_or_count_lost(result, history_lines(lines))) {
      warn("game " + result.game_id + " was already committed; this result is ignored");
      return;
    }
    results_.push_back(lines.screen_line);
    keep_last(results_, rm::report::kResultsShown);
    report_rating(false);
  }

  // The game's line and any periodic lines now due (the tree dump...), for the history.
  std::vector<std::string> history_lines(const rm::comp::ResultLines& lines) const {
    std::vector<std::string> history = {lines.history_line};
    for (auto& l : competition_.periodic_history_lines()) history.push_back(std::move(l));
    return history;
  }

  // The result, the state and the history lines in one transaction, then the history file.
  bool commit(const rm::game::GameResult& result, const std::vector<std::string>& history) {
    std::string text;
    for (const auto& l : history) text += l + "\n";
    // Taken before state(), which then no longer holds the chunk's records.
    const auto chunk = competition_.archive_chunk();
    if (!store_.commit_game(result, competition_.state(), text, competition_.statistics(),
                            chunk ? *chunk : nlohmann::json(nullptr)))
      return false;
    ++summary_.games_committed;
    for (const auto& l : history) history_.line(l);
    return true;
  }

  // commit(), noting a game the competition has counted but the database refused: it is
  // replayed next run, so it is still to be played.
  bool commit_or_count_lost(const rm::game::GameResult& result,
                            const std::vector<std::string>& history) {
    try {
      return commit(result, history);
    } catch (const rm::store::StoreError&) {
      ++results_not_committed_;
      throw;
    }
  }

  // The database refused a commit (disk full, I/O error): it is intact (the transaction
  // rolled back), but nothing more can be recorded, so the games in progress are abandoned.
  void store_failed(const std::string& game_id, const std::string& what) {
    summary_.store_error = "cannot record game " + game_id + " in the database: " + what;
    log_.line(summary_.store_error);
    halt("database error");
  }

  RunSummary abandon_after_store_failure() {
    pool_->abort_games();
    log_.line("run finished with error at " + local_time_text());
    wait_for_aborted_games();
    redraw(true);
    display_.flush();
    summary_.outcome = RunOutcome::StoreFailed;
    summary_.halt_reason = halt_reason_;
    finish_summary(halt_reason_.value_or("database error"));
    return summary_;
  }

  // After abort_games(): waits (bounded) for the workers, handing each result that still
  // comes back to on_result (which commits the ones that must still count, or drops them).
  template <typename OnResult>
  void wait_for_aborted_games(OnResult on_result) {
    auto deadline = Clock::now() + kAbortGrace;
    while (pool_->outstanding() > 0 && Clock::now() < deadline) {
      auto result = pool_->next_result(kPollInterval);
      if (!result) continue;
      in_progress_.erase(result->game_id);
      on_result(*result);
    }
    if (pool_->outstanding() > 0) {
      // A worker did not come back: joining it would hang, so leave the pool to the
      // process exit (the caller exits at once; engines die with us via PDEATHSIG).
      summary_.workers_stuck = true;
      (void)pool_.release();
    }
  }
  void wait_for_aborted_games() {
    wait_for_aborted_games([](const rm::game::GameResult&) {});
  }

  RunSummary interrupt() {
    pool_->abort_games();
    std::string ids;
    for (const auto& [id, description] : in_progress_) ids += (ids.empty() ? "" : " ") + id;
    const std::string signal = interrupt_signal_name();
    log_.line("run interrupted at " + local_time_text() + (signal.empty() ? "" : " by " + signal));
    log_.line("games in progress were: " + (ids.empty() ? std::string("none") : ids));
    // Games that finished before the abort reached them still count; aborted ones are void
    // and are not committed (the competition reissues them next run).
    wait_for_aborted_games([this](const rm::game::GameResult& result) {
      if (result.is_void || !summary_.store_error.empty()) return;
      rm::comp::ResultLines lines = competition_.on_result(result);
      try {
        commit_or_count_lost(result, history_lines(lines));
      } catch (const rm::store::StoreError& e) {
        store_failed(result.game_id, e.what());
      }
    });
    summary_.outcome = RunOutcome::Interrupted;
    summary_.halt_reason = halt_reason_;
    finish_summary("interrupted");
    return summary_;
  }

  rm::report::Progress progress() const {
    rm::report::Progress p;
    p.games_played = games_before_run_ + summary_.games_committed;
    p.games_remaining = competition_.games_remaining();
    if (p.games_remaining) *p.games_remaining += results_not_committed_;
    if (max_games_left_)
      p.games_left_this_run = *max_games_left_ + static_cast<int>(in_progress_.size());
    p.games_played_this_run = summary_.games_committed;
    p.seconds_this_run = std::chrono::duration<double>(Clock::now() - started_).count();
    return p;
  }

  // Quiet runs: a status line every options_.status_interval.
  void report_status() {
    if (options_.status_interval.count() <= 0 || options_.status_out == nullptr) return;
    const auto now = Clock::now();
    if (next_status_ == Clock::time_point{}) next_status_ = started_ + options_.status_interval;
    if (now < next_status_) return;
    next_status_ = now + options_.status_interval;
    const std::string line =
        rm::report::status_text(progress(), static_cast<int>(in_progress_.size()),
                                recommended_text(competition_, options_.parameters));
    std::fprintf(options_.status_out, "%s\n", line.c_str());
    std::fflush(options_.status_out);
  }

  // Quiet runs: the matchups' figures every options_.rating_interval games, and once more at
  // the end of the run if games were played since.
  void report_rating(bool final) {
    if (options_.rating_interval <= 0 || options_.status_out == nullptr) return;
    const int played = games_before_run_ + summary_.games_committed;
    if (played == rating_reported_at_ || summary_.games_committed == 0) return;
    if (!final && played % options_.rating_interval != 0) return;
    rating_reported_at_ = played;
    std::vector<std::string> lines;
    try {
      lines = rm::report::rating_lines(competition_.json_report());
    } catch (const std::exception&) {
      return;  // a status line must not end the run
    }
    for (const auto& line : lines) std::fprintf(options_.status_out, "%s\n", line.c_str());
    std::fflush(options_.status_out);
  }

  void finish_summary(const std::string& stopped) {
    report_rating(true);
    summary_.summary_line =
        rm::report::run_summary_text(progress(), summary_.void_games, stopped,
                                     recommended_text(competition_, options_.parameters));
  }

  void halt(const std::string& reason) {
    if (halt_reason_) return;
    halt_reason_ = reason;
    log_.line("halting competition: " + reason);
    dirty_ = true;
  }

  // An error outranks an earlier ordinary halt (stop, max-games) as the reason recorded.
  void check_executor() {
    for (const auto& w : pool_->take_warnings()) warn(w);
    if (auto why = pool_->halt_reason(); why && !summary_.halted_on_error) {
      warn("halting run: " + *why);
      halt_on_error(*why);
    }
  }

  void halt_on_error(const std::string& reason) {
    if (summary_.halted_on_error) return;
    summary_.halted_on_error = true;
    halt_reason_.reset();
    halt(reason);
  }

  void warn(const std::string& message) {
    log_.line(message);
    warnings_.push_back(message);
    keep_last(warnings_, rm::report::kWarningsShown);
    display_.warn(message);
    dirty_ = true;
  }

  // `final`: the last frame of the run, built whatever the time (flush() then draws it).
  void redraw(bool final = false) {
    if (display_.mode() == rm::report::LiveDisplay::Mode::Quiet) {
      dirty_ = false;
      return;
    }
    const auto now = Clock::now();
    if (!final && now < next_frame_) return;  // stays dirty: retried on a later poll
    next_frame_ = now + kFrameInterval;
    // A frame held back by the display's throttle stays due and is retried on the next poll.
    dirty_ = !display_.update(frame());
  }

  rm::report::DisplayFrame frame() const {
    rm::report::DisplayFrame f;
    f.halt_reason = halt_reason_;
    for (const auto& [id, description] : in_progress_) f.games_in_progress.push_back(id);
    f.max_games_left = max_games_left_;
    f.stop_key_hint = stop_key_ != nullptr;
    f.void_games = void_games_before_run_ + summary_.void_games;
    f.screen_report = competition_.screen_report(f.games_in_progress);
    // The summary follows the results only: its JSON report is made again only after one.
    const int results = summary_.games_committed + summary_.void_games;
    if (results != summary_results_) {
      summary_results_ = results;
      try {
        summary_lines_ = rm::report::live_summary_lines(competition_.json_report());
      } catch (const std::exception&) {
        summary_lines_.clear();  // a convenience: a frame without it is still right
      }
    }
    f.summary_lines = summary_lines_;
    f.recent_results = results_;
    f.recent_warnings = warnings_;
    f.progress_line = rm::report::progress_text(progress());
    return f;
  }

  rm::comp::Competition& competition_;
  rm::store::Store& store_;
  const CompetitionPaths& paths_;
  const RunOptions& options_;
  rm::report::LiveDisplay& display_;
  std::unique_ptr<GameExecutor> pool_;
  LineFile log_, history_;
  std::optional<int> max_games_left_;
  int games_before_run_, void_games_before_run_;
  Clock::time_point started_;
  std::map<std::string, std::string> in_progress_;  // game id -> description
  std::optional<std::string> halt_reason_;
  std::vector<std::string> results_, warnings_;
  RunSummary summary_;
  int results_not_committed_ = 0;  // finished games on_result saw that a commit refused
  bool dirty_ = false;
  std::unique_ptr<TerminalStopKey> stop_key_;  // null without a terminal or when not asked
  Clock::time_point next_stop_key_check_{};
  Clock::time_point next_status_{};
  int rating_reported_at_ = -1;       // games played when the rating lines were last printed
  mutable int summary_results_ = -1;  // results when summary_lines_ was made
  mutable std::vector<std::string> summary_lines_;  // the live summary (best now, Elo lines)
  Clock::time_point next_frame_{};
};

}  // namespace

std::string recommended_text(const rm::comp::Competition& competition,
                             const std::vector<rm::scales::Parameter>& parameters) {
  std::optional<std::vector<rm::scales::Value>> values;
  try {
    values = competition.recommended_values();
  } catch (const std::exception&) {
    return "";  // a status line must not end the run
  }
  if (!values || values->empty()) return "";
  if (values->size() == parameters.size())
    return rm::scales::format_engine_parameters(parameters, *values);
  std::string text;
  for (const auto& v : *values) text += (text.empty() ? "" : ", ") + rm::scales::python_str(v);
  return text;
}

RunSummary run_games(rm::comp::Competition& competition, rm::store::Store& store,
                     const CompetitionPaths& paths, const RunOptions& options,
                     rm::report::LiveDisplay& display, WorkerPool::PlayGame play) {
  return run_games(
      competition, store, paths, options, display,
      std::make_unique<LocalExecutor>(options.parallel, std::move(play), options.cpus));
}

RunSummary run_games(rm::comp::Competition& competition, rm::store::Store& store,
                     const CompetitionPaths& paths, const RunOptions& options,
                     rm::report::LiveDisplay& display, std::unique_ptr<GameExecutor> executor) {
  RunLoop loop(competition, store, paths, options, display, std::move(executor));
  return loop.run();
}

}  // namespace rm::run
