#include "ringmaster/report/display_text.hpp"

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

#include "ringmaster/report/live_display.hpp"

using rm::report::DisplayFrame;
using rm::report::render_display;

TEST_CASE("game ids sort in natural order", "[display]") {
  auto ids = rm::report::sorted_game_ids({"10", "9", "100", "2", "0_010", "0_002"});
  CHECK(ids == std::vector<std::string>{"0_002", "0_010", "2", "9", "10", "100"});
}

TEST_CASE("a mid-run frame matches the golden text", "[display]") {
  DisplayFrame f;
  f.games_in_progress = {"12", "3"};
  f.max_games_left = 5;
  f.screen_report =
      "Best parameters: mm: 5 [(0,)]\n\nmost visited at depth 1\n(0,) mm: 5   0.333   1\n";
  for (int i = 0; i < 8; ++i)
    f.recent_results.push_back("game " + std::to_string(i) + ": mm: 5 [(0,)] lost B+20.5");
  f.recent_warnings = {"w1", "w2", "w3", "w4", "w5"};
  f.progress_line = "progress: 8/200 games played, 30.0 games per minute, about 6m 24s left";
  const std::string golden =
      "2 games in progress: 3 12\n"
      "will start at most 5 more games in this run\n"
      "\n"
      "Best parameters: mm: 5 [(0,)]\n"
      "\n"
      "most visited at depth 1\n"
      "(0,) mm: 5   0.333   1\n"
      "\n= Results =\n"
      "game 2: mm: 5 [(0,)] lost B+20.5\n"
      "game 3: mm: 5 [(0,)] lost B+20.5\n"
      "game 4: mm: 5 [(0,)] lost B+20.5\n"
      "game 5: mm: 5 [(0,)] lost B+20.5\n"
      "game 6: mm: 5 [(0,)] lost B+20.5\n"
      "game 7: mm: 5 [(0,)] lost B+20.5\n"
      "\n= Warnings =\n"
      "w2\nw3\nw4\nw5\n"
      "\nprogress: 8/200 games played, 30.0 games per minute, about 6m 24s left\n";
  CHECK(render_display(f) == golden);
}

TEST_CASE("halting frames say why and whether workers are still busy", "[display]") {
  DisplayFrame f;
  f.halt_reason = "stop command received";
  f.games_in_progress = {"4"};
  f.max_games_left = 3;  // not shown once halting: no more games will start
  f.void_games = 2;
  CHECK(render_display(f) ==
        "waiting for workers to finish: stop command received\n"
        "1 games in progress: 4\n"
        "\n"
        "2 void games; see log file.\n");
  f.games_in_progress.clear();
  f.void_games = 0;
  CHECK(render_display(f) == "halting: stop command received\n\n");
}

TEST_CASE("with a terminal the frame offers Ctrl-X until the run halts", "[display]") {
  DisplayFrame f;
  f.stop_key_hint = true;
  f.max_games_left = 3;
  CHECK(render_display(f) ==
        "will start at most 3 more games in this run\n"
        "(Ctrl-X to halt gracefully)\n"
        "\n");
  f.halt_reason = "stop instruction received from terminal";
  CHECK(render_display(f) == "halting: stop instruction received from terminal\n\n");
}

TEST_CASE("the live display delimits blocks when not on a terminal and throttles", "[display]") {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  REQUIRE(out != nullptr);
  REQUIRE(err != nullptr);
  CHECK(rm::report::LiveDisplay::mode_for(out, false) == rm::report::LiveDisplay::Mode::Delimited);
  CHECK(rm::report::LiveDisplay::mode_for(out, true) == rm::report::LiveDisplay::Mode::Quiet);
  // An hour-long interval: the second update must be held back until flush().
  rm::report::LiveDisplay display(out, err, rm::report::LiveDisplay::Mode::Delimited,
                                  std::chrono::hours(1));
  DisplayFrame first, second;
  first.screen_report = "first\n";
  second.screen_report = "second\n";
  CHECK(display.update(first));
  CHECK_FALSE(display.update(second));
  display.flush();
  display.warn("only on stderr in quiet mode");
  std::rewind(out);
  std::string text;
  for (int c; (c = std::fgetc(out)) != EOF;) text += static_cast<char>(c);
  const std::string rule(78, '-');
  CHECK(text == rule + "\n\nfirst\n" + rule + "\n\nsecond\n");
  CHECK(std::ftell(err) == 0);
  std::fclose(out);
  std::fclose(err);
}

TEST_CASE("quiet mode prints nothing but warnings", "[display]") {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  REQUIRE(out != nullptr);
  REQUIRE(err != nullptr);
  rm::report::LiveDisplay display(out, err, rm::report::LiveDisplay::Mode::Quiet);
  DisplayFrame f;
  f.screen_report = "x\n";
  CHECK_FALSE(display.update(f));
  display.say("running startup checks on all players");
  display.warn("game 3 -- engine exited");
  CHECK(std::ftell(out) == 0);
  std::rewind(err);
  char buf[64] = {};
  CHECK(std::fgets(buf, sizeof buf, err) != nullptr);
  CHECK(std::string(buf) == "game 3 -- engine exited\n");
  std::fclose(out);
  std::fclose(err);
}

TEST_CASE("a frame taller or wider than the terminal is fitted to it", "[display]") {
  std::string text;
  for (int i = 1; i <= 30; ++i) text += "line " + std::to_string(i) + "\n";
  text += "progress: 8/200 games played\n";
  SECTION("more lines than rows: the top, a summary, the last line") {
    auto lines = rm::report::fit_to_terminal(text, 10, 80);
    REQUIRE(lines.size() == 9);  // the last row stays for the cursor
    CHECK(lines[0] == "line 1");
    CHECK(lines[6] == "line 7");
    CHECK(lines[7] == "... 23 more lines");
    CHECK(lines[8] == "progress: 8/200 games played");
  }
  SECTION("long lines are cut to the width, UTF-8 characters kept whole") {
    auto lines = rm::report::fit_to_terminal("abcdefgh\n\xc3\xa9\xc3\xa9\xc3\xa9xyz\n", 24, 4);
    CHECK(lines == std::vector<std::string>{"abcd", "\xc3\xa9\xc3\xa9\xc3\xa9x"});
  }
  SECTION("a frame that fits is unchanged") {
    auto lines = rm::report::fit_to_terminal(text, 40, 80);
    CHECK(lines.size() == 31);
    CHECK(lines.front() == "line 1");
  }
  SECTION("a tiny terminal: the first lines and the summary") {
    auto lines = rm::report::fit_to_terminal(text, 3, 80);
    CHECK(lines == std::vector<std::string>{"line 1", "... 30 more lines"});
  }
  SECTION("an unknown size changes nothing") {
    CHECK(rm::report::fit_to_terminal(text, 0, 0).size() == 31);
  }
}
