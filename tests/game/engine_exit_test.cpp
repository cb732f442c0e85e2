// Engines that misbehave while exiting, or that exit while a child keeps their pipes: real
// games between scripted_engine processes. Each one gets the outcome it earned, and the
// other engine is not blamed for it.
#include <unistd.h>

#include <catch2/catch.hpp>

#include "process_scan.hpp"
#include "ringmaster/game/referee.hpp"
#include "tests/support/scripted_player.hpp"

using namespace rm::game;

namespace {

PlayerSpec scripted(const std::string& code, std::vector<std::string> flags = {}) {
  return rm::test::scripted_player(code, std::move(flags));
}

GameJob job_for(const std::string& id, PlayerSpec black, PlayerSpec white) {
  GameJob job;
  job.game_id = id + "-" + std::to_string(::getpid());
  job.black = std::move(black);
  job.white = std::move(white);
  job.settings.board_size = 9;
  job.settings.komi = 7.5;
  job.settings.move_limit = 1000;
  return job;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "; ";
  return s;
}

bool mentions(const std::vector<std::string>& messages, const std::string& text) {
  for (const auto& m : messages)
    if (m.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("engine exit: black slow to exit is blamed alone, white's quit answer is not late",
          "[game][referee][close]") {
  // Black answers quit, then ignores EOF and SIGTERM: it has to be killed. White quits at
  // once. Closed one after the other, white's answer was read after its deadline had passed
  // and reported as white's timeout.
  GameJob job = job_for("slowexit", scripted("one", {"--ignore-quit"}),
                        scripted("two", {"--resign-after", "2"}));
  GameResult r = play_game(job);
  REQUIRE_FALSE(r.is_void);
  CHECK(r.sgf_result == "B+R");
  INFO(joined(r.late_errors));
  CHECK_FALSE(mentions(r.late_errors, "player two"));
  // The engine that had to be killed produces a late error (and so a log line).
  CHECK(mentions(r.late_errors,
                 "error closing player one:\nengine did not exit within 1.0s of 'quit'; killed "
                 "(SIGKILL)"));
  CHECK(joined(rm::game::test::leftover_processes(3.0)) == "");
}

TEST_CASE("engine exit: a crash is seen at once although a forked child holds the engine's stdout",
          "[game][referee][close]") {
  // The child keeps the pipe open, so no EOF comes: only the exit of the engine itself
  // (its pidfd) tells that no answer can come. The game is void, not a timeout forfeit.
  GameJob job =
      job_for("forkcrash", scripted("one", {"--fork-hanging-child", "--crash-after-moves", "2"}),
              scripted("two"));
  job.black.engine.timeouts.genmove_s = 30;
  GameResult r = play_game(job);
  CHECK(r.is_void);
  CHECK_FALSE(r.is_forfeit);
  CHECK_THAT(r.void_reason, Catch::Contains("error reading response to 'genmove b' from player "
                                            "one:\nengine has closed the response channel"));
  CHECK_THAT(r.void_reason, Catch::Contains("exit status 3"));
  CHECK(joined(rm::game::test::leftover_processes(3.0)) == "");
  CHECK(joined(rm::game::test::processes_with_game_id(job.game_id)) == "");
}
