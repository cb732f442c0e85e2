// run_child, which runs srun for the slurm executor: input on stdin and output captured, and
// the stop sequence that keeps a stubborn srun from outliving a run: SIGTERM, then the
// fallback (scancel), then SIGKILL.
#include "ringmaster/run/executor/child_command.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
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
  CHECK(missing.describe() == "cannot find executable '/no/such/program'");
  CHECK_FALSE(missing.succeeded());
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
    // The abort waits until the child ignores SIGTERM (it says so with a file): sent before
    // its trap is set, the signal would end it at once.
    const auto ready =
        std::filesystem::temp_directory_path() / ("rm_child_ready_" + std::to_string(::getpid()));
    std::filesystem::remove(ready);
    std::thread aborter([&] {
      for (int i = 0; i < 500 && !std::filesystem::exists(ready); ++i)
        std::this_thread::sleep_for(10ms);
      abort.store(true);
    });
    auto o = rm::run::run_child(
        {"/bin/bash", "-c", "trap '' TERM; : > \"$0\"; sleep 30 & wait; wait", ready.string()}, "",
        stop);
    aborter.join();
    std::filesystem::remove(ready);
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

namespace {
int handler_pipe = -1;
extern "C" void note_term(int) {
  const char byte = 'x';
  (void)!::write(handler_pipe, &byte, 1);
}
}  // namespace

TEST_CASE("a child stopped at once never runs the parent's signal handlers", "[slurm][child]") {
  // An abort already set sends SIGTERM right after fork: in the window before exec the child is
  // a copy of this process, and its handler (here one that writes to a pipe) must not run there.
  int fds[2];
  REQUIRE(::pipe2(fds, O_CLOEXEC | O_NONBLOCK) == 0);
  handler_pipe = fds[1];
  struct sigaction ours {
  }, previous{};
  ours.sa_handler = note_term;
  sigemptyset(&ours.sa_mask);
  REQUIRE(::sigaction(SIGTERM, &ours, &previous) == 0);
  std::atomic<bool> abort{true};
  rm::run::ChildStop stop;
  stop.abort = &abort;
  stop.term_grace = 100ms;  // a child whose SIGTERM a handler took gets SIGKILL soon
  stop.kill_grace = 100ms;
  int by_sigterm = 0;
  for (int i = 0; i < 100; ++i) {
    const auto o = rm::run::run_child({"/bin/sleep", "30"}, "", stop);
    if (o.stopped && o.term_signal == SIGTERM) ++by_sigterm;
  }
  ::sigaction(SIGTERM, &previous, nullptr);
  char byte = 0;
  const auto got = ::read(fds[0], &byte, 1);
  ::close(fds[0]);
  ::close(fds[1]);
  CHECK(by_sigterm == 100);
  CHECK(got == -1);  // nothing written: the handler never ran
}
