#include <catch2/catch.hpp>

#include "ringmaster/report/progress_text.hpp"

using rm::report::format_duration;
using rm::report::Progress;
using rm::report::progress_text;

TEST_CASE("durations are short and rounded", "[progress]") {
  CHECK(format_duration(0) == "0s");
  CHECK(format_duration(44.6) == "45s");
  CHECK(format_duration(185) == "3m 05s");
  CHECK(format_duration(3720) == "1h 02m");
  CHECK(format_duration(-5) == "0s");
}

TEST_CASE("progress shows count rate and time left when known", "[progress]") {
  Progress p;
  p.games_played = 0;
  p.games_remaining = 100;
  CHECK(progress_text(p) == "progress: 0/100 games played");
  p.games_played = 20;
  p.games_remaining = 80;
  p.games_played_this_run = 10;
  p.seconds_this_run = 30;  // 20 games per minute -> 80 games take 4 minutes
  CHECK(progress_text(p) == "progress: 20/100 games played, 20.0 games per minute, about 4m 00s left");
  p.games_remaining = std::nullopt;
  CHECK(progress_text(p) == "progress: 20 games played, 20.0 games per minute");
  p.games_remaining = 0;
  CHECK(progress_text(p) == "progress: 20/20 games played, 20.0 games per minute");
}
