// The real `ringmaster` binary on a small ringbot tuning event: a full run, `stop`, a second
// ringmaster refused, Ctrl-C.
#include <catch2/catch.hpp>
#include <csignal>
#include <set>

#include "tests/e2e/e2e_support.hpp"

using rm::test::EventDir;
using namespace std::chrono_literals;

TEST_CASE("a small tuning event runs to the end and reports", "[e2e]") {
  EventDir event("small", 12);
  auto f = event.run({"run", "-j", "2"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK_THAT(f.out, Catch::Contains(std::string(78, '-')));  // not a terminal: delimited blocks
  CHECK_THAT(f.out, Catch::Contains("= Results ="));
  CHECK(event.committed_games() == 12);
  for (int i = 0; i < 12; ++i)
    CHECK(std::filesystem::exists(event.file(".games") + "/" + std::to_string(i) + ".sgf"));
  std::string log = rm::test::slurp(event.file(".log"));
  CHECK_THAT(log, Catch::Contains("using 2 worker threads"));
  CHECK_THAT(log, Catch::Contains("run finished at "));
  CHECK(std::filesystem::exists(event.file(".report")));
  CHECK(std::filesystem::exists(event.file(".hist")));

  auto show = event.run({"show"});
  CHECK(show.exit_status == 0);
  CHECK_FALSE(show.out.empty());
  auto json = event.run({"report", "--json"});
  REQUIRE(json.exit_status == 0);
  CHECK(nlohmann::json::parse(json.out).at("games_played") == 12);

  // A finished competition starts no more games.
  auto again = event.run({"run", "-q"});
  CHECK(again.exit_status == 0);
  CHECK_THAT(again.out,
             Catch::StartsWith("run summary: 0 games played in this run, 12/12 in total; "
                               "stopped: competition finished"));
  CHECK(event.committed_games() == 12);

  auto reset = event.run({"reset"});
  CHECK(reset.exit_status == 0);
  CHECK_FALSE(std::filesystem::exists(event.file(".db")));
  CHECK_FALSE(std::filesystem::exists(event.file(".games")));
  CHECK_FALSE(std::filesystem::exists(event.file(".log")));
  auto show_after_reset = event.run({"show"});
  CHECK(show_after_reset.exit_status == 1);
  CHECK_THAT(show_after_reset.err, Catch::StartsWith("ringmaster: no status file"));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("stop lets games in progress finish and a second ringmaster is refused", "[e2e]") {
  EventDir event("stopping", 5000, 40);
  auto running = event.start({"run", "-j", "2", "-q"});
  REQUIRE(event.wait_for_games(2));

  auto second = event.run({"run", "-q"});
  CHECK(second.exit_status == 1);
  CHECK(second.err == "ringmaster: competition is already running\n");
  auto reset = event.run({"reset"});
  CHECK(reset.exit_status == 1);
  auto show = event.run({"show"});  // read-only while the run goes on
  CHECK(show.exit_status == 0);

  CHECK(event.run({"stop"}).exit_status == 0);
  auto f = running->wait(60s);
  REQUIRE(f);
  CHECK(f->exit_status == 0);
  std::string log = rm::test::slurp(event.file(".log"));
  CHECK_THAT(log, Catch::Contains("halting competition: stop command received"));
  CHECK_FALSE(std::filesystem::exists(event.file(".cmd")));
  int games = event.committed_games();
  CHECK(games < 5000);
  // Every game started was let finish: as many responses as starts.
  auto count = [&](const std::string& needle) {
    int n = 0;
    for (auto pos = log.find(needle); pos != std::string::npos; pos = log.find(needle, pos + 1))
      ++n;
    return n;
  };
  CHECK(count("starting game ") == count("response from game "));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("SIGHUP (a dropped ssh session) is an interruption like SIGTERM, logged", "[e2e]") {
  EventDir event("hangup", 5000, 40);
  auto running = event.start({"run", "-j", "2", "-q"});
  REQUIRE(event.wait_for_games(2));
  running->send(SIGHUP);
  auto f = running->wait(30s);
  REQUIRE(f);
  CHECK(f->signal == 0);
  CHECK(f->exit_status == 3);
  CHECK_THAT(f->err, Catch::EndsWith("ringmaster: interrupted\n"));
  std::string log = rm::test::slurp(event.file(".log"));
  CHECK_THAT(log, Catch::Contains("run interrupted at "));
  CHECK_THAT(log, Catch::Contains(" by SIGHUP\n"));
  CHECK_THAT(log, Catch::Contains("games in progress were: "));
  CHECK(event.committed_games() >= 2);
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("a run started ignoring SIGHUP (nohup) carries on after one", "[e2e]") {
  EventDir event("nohup", 5000, 40);
  rm::test::ChildProcess running({"/bin/bash", "-c", "trap '' HUP; exec \"$0\" \"$1\" run -j 2 -q",
                                  rm::test::kRingmaster, event.control()},
                                 event.file("nohup-run"), event.tag());
  REQUIRE(event.wait_for_games(2));
  running.send(SIGHUP);
  const int after_hangup = event.committed_games();
  REQUIRE(event.wait_for_games(after_hangup + 2));
  running.send(SIGINT);
  auto f = running.wait(30s);
  REQUIRE(f);
  CHECK(f->exit_status == 3);
  std::string log = rm::test::slurp(event.file(".log"));
  CHECK_THAT(log, Catch::Contains(" by SIGINT\n"));
  CHECK_THAT(log, !Catch::Contains("SIGHUP"));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("Ctrl-C exits 3 at once and keeps the finished games", "[e2e]") {
  EventDir event("interrupted", 5000, 40);
  auto running = event.start({"run", "-j", "2", "-q"});
  REQUIRE(event.wait_for_games(3));
  running->send(SIGINT);
  auto f = running->wait(30s);
  REQUIRE(f);
  CHECK(f->exit_status == 3);
  std::string log = rm::test::slurp(event.file(".log"));
  CHECK_THAT(log, Catch::Contains("run interrupted at "));
  CHECK_THAT(log, Catch::Contains("games in progress were: "));
  auto store = rm::store::Store::open_read_only(event.file(".db"));
  CHECK(store->game_count() >= 3);
  for (const auto& g : store->games()) CHECK(std::filesystem::exists(g.sgf_path));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}
