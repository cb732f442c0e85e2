// The progress line of the live display: games played, rate and estimated time left.
#pragma once

#include <optional>
#include <string>

namespace rm::report {

struct Progress {
  int games_played = 0;                // finished games, all runs
  std::optional<int> games_remaining;  // nullopt: no limit (number_of_games unset)
  int games_played_this_run = 0;
  double seconds_this_run = 0.0;  // wall time since the run started
  // With --max-games: the games this run will still finish at most (those not started yet
  // and those in progress); the time left is for these when they are fewer.
  std::optional<int> games_left_this_run;
};

// ", 35.2 games per minute", or ", 252.0 games per hour" below 10 games per minute.
std::string rate_text(double per_minute);

// "3m 05s", "1h 02m", "45s".
std::string format_duration(double seconds);

// e.g. "progress: 12/200 games played, 35.2 games per minute, about 5m 20s left".
// The rate needs at least one game finished in this run; the estimate needs a limit.
std::string progress_text(const Progress& p);

// The one line `run --quiet` prints on stdout when the run ends, e.g.
// "run summary: 40 games played in this run (1 void), 87/200 in total; stopped: max-games
// reached for this run; best so far: pl: 14". `best` empty: no "best so far" part.
std::string run_summary_text(const Progress& p, int void_games_this_run, const std::string& stopped,
                             const std::string& best);

// The periodic status line of `run --quiet` (on stderr), e.g. "status: 40 games played in
// this run, 87/200 in total, 41.3 games per minute, about 2m 44s left, 2 in progress; best so
// far: pl: 14".
std::string status_text(const Progress& p, int games_in_progress, const std::string& best);

}  // namespace rm::report
