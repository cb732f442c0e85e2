// Games under clocks between real scripted engines: time settings and time_left sent, a player
// that overruns loses on time (W+T / B+T, cause "time"), an engine that refuses the time
// settings still plays under Ringmaster's clock, SGF TM/OT/BL/WL, time odds. Clocks are
// short and the slow engine sleeps far longer, so the outcome never depends on the machine.
#include <catch2/catch.hpp>

#include "ringmaster/game/referee.hpp"
#include "tests/games/games_support.hpp"

using namespace rm::game;
using namespace rm::games_test;

namespace {

TimeControl per_move(double s) {
  return TimeControl{TimeSystem::PerMove, 0, s, 0, 0};
}

}  // namespace

TEST_CASE("an engine that overruns its clock loses on time", "[games][clock]") {
  if (!have(kScripted)) return;
  auto dir = scratch("overrun");
  GameJob job =
      job_for("1", scripted("slow", {"--sleep-before-move", "20"}), scripted("quick"), dir);
  job.settings.time_control = per_move(0.2);
  job.settings.time_margin_s = 0.1;
  GameResult r = play_game(job);
  CHECK(r.sgf_result == "W+T");
  CHECK(r.winner == "w");
  CHECK(r.is_forfeit);
  CHECK(r.forfeit_cause == "time");
  CHECK_THAT(r.detail, Catch::StartsWith("forfeit by slow: out of time"));
  const std::string sgf = slurp(dir / "1.sgf");
  CHECK_THAT(sgf, Catch::Contains("RE[W+T]"));
  CHECK_THAT(sgf, Catch::Contains("OT[0.2s per move]"));
  CHECK_THAT(sgf, Catch::Contains("TM[0]"));
  const std::string gtp = slurp(dir / "1.gtp");
  CHECK_THAT(gtp, Catch::Contains("time_settings 0 1 1"));
  // A fraction of a second is rounded up to 1 (as in time_settings), never sent as 0.
  CHECK_THAT(gtp, Catch::Contains("time_left b 1 1"));
}

TEST_CASE("time_left never says 0 while time remains (Pachi aborts on it)", "[games][clock]") {
  if (!have(kScripted)) return;
  auto dir = scratch("subsecond");
  // 0.5 s of main time, then 30 s periods: every time_left is sent with time remaining,
  // under a second while in main time.
  GameJob job =
      job_for("5", scripted("pachi-like", {"--crash-on-time-left-zero", "--pass-after", "3"}),
              scripted("other", {"--crash-on-time-left-zero", "--pass-after", "3"}), dir);
  job.settings.time_control = TimeControl{TimeSystem::Canadian, 0.5, 30, 1, 0};
  GameResult r = play_game(job);
  INFO(r.detail);
  CHECK_FALSE(r.is_void);
  CHECK_FALSE(r.is_forfeit);
  const std::string gtp = slurp(dir / "5.gtp");
  CHECK_THAT(gtp, Catch::Contains("time_settings 1 30 1"));
  CHECK_THAT(gtp, Catch::Contains("time_left b 1 0"));
  CHECK_THAT(gtp, !Catch::Contains("time_left b 0 ") && !Catch::Contains("time_left w 0 "));
}

TEST_CASE("a clocked game records time left after every move", "[games][clock]") {
  if (!have(kScripted)) return;
  auto dir = scratch("canadian");
  GameJob job = job_for("2", scripted("one", {"--pass-after", "4"}),
                        scripted("two", {"--pass-after", "4"}), dir);
  job.settings.time_control = TimeControl{TimeSystem::Canadian, 30, 10, 5, 0};
  GameResult r = play_game(job);
  REQUIRE_FALSE(r.is_void);
  CHECK(r.forfeit_cause.empty());
  const std::string sgf = slurp(dir / "2.sgf");
  CHECK_THAT(sgf, Catch::Contains("TM[30]"));
  CHECK_THAT(sgf, Catch::Contains("OT[5 moves/10s canadian]"));
  CHECK_THAT(sgf, Catch::Contains("BL[") && Catch::Contains("WL["));
  CHECK_THAT(sgf, Catch::Contains("Time control 30s + 5 moves/10s canadian"));
  CHECK_THAT(slurp(dir / "2.gtp"), Catch::Contains("time_settings 30 10 5"));
}

TEST_CASE("an engine that refuses time_settings still plays under Ringmaster's clock",
          "[games][clock]") {
  if (!have(kScripted)) return;
  auto dir = scratch("ignores");
  GameJob job = job_for("3",
                        scripted("deaf", {"--fail-command", "time_settings", "--fail-command",
                                          "time_left", "--sleep-before-move", "20"}),
                        scripted("quick"), dir);
  job.settings.time_control = TimeControl{TimeSystem::Absolute, 0.3, 0, 0, 0};
  GameResult r = play_game(job);
  CHECK(r.sgf_result == "W+T");
  CHECK(r.forfeit_cause == "time");
  bool warned = false;
  for (const auto& w : r.warnings) warned = warned || w.find("deaf refused the time settings") == 0;
  CHECK(warned);
}

TEST_CASE("time odds: each player's own clock", "[games][clock]") {
  if (!have(kScripted)) return;
  auto dir = scratch("odds");
  // Both take 1 s a move; only white's clock (0.2 s a move) is too short for that.
  PlayerSpec black = scripted("patient", {"--sleep-before-move", "1"});
  PlayerSpec white = scripted("hurried", {"--sleep-before-move", "1"});
  black.time_control = TimeControl{TimeSystem::Absolute, 600, 0, 0, 0};
  white.time_control = per_move(0.2);
  GameJob job = job_for("4", black, white, dir);
  GameResult r = play_game(job);
  CHECK(r.sgf_result == "B+T");
  CHECK(r.losing_code() == "hurried");
  const std::string sgf = slurp(dir / "4.sgf");
  CHECK_THAT(sgf, Catch::Contains("Time control black 600s absolute, white 0.2s per move"));
  CHECK_THAT(sgf, !Catch::Contains("TM["));
  CHECK_THAT(sgf, Catch::Contains("BL["));
}
