#include "ringmaster/report/progress_text.hpp"

#include <catch2/catch.hpp>

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
  CHECK(progress_text(p) ==
        "progress: 20/100 games played, 20.0 games per minute, about 4m 00s left");
  p.games_remaining = std::nullopt;
  CHECK(progress_text(p) == "progress: 20 games played, 20.0 games per minute");
  p.games_remaining = 0;
  CHECK(progress_text(p) == "progress: 20/20 games played, 20.0 games per minute");
}

TEST_CASE("with --max-games the time left is for the games this run will play", "[progress]") {
  Progress p;
  p.games_played = 20;
  p.games_remaining = 80;
  p.games_played_this_run = 10;
  p.seconds_this_run = 30;     // 20 games per minute
  p.games_left_this_run = 10;  // -g: 10 more games at most
  CHECK(progress_text(p) == "progress: 20/100 games played, 20.0 games per minute, about 30s left");
  p.games_remaining = std::nullopt;  // an unlimited tuner: the run's budget still ends it
  CHECK(progress_text(p) == "progress: 20 games played, 20.0 games per minute, about 30s left");
  p.games_remaining = 4;  // the competition ends first
  CHECK(progress_text(p) == "progress: 20/24 games played, 20.0 games per minute, about 12s left");
}

TEST_CASE("the quiet run's summary and status lines", "[progress]") {
  Progress p;
  p.games_played = 87;
  p.games_remaining = 113;
  p.games_played_this_run = 40;
  p.seconds_this_run = 60.0;
  CHECK(rm::report::run_summary_text(p, 1, "max-games reached for this run", "pl: 14") ==
        "run summary: 40 games played in this run (1 void), 87/200 in total; stopped: max-games "
        "reached for this run; best so far: pl: 14");
  CHECK(rm::report::status_text(p, 2, "pl: 14") ==
        "status: 40 games played in this run, 87/200 in total, 40.0 games per minute, about "
        "2m 50s left, 2 in progress; best so far: pl: 14");
  p.games_remaining.reset();
  p.games_played_this_run = 0;
  CHECK(rm::report::run_summary_text(p, 0, "stop command received", "") ==
        "run summary: 0 games played in this run, 87 in total; stopped: stop command received");
  CHECK(rm::report::status_text(p, 0, "") ==
        "status: 0 games played in this run, 87 in total, 0 in progress");
}
