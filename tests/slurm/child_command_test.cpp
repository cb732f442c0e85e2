// run_child, which runs srun for the slurm executor: input on stdin and output captured, and
// the stop sequence that keeps a stubborn srun from outliving a run: SIGTERM, then the
// fallback (scancel), then SIGKILL.
#include "ringmaster/run/executor/child_command.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <csignal>
#include <thread>

using namespace std::chrono_literals;

TEST_CASE("run_child passes stdin and captures stdout, stderr and the exit status",
          "[slurm][child]") {
  std::string big(300'000, 'x');  // more than a pipe holds: written while output is read
  auto o = rm::run::run_child({"/bin/cat"}, big);
  CHECK(o.succeeded());
  CHECK(o.out == big);
  auto fails = rm::run::run_child({"/bin/ls", "/no/such/path"}, "");
  CHECK_FALSE(fails.succeeded());
  CHECK(fails.describe() == "exit status 2");
  CHECK_THAT(fails.err, Catch::Contains("/no/such/path"));
  auto missing = rm::run::run_child({"/no/such/program"}, "");
  CHECK(missing.describe() == "exit status 127");
}

TEST_CASE("an aborted child gets SIGTERM, and one that ignores it the fallback, then SIGKILL",
          "[slurm][child]") {
  std::atomic<bool> abort{false};
  rm::run::ChildStop stop;
  stop.abort = &abort;
  stop.term_grace = 200ms;
  stop.kill_grace = 200ms;
  int fallbacks = 0;
  stop.fallback = [&] { ++fallbacks; };
  SECTION("SIGTERM is enough") {
    std::thread aborter([&] {
      std::this_thread::sleep_for(100ms);
      abort.store(true);
    });
    auto o = rm::run::run_child({"/bin/sleep", "30"}, "", stop);
    aborter.join();
    CHECK(o.stopped);
    CHECK(o.term_signal == SIGTERM);
    CHECK(fallbacks == 0);
  }
  SECTION("a child that ignores SIGTERM") {
    abort.store(true);
    auto o =
        rm::run::run_child({"/bin/bash", "-c", "trap '' TERM; sleep 30 & wait; wait"}, "", stop);
    CHECK(o.stopped);
    CHECK(o.term_signal == SIGKILL);
    CHECK(fallbacks == 1);
  }
  SECTION("a time limit stops it the same way") {
    rm::run::ChildStop limited;
    limited.time_limit = 100ms;
    auto o = rm::run::run_child({"/bin/sleep", "30"}, "", limited);
    CHECK(o.stopped);
    CHECK(o.term_signal == SIGTERM);
  }
}
