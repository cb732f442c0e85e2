// Two `run`s of a never-run competition started together: one wins the lock and plays, the
// other says the competition is already running, and nothing the winner wrote is removed.
// Real `ringmaster` processes on fresh directories, many pairs.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "tests/e2e/e2e_support.hpp"
#include "tests/support/time_scale.hpp"

using namespace std::chrono_literals;

namespace {

using rm::test::CompetitionDir;
using rm::test::Finished;

const std::string kScripted = std::string(RM_BIN_DIR) + "/scripted_engine";

// A playoff whose games wait for `gate` to exist: the winner cannot finish before the test
// has seen the loser end, so the two runs always overlap, whatever the machine's load.
std::string gated_playoff_yaml(const std::string& gate) {
  return "competition_type: playoff\n"
         "players:\n"
         "  a: {command: ['" +
         kScripted + "', --seed, '1', --wait-for-file, '" + gate +
         "']}\n"
         "  b: {command: ['" +
         kScripted +
         "', --seed, '2', --resign-after, '3']}\n"
         "board_size: 7\nkomi: 4.5\n"
         "matchups: [[a, b]]\nnumber_of_games: 2\n";
}

// Polls both until one has ended; the safety limit fails the test instead of hanging it.
void wait_for_either(rm::test::ChildProcess& a, rm::test::ChildProcess& b,
                     std::optional<Finished>& fa, std::optional<Finished>& fb) {
  const auto deadline = std::chrono::steady_clock::now() + 120s;
  while (!fa && !fb) {
    fa = a.wait(0ms);
    if (!fa) fb = b.wait(0ms);
    if (fa || fb) return;
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    std::this_thread::sleep_for(2ms);
  }
}

}  // namespace

TEST_CASE("run: of two runs started together one plays and nothing of it is removed",
          "[e2e][nothing-lost][concurrent]") {
  // Up to 200 pairs, but for a bounded time once 20 have run: on a loaded machine a pair takes
  // several times as long (0.57 s each beside four busy processes on 2 cores: 114 s), and the
  // whole count could reach ctest's 300 s limit, which fails the test though no pair did.
  constexpr int kPairs = 200;
  constexpr int kMinPairs = 20;
  const auto budget_end = std::chrono::steady_clock::now() + rm::test::scaled(60s);
  int failed_pair = -1;
  for (int pair = 0; pair < kPairs; ++pair) {
    if (pair >= kMinPairs && std::chrono::steady_clock::now() > budget_end) break;
    INFO("pair " << pair);
    // A fresh directory each time: the race is over a competition's first files.
    CompetitionDir c("race", "");
    const std::string gate = c.file(".gate");
    c.write(gated_playoff_yaml(gate));
    auto a = c.start({"run", "-q"});
    auto b = c.start({"run", "-q"});
    std::optional<Finished> fa, fb;
    wait_for_either(*a, *b, fa, fb);
    std::ofstream(gate) << "";
    if (!fa) fa = a->wait(120s);
    if (!fb) fb = b->wait(120s);
    REQUIRE(fa);
    REQUIRE(fb);
    const Finished& winner = fa->exit_status == 0 ? *fa : *fb;
    const Finished& loser = fa->exit_status == 0 ? *fb : *fa;
    INFO("first: " << fa->exit_status << " " << fa->err << "second: " << fb->exit_status << " "
                   << fb->err);
    const bool one_winner = winner.exit_status == 0 && loser.exit_status == 1 &&
                            loser.err == "ringmaster: competition is already running\n";
    const bool kept = std::filesystem::exists(c.file(".db")) &&
                      std::filesystem::exists(c.file(".lock")) && c.committed_games() == 2;
    CHECK(one_winner);
    CHECK_THAT(winner.err + loser.err, !Catch::Contains("I/O error"));
    CHECK(kept);
    // One failed pair is enough; the rest would only repeat it.
    if (!one_winner || !kept) {
      failed_pair = pair;
      break;
    }
  }
  CHECK(failed_pair == -1);
}
