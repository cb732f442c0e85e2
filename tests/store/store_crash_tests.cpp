// A writer process is SIGKILLed at pseudo-random moments while committing games; every commit
// it acknowledged must be in the database after a reopen, and no half-committed game may be.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <random>
#include <set>

#include "ringmaster/store/store.hpp"
#include "tests/store/store_test_support.hpp"

using rm::store::Store;
using rm::store::test::make_result;
using rm::store::test::TempDir;

namespace {

// Child: commits games "<base>", "<base+1>", ... forever; after each acknowledged commit writes
// the game number to `ack_fd`. The state records how many games this state includes, so a
// partial transaction (a game row without its state, or the reverse) would show.
[[noreturn]] void run_writer(const std::string& db, const std::string& lock, int base, int ack_fd) {
  try {
    auto store = Store::open_for_run(db, lock);
    for (int n = base;; ++n) {
      const int total = store->game_count() + 1;
      if (!store->commit_game(make_result(std::to_string(n)), {{"games", total}, {"last", n}}))
        _exit(3);
      if (write(ack_fd, &n, sizeof n) != static_cast<ssize_t>(sizeof n)) _exit(4);
    }
  } catch (...) {
    _exit(2);
  }
}

}  // namespace

TEST_CASE("every acknowledged commit survives a SIGKILL of the writer, no partial one appears",
          "[store][crash]") {
  TempDir dir;
  const std::string db = dir.file("c.db");
  const std::string lock = dir.file("c.lock");
  std::mt19937 rng(20240917);  // fixed seed: repeatable kill moments
  std::set<int> acknowledged;
  int base = 0;
  for (int round = 0; round < 4; ++round) {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      close(fds[0]);
      run_writer(db, lock, base, fds[1]);
    }
    close(fds[1]);
    // Let it commit a few games, then kill it a random number of microseconds later.
    const int wanted = std::uniform_int_distribution<int>(3, 12)(rng);
    int seen = 0, n = 0;
    while (seen < wanted && read(fds[0], &n, sizeof n) == static_cast<ssize_t>(sizeof n)) {
      acknowledged.insert(n);
      ++seen;
    }
    REQUIRE(seen == wanted);
    usleep(static_cast<useconds_t>(std::uniform_int_distribution<int>(0, 3000)(rng)));
    kill(child, SIGKILL);
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status));
    // Acknowledgements still in the pipe were committed too.
    while (read(fds[0], &n, sizeof n) == static_cast<ssize_t>(sizeof n)) acknowledged.insert(n);
    close(fds[0]);

    auto store = Store::open_for_run(db, lock);  // the dead writer's lock is gone
    std::set<int> stored;
    for (const auto& r : store->games()) stored.insert(std::stoi(r.game_id));
    for (int id : acknowledged) CHECK(stored.count(id) == 1);
    const auto state = store->load_state();
    REQUIRE(state.has_value());
    CHECK(state->at("games").get<int>() == store->game_count());
    CHECK(state->at("last").get<int>() == *stored.rbegin());
    base = *stored.rbegin() + 1;
  }
}
