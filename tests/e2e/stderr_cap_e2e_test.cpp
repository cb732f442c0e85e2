// An engine that floods stderr must not flood the log: a cap per engine and game, and a line
// saying how much was dropped.
#include <catch2/catch.hpp>
#include <filesystem>

#include "tests/e2e/e2e_support.hpp"

using namespace std::chrono_literals;

TEST_CASE("run: a chatty engine's stderr in the log is capped per game, with a note",
          "[e2e][stderr]") {
  // Local threads, and long-lived workers, which pass their engines' stderr on to the log.
  const bool on_workers = GENERATE(false, true);
  const std::string executor =
      on_workers ? "executor: {type: workers, launcher: [env], workers: 2}\n" : "";
  const std::string scripted = std::string(RM_BIN_DIR) + "/scripted_engine";
  // --flood-stderr writes 1 MiB before every answer: several MiB per game uncapped.
  rm::test::CompetitionDir c(on_workers ? "chatty_workers" : "chatty",
                             "competition_type: playoff\n"
                             "skip_player_checks: true\n"
                             "players:\n"
                             "  loud: {command: ['" +
                                 scripted +
                                 "', --flood-stderr]}\n"
                                 "  quiet: {command: ['" +
                                 scripted +
                                 "', --resign-after, '1']}\n"
                                 "board_size: 7\nkomi: 4.5\n"
                                 "matchups: [[loud, quiet]]\nnumber_of_games: 2\n" +
                                 executor);
  auto f = c.run({"run", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(c.games().size() == 2);
  const auto log_size = std::filesystem::file_size(c.file(".log"));
  CHECK(log_size < 2 * 300 * 1024);  // two games, 256 KiB each, plus the log's own lines
  const std::string log = rm::test::slurp(c.file(".log"));
  CHECK_THAT(log, Catch::Contains("[ringmaster: player loud: "));
  CHECK_THAT(log, Catch::Contains(" more bytes of stderr dropped (at most 262144 bytes are kept "
                                  "per game)]"));
  CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
}
