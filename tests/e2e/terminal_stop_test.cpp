// Ctrl-X typed at ringmaster's controlling terminal (a pseudo-terminal here) halts the run
// as `stop` does: no new games, those in progress finish and are committed, exit 0.
#include <catch2/catch.hpp>

#include "tests/e2e/e2e_support.hpp"
#include "tests/e2e/pseudo_terminal.hpp"

using rm::test::EventDir;
using rm::test::PseudoTerminal;
using namespace std::chrono_literals;

namespace {

int occurrences(const std::string& text, const std::string& needle) {
  int n = 0;
  for (auto pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + 1))
    ++n;
  return n;
}

}  // namespace

TEST_CASE("Ctrl-X at the terminal halts the run gracefully", "[e2e][terminal]") {
  EventDir event("ctrl_x", 5000, 40);
  PseudoTerminal terminal;
  auto running = event.start({"run", "-j", "2"}, terminal.slave_path());
  REQUIRE(event.wait_for_games(3));
  terminal.type("some keys\x18");
  auto f = running->wait(60s);
  REQUIRE(f);
  CHECK(f->exit_status == 0);
  CHECK_THAT(f->out, Catch::Contains("(Ctrl-X to halt gracefully)"));
  const std::string log = rm::test::slurp(event.file(".log"));
  CHECK_THAT(log, Catch::Contains("halting competition: stop instruction received from terminal"));
  CHECK(event.committed_games() < 5000);
  // Every game started was let finish.
  CHECK(occurrences(log, "starting game ") == occurrences(log, "response from game "));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("in quiet mode Ctrl-X is acknowledged on the terminal", "[e2e][terminal]") {
  EventDir event("ctrl_x_quiet", 5000, 40);
  PseudoTerminal terminal;
  auto running = event.start({"run", "-j", "2", "-q"}, terminal.slave_path());
  REQUIRE(event.wait_for_games(3));
  terminal.type("\x18");
  auto f = running->wait(60s);
  REQUIRE(f);
  CHECK(f->exit_status == 0);
  CHECK_THAT(terminal.read_output(500ms), Catch::Contains("Ctrl-X received; halting"));
  CHECK_THAT(rm::test::slurp(event.file(".log")),
             Catch::Contains("stop instruction received from terminal"));
}

TEST_CASE("without a terminal the run neither offers nor needs Ctrl-X", "[e2e][terminal]") {
  EventDir event("no_tty", 3);
  auto f = event.run({"run"});
  CHECK(f.exit_status == 0);
  CHECK(f.out.find("Ctrl-X") == std::string::npos);
}
