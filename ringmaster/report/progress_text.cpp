#include "ringmaster/report/progress_text.hpp"

#include <fmt/format.h>

#include <cmath>

namespace rm::report {

std::string rate_text(double per_minute) {
  // Slow games (19x19, long time limits) read better per hour than as "0.4 games per minute".
  if (per_minute < 10.0) return fmt::format(", {:.1f} games per hour", 60.0 * per_minute);
  return fmt::format(", {:.1f} games per minute", per_minute);
}

std::string format_duration(double seconds) {
  if (!(seconds >= 0.0)) seconds = 0.0;  // also catches NaN
  long long total = std::llround(seconds);
  long long h = total / 3600, m = (total % 3600) / 60, s = total % 60;
  if (h > 0) return fmt::format("{}h {:02}m", h, m);
  if (m > 0) return fmt::format("{}m {:02}s", m, s);
  return fmt::format("{}s", s);
}

namespace {

// Played and remaining, added without wrapping (each may be near INT_MAX).
long long total_games(const Progress& p) {
  return static_cast<long long>(p.games_played) + p.games_remaining.value_or(0);
}

// ", 12.0 games per minute, about 5m left": this run's rate and the time the remaining games
// should take at it; "" before a game of this run has finished.
std::string rate_and_time_left(const Progress& p) {
  if (p.games_played_this_run <= 0 || !(p.seconds_this_run > 0.0)) return "";
  const double per_minute = 60.0 * p.games_played_this_run / p.seconds_this_run;
  std::string out = rate_text(per_minute);
  std::optional<int> left = p.games_remaining;
  if (p.games_left_this_run && (!left || *p.games_left_this_run < *left))
    left = p.games_left_this_run;
  if (left && *left > 0)
    out += fmt::format(", about {} left", format_duration(60.0 * *left / per_minute));
  return out;
}

}  // namespace

std::string progress_text(const Progress& p) {
  std::string out = "progress: ";
  if (p.games_remaining)
    out += fmt::format("{}/{} games played", p.games_played, total_games(p));
  else
    out += fmt::format("{} games played", p.games_played);
  out += rate_and_time_left(p);
  return out;
}

namespace {

std::string games_this_run(const Progress& p) {
  return fmt::format("{} games played in this run", p.games_played_this_run);
}

std::string total_text(const Progress& p) {
  if (p.games_remaining) return fmt::format("{}/{} in total", p.games_played, total_games(p));
  return fmt::format("{} in total", p.games_played);
}

std::string best_part(const std::string& best) {
  return best.empty() ? std::string() : "; best so far: " + best;
}

}  // namespace

std::string run_summary_text(const Progress& p, int void_games_this_run, const std::string& stopped,
                             const std::string& best) {
  std::string out = "run summary: " + games_this_run(p);
  if (void_games_this_run > 0) out += fmt::format(" ({} void)", void_games_this_run);
  out += ", " + total_text(p);
  if (!stopped.empty()) out += "; stopped: " + stopped;
  return out + best_part(best);
}

std::string status_text(const Progress& p, int games_in_progress, const std::string& best) {
  std::string out = "status: " + games_this_run(p) + ", " + total_text(p);
  out += rate_and_time_left(p);
  out += fmt::format(", {} in progress", games_in_progress);
  return out + best_part(best);
}

}  // namespace rm::report
