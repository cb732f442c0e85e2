// The progress line of the live display: games played, rate and estimated time left.
#pragma once

#include <optional>
#include <string>

namespace rm::report {

struct Progress {
  int games_played = 0;                  // finished games, all runs
  std::optional<int> games_remaining;    // nullopt: no limit (number_of_games unset)
  int games_played_this_run = 0;
  double seconds_this_run = 0.0;         // wall time since the run started
};

// "3m 05s", "1h 02m", "45s".
std::string format_duration(double seconds);

// e.g. "progress: 12/200 games played, 35.2 games per minute, about 5m 20s left".
// The rate needs at least one game finished in this run; the estimate needs a limit.
std::string progress_text(const Progress& p);

}  // namespace rm::report
