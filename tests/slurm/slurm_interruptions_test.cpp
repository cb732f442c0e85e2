// The slurm executor when runs are cut short: ringmaster SIGKILLed mid-run and resumed, Ctrl-C
// (SIGINT), `stop`, and a job cancelled on the cluster (as a preemption or a node failure
// would end it). Counts stay exact, and nothing is left in the queue or among processes.
#include <catch2/catch.hpp>
#include <csignal>
#include <set>

#include "tests/slurm/slurm_support.hpp"

using rm::test::CompetitionDir;
using namespace std::chrono_literals;

namespace {

void check_exact(const CompetitionDir& c, int games) {
  CHECK(c.committed_games() == games);
  std::set<std::string> ids;
  for (const auto& g : c.games()) CHECK(ids.insert(g.game_id).second);
  CHECK(static_cast<int>(ids.size()) == games);
}

void check_nothing_left(const CompetitionDir& c, std::chrono::seconds grace) {
  CHECK(rm::test::queued_jobs_after(grace).empty());
  CHECK(rm::test::tagged_processes_after(c.tag(), grace).empty());
}

void resume_to_the_end(CompetitionDir& c, int games) {
  auto f = c.run({"run", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  check_exact(c, games);
  check_nothing_left(c, 10s);
}

}  // namespace

TEST_CASE("slurm: ringmaster killed mid-run leaves nothing on the cluster and resumes exactly",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  CompetitionDir c("kill_slurm",
                   rm::test::small_tuning_event_yaml(10) + rm::test::slurm_executor_yaml(2));
  auto running = c.start({"run", "-q"});
  REQUIRE(c.wait_for_games(2));
  running->send(SIGKILL);
  REQUIRE(running->wait(10s));
  // srun gets SIGTERM when Ringmaster dies (PDEATHSIG) and cancels its step.
  check_nothing_left(c, 15s);
  resume_to_the_end(c, 10);
}

TEST_CASE("slurm: Ctrl-C cancels the games on the cluster; the run resumes exactly",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  CompetitionDir c("int_slurm", rm::test::playoff_yaml(10) + rm::test::slurm_executor_yaml(2));
  auto running = c.start({"run", "-q"});
  REQUIRE(c.wait_for_games(1));
  running->send(SIGINT);
  auto f = running->wait(30s);
  REQUIRE(f);
  CHECK(f->exit_status == 3);
  check_nothing_left(c, 5s);
  resume_to_the_end(c, 10);
}

TEST_CASE("slurm: stop lets the games on the cluster finish and leaves nothing",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  CompetitionDir c("stop_slurm", rm::test::playoff_yaml(40) + rm::test::slurm_executor_yaml(2));
  auto running = c.start({"run", "-q"});
  REQUIRE(c.wait_for_games(1));
  auto stop = c.run({"stop"});
  REQUIRE(stop.exit_status == 0);
  auto f = running->wait(60s);
  REQUIRE(f);
  INFO(f->err);
  CHECK(f->exit_status == 0);
  CHECK_THAT(rm::test::slurp(c.file(".log")), Catch::Contains("stop command received"));
  CHECK(c.committed_games() < 40);
  check_exact(c, c.committed_games());
  check_nothing_left(c, 5s);
}

TEST_CASE("slurm: a job cancelled on the cluster is a void game with the cause, replayed",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  // Slow enough games that one can be cancelled while it runs.
  const std::string yaml =
      "competition_type: playoff\n"
      "players:\n"
      "  a: {command: [ringbot, --playouts, '3000', --seed, '3']}\n"
      "  b: {command: [ringbot, --playouts, '3000', --seed, '4']}\n"
      "board_size: 9\n"
      "komi: 7.5\n"
      "matchups:\n"
      "  - {player_1: a, player_2: b, number_of_games: 2}\n" +
      rm::test::slurm_executor_yaml(1);
  CompetitionDir c("cancel_slurm", yaml);
  auto running = c.start({"run", "-q"});
  std::vector<std::string> jobs;
  auto deadline = std::chrono::steady_clock::now() + 30s;
  while ((jobs = rm::test::queued_jobs()).empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(20ms);
  REQUIRE(jobs.size() == 1);
  auto cancel = rm::run::run_child({"scancel", "--name=" + jobs.front()}, "");
  REQUIRE(cancel.succeeded());
  auto f = running->wait(120s);
  REQUIRE(f);
  INFO(f->err);
  CHECK(f->exit_status == 0);
  const std::string log = rm::test::slurp(c.file(".log"));
  CHECK_THAT(log, Catch::Contains("slurm: the job was cancelled"));
  check_exact(c, 2);
  check_nothing_left(c, 5s);
}
