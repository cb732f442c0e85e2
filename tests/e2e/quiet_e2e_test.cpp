// `run --quiet`: stdout holds one summary line at the end of the run and nothing else; a
// status line goes to stderr every RINGMASTER_STATUS_INTERVAL seconds.
#include <catch2/catch.hpp>

#include "tests/e2e/e2e_support.hpp"

using rm::test::CompetitionDir;
using rm::test::EventDir;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (auto end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

}  // namespace

TEST_CASE("a quiet run prints one summary line with the tuner's best", "[e2e][quiet]") {
  EventDir event("quiet_summary", 6);
  auto f = event.run({"run", "-q", "-j", "2"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  auto lines = lines_of(f.out);
  REQUIRE(lines.size() == 1);
  CHECK_THAT(lines[0], Catch::StartsWith("run summary: 6 games played in this run, 6/6 in total; "
                                         "stopped: competition finished; best so far: pl: "));
  CHECK(f.err.find("status: ") == std::string::npos);

  // A run that has nothing left to play says so.
  auto again = event.run({"run", "-q"});
  REQUIRE(again.exit_status == 0);
  CHECK_THAT(again.out, Catch::StartsWith("run summary: 0 games played in this run, 6/6 in total; "
                                          "stopped: competition finished; best so far: pl: "));
  CHECK(lines_of(again.out).size() == 1);
}

TEST_CASE("a quiet tournament's summary has no best", "[e2e][quiet]") {
  CompetitionDir c("quiet_playoff",
                   "competition_type: playoff\n"
                   "players:\n"
                   "  a: {command: [ringbot, --playouts, '2', --seed, '3']}\n"
                   "  b: {command: [ringbot, --playouts, '2', --seed, '4']}\n"
                   "board_size: 7\n"
                   "komi: 4.5\n"
                   "move_limit: 200\n"
                   "matchups:\n"
                   "  - {player_1: a, player_2: b, number_of_games: 3}\n");
  auto f = c.run({"run", "-q", "-g", "2"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(f.out ==
        "run summary: 2 games played in this run, 2/3 in total; stopped: max-games reached for "
        "this run\n");
}

TEST_CASE("a quiet run writes a status line to stderr at the chosen interval", "[e2e][quiet]") {
  EventDir event("quiet_status", 5000, 40);
  auto running =
      event.start({"run", "-q", "-j", "2"}, "", false, {"RINGMASTER_STATUS_INTERVAL=0.05"});
  // Waits (a safety limit only) for the first status line.
  bool seen = false;
  for (int i = 0; i < 3000 && !seen; ++i) {
    seen = running->stderr_so_far().find("status: ") != std::string::npos;
    if (!seen) std::this_thread::sleep_for(20ms);
  }
  REQUIRE(event.wait_for_games(2));
  CHECK(event.run({"stop"}).exit_status == 0);
  auto f = running->wait(60s);
  REQUIRE(f);
  INFO(f->err);
  REQUIRE(seen);
  CHECK(f->exit_status == 0);
  for (const auto& line : lines_of(f->err)) {
    CHECK_THAT(line, Catch::StartsWith("status: "));
    CHECK_THAT(line, Catch::Contains(" games played in this run, "));
    CHECK_THAT(line, Catch::Contains("/5000 in total"));
    CHECK_THAT(line, Catch::Contains(" in progress; best so far: pl: "));
  }
  auto out = lines_of(f->out);
  REQUIRE(out.size() == 1);
  CHECK_THAT(out[0], Catch::StartsWith("run summary: "));
  CHECK_THAT(out[0], Catch::Contains("/5000 in total; stopped: stop command received; best so "
                                     "far: pl: "));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}
