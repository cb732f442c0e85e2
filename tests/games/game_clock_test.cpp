// The clock rules, move by move, with made-up elapsed times (no waiting).
#include "ringmaster/game/game_clock.hpp"

#include <catch2/catch.hpp>

using namespace rm::game;

TEST_CASE("absolute time runs down and runs out", "[games][clock]") {
  GameClock c(TimeControl{TimeSystem::Absolute, 10, 0, 0, 0});
  CHECK(c.allowance_s() == 10);
  CHECK(c.charge(4, 0.1));
  CHECK(c.allowance_s() == Approx(6));
  CHECK(c.time_left_args() == std::vector<std::string>{"6", "0"});
  CHECK_FALSE(c.charge(6.2, 0.1));  // beyond the margin: lost on time
  CHECK(c.charge(6.05, 0.1));       // within the margin: in time, nothing left
  CHECK(c.allowance_s() == 0);
}

TEST_CASE("canadian byo-yomi: main time, then N moves per period", "[games][clock]") {
  GameClock c(TimeControl{TimeSystem::Canadian, 5, 10, 2, 0});
  CHECK(c.allowance_s() == 15);
  CHECK(c.charge(6, 0));  // 5 s of main time, 1 s of the first period
  CHECK(c.sgf_overtime_left() == 1);
  CHECK(c.allowance_s() == Approx(9));
  CHECK(c.time_left_args() == std::vector<std::string>{"9", "1"});
  CHECK(c.charge(8, 0));  // the period's second move: a new period starts
  CHECK(c.allowance_s() == Approx(10));
  CHECK(c.sgf_overtime_left() == 2);
  CHECK_FALSE(c.charge(10.5, 0));
}

TEST_CASE("japanese byo-yomi loses a period per period overrun", "[games][clock]") {
  GameClock c(TimeControl{TimeSystem::Japanese, 0, 5, 0, 3});
  CHECK(c.allowance_s() == 15);
  CHECK(c.charge(4, 0));  // within a period: nothing lost
  CHECK(c.sgf_overtime_left() == 3);
  CHECK(c.charge(7, 0));  // one period used up
  CHECK(c.sgf_overtime_left() == 2);
  CHECK(c.time_left_args() == std::vector<std::string>{"5", "2"});
  CHECK_FALSE(c.charge(10.5, 0));
}

TEST_CASE("a fixed time per move, GTP settings in whole seconds", "[games][clock]") {
  TimeControl tc{TimeSystem::PerMove, 0, 0.2, 0, 0};
  GameClock c(tc);
  CHECK(c.charge(0.15, 0));
  CHECK_FALSE(c.charge(0.35, 0.1));
  CHECK(time_settings_args(tc) == std::vector<std::string>{"0", "1", "1"});
  CHECK(kgs_time_settings_args(TimeControl{TimeSystem::Japanese, 60, 30, 0, 5}) ==
        std::vector<std::string>{"byoyomi", "60", "30", "5"});
  CHECK(describe_time_control(TimeControl{TimeSystem::Canadian, 300, 30, 10, 0}) ==
        "300s + 10 moves/30s canadian");
}

TEST_CASE("time_left rounds a positive time below a second up to 1, as time_settings",
          "[games][clock]") {
  GameClock absolute(TimeControl{TimeSystem::Absolute, 0.4, 0, 0, 0});
  CHECK(absolute.time_left_args() == std::vector<std::string>{"1", "0"});
  CHECK(time_settings_args(absolute.control()) == std::vector<std::string>{"1", "0", "0"});
  CHECK(absolute.charge(0.39, 0.1));
  CHECK(absolute.time_left_args() == std::vector<std::string>{"1", "0"});  // 0.01 s left
  CHECK(absolute.charge(0.05, 0.1));  // into the margin: no time left, and 0 is said
  CHECK(absolute.time_left_args() == std::vector<std::string>{"0", "0"});

  GameClock canadian(TimeControl{TimeSystem::Canadian, 10, 5, 2, 0});
  CHECK(canadian.charge(9.7, 0));
  CHECK(canadian.time_left_args() == std::vector<std::string>{"1", "0"});  // 0.3 s main time
  CHECK(canadian.charge(4.8, 0));  // 0.3 s of main time, then 4.5 s of the period
  CHECK(canadian.time_left_args() == std::vector<std::string>{"1", "1"});  // 0.5 s, 1 move
  CHECK(canadian.charge(0.4, 0));  // the period's second move: a new period
  CHECK(canadian.time_left_args() == std::vector<std::string>{"5", "2"});

  GameClock per_move(TimeControl{TimeSystem::PerMove, 0, 0.2, 0, 0});
  CHECK(per_move.time_left_args() == std::vector<std::string>{"1", "1"});
  GameClock japanese(TimeControl{TimeSystem::Japanese, 0.6, 0.5, 0, 2});
  CHECK(japanese.time_left_args() == std::vector<std::string>{"1", "0"});
  CHECK(japanese.charge(0.7, 0));
  CHECK(japanese.time_left_args() == std::vector<std::string>{"1", "2"});
}
