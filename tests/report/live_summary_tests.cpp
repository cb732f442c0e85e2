#include <catch2/catch.hpp>

#include "ringmaster/report/live_summary.hpp"
#include "ringmaster/report/progress_text.hpp"
#include "tests/report/fixtures.hpp"

TEST_CASE("the live summary shows a tuner's best with its interval", "[live]") {
  const auto lines = rm::report::live_summary_lines(rm::test::mc_tuner_fixture().report);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "best now: pl: 200; c: 0.2, win rate 66.7% (95%: 20.8% to 93.8%) from 3 games");
}

TEST_CASE("the live summary shows one Elo line per matchup", "[live]") {
  const auto lines = rm::report::live_summary_lines(rm::test::playoff_fixture().report);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "elo strong v weak: +191 \u00b1 inf (4 games, LOS 87.0%), SPRT llr 0.31 (-2.94, 2.94) "
        "continue");
}

TEST_CASE("the live summary of the model tuner is one line of at most 80 columns", "[live]") {
  const auto report = nlohmann::json::parse(R"({"competition_type": "model_tuner",
    "estimate": {"parameters": "c: 0.412", "values": [{"code": "c", "value": 0.412,
      "ci95_low": 0.31, "ci95_high": 0.55}], "win_rate": 0.412, "win_rate_ci95_low": 0.371,
      "win_rate_ci95_high": 0.455}})");
  const auto lines = rm::report::live_summary_lines(report);
  REQUIRE(lines.size() == 1);
  // The values not shown worse are in the screen report above it.
  CHECK(lines[0] == "recommended: c: 0.412, win rate 41.2% (95%: 37.1% to 45.5%)");
  CHECK(rm::report::live_summary_lines(
            nlohmann::json::parse(R"({"competition_type": "model_tuner", "estimate": null})"))
            .empty());
}

TEST_CASE("slow runs show their rate per hour", "[live]") {
  CHECK(rm::report::rate_text(0.5) == ", 30.0 games per hour");
  CHECK(rm::report::rate_text(9.99) == ", 599.4 games per hour");
  CHECK(rm::report::rate_text(10.0) == ", 10.0 games per minute");
  rm::report::Progress p;
  p.games_played = 2;
  p.games_remaining = 8;
  p.games_played_this_run = 2;
  p.seconds_this_run = 600;  // 12 games per hour: 8 more take 40 minutes
  CHECK(rm::report::progress_text(p) ==
        "progress: 2/10 games played, 12.0 games per hour, about 40m 00s left");
}
