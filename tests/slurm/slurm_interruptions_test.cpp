// The slurm executor when runs are cut short: ringmaster SIGKILLed mid-run and resumed, Ctrl-C
// (SIGINT), `stop`, a job cancelled on the cluster (as a preemption or a node failure
// would end it), and a long-lived worker's job step cancelled mid-game. Counts stay exact, and
// nothing is left in the queue or among processes.
#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
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

// A playoff on 9x9 whose games take a few tenths of a second each, so that a signal lands
// while games are running on the cluster.
std::string slow_playoff_yaml(int games, int playouts = 300) {
  return "competition_type: playoff\n"
         "players:\n"
         "  a: {command: [ringbot, --playouts, '" +
         std::to_string(playouts) +
         "', --seed, '3']}\n"
         "  b: {command: [ringbot, --playouts, '" +
         std::to_string(playouts) +
         "', --seed, '4']}\n"
         "board_size: 9\n"
         "komi: 7.5\n"
         "matchups:\n"
         "  - {player_1: a, player_2: b, number_of_games: " +
         std::to_string(games) + "}\n";
}

// Waits until one of our jobs is in the queue; its name, or "" after the safety limit.
std::string wait_for_queued_job() {
  auto deadline = std::chrono::steady_clock::now() + 30s;
  for (;;) {
    // Running only: the job of a game just committed can still be completing, and cancelling
    // it would cancel nothing that plays.
    auto jobs = rm::test::queued_jobs("rm.", true);
    if (!jobs.empty()) return jobs.front();
    if (std::chrono::steady_clock::now() > deadline) return "";
    std::this_thread::sleep_for(10ms);
  }
}

}  // namespace

TEST_CASE("slurm: ringmaster killed mid-run leaves nothing on the cluster and resumes exactly",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  CompetitionDir c("kill_slurm",
                   rm::test::small_tuning_event_yaml(10, 300) + rm::test::slurm_executor_yaml(2));
  auto running = c.start({"run", "-q"});
  REQUIRE(c.wait_for_games(2));
  REQUIRE(wait_for_queued_job() != "");
  running->send(SIGKILL);
  auto f = running->wait(10s);
  REQUIRE(f);
  CHECK(f->signal == SIGKILL);
  CHECK(c.committed_games() < 10);
  // srun gets SIGTERM when Ringmaster dies (PDEATHSIG) and cancels its step.
  check_nothing_left(c, 15s);
  resume_to_the_end(c, 10);
}

TEST_CASE("slurm: Ctrl-C cancels the games on the cluster, and the run resumes exactly",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  CompetitionDir c("int_slurm", slow_playoff_yaml(8) + rm::test::slurm_executor_yaml(2));
  auto running = c.start({"run", "-q"});
  REQUIRE(c.wait_for_games(1));
  REQUIRE(wait_for_queued_job() != "");
  running->send(SIGINT);
  auto f = running->wait(30s);
  REQUIRE(f);
  CHECK(f->exit_status == 3);
  CHECK(c.committed_games() < 8);
  CHECK_THAT(rm::test::slurp(c.file(".log")), !Catch::Contains("games in progress were: none"));
  check_nothing_left(c, 5s);
  resume_to_the_end(c, 8);
}

TEST_CASE("slurm: stop lets the games on the cluster finish and leaves nothing",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  CompetitionDir c("stop_slurm", slow_playoff_yaml(20) + rm::test::slurm_executor_yaml(2));
  auto running = c.start({"run", "-q"});
  REQUIRE(c.wait_for_games(1));
  auto stop = c.run({"stop"});
  REQUIRE(stop.exit_status == 0);
  auto f = running->wait(60s);
  REQUIRE(f);
  INFO(f->err);
  CHECK(f->exit_status == 0);
  CHECK_THAT(rm::test::slurp(c.file(".log")), Catch::Contains("stop command received"));
  CHECK(c.committed_games() < 20);
  check_exact(c, c.committed_games());
  check_nothing_left(c, 5s);
}

TEST_CASE("slurm: a job cancelled on the cluster is a void game with the cause, replayed",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  // One game at a time, slow enough that the second can be cancelled while it runs (a void
  // game after a finished one does not halt the run).
  CompetitionDir c("cancel_slurm", slow_playoff_yaml(3, 1500) + rm::test::slurm_executor_yaml(1));
  auto running = c.start({"run", "-q"});
  REQUIRE(c.wait_for_games(1));
  const std::string job = wait_for_queued_job();
  REQUIRE(job != "");
  auto cancel = rm::run::run_child({"scancel", "--name=" + job}, "");
  REQUIRE(cancel.succeeded());
  auto f = running->wait(120s);
  REQUIRE(f);
  INFO(f->err);
  CHECK(f->exit_status == 0);
  CHECK_THAT(rm::test::slurp(c.file(".log")),
             Catch::Contains("aborting game due to error:\nslurm: the job was cancelled"));
  check_exact(c, 3);
  check_nothing_left(c, 5s);
}

TEST_CASE("slurm engines: an engine the referee had to kill is cancelled on the cluster",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  // `sleep` never answers GTP and ignores the end of its input: after the startup timeout the
  // referee SIGKILLs its srun, which cannot cancel its step; the executor cancels the game's
  // steps by name, so nothing is left whatever the cluster does with an orphaned step.
  const std::string yaml =
      "competition_type: playoff\n"
      "players:\n"
      "  mute: {command: [/bin/sleep, '300'], timeouts: {startup: 1}}\n"
      "  bot: {command: [ringbot, --playouts, '2', --seed, '1']}\n"
      "board_size: 7\n"
      "komi: 4.5\n"
      "skip_player_checks: true\n"
      "matchups:\n"
      "  - {player_1: mute, player_2: bot, number_of_games: 1}\n" +
      rm::test::slurm_executor_yaml(1, "engines");
  CompetitionDir c("mute_engines", yaml);
  auto f = c.run({"run", "-q"});
  INFO(f.err);
  CHECK(f.exit_status == 1);  // the first game void: the run halts
  CHECK_THAT(rm::test::slurp(c.file(".log")), Catch::Contains("aborting game due to error"));
  CHECK(c.committed_games() == 0);
  check_nothing_left(c, 5s);
}

namespace {

// A Slurm variable of a process's environment ("" if it has none).
std::string environment_variable(int pid, const std::string& name) {
  const std::string environ = rm::test::slurp("/proc/" + std::to_string(pid) + "/environ");
  const std::string key = name + "=";
  std::size_t at = 0;
  while (at < environ.size()) {
    const std::size_t end = environ.find('\0', at);
    const std::string entry = environ.substr(at, end == std::string::npos ? end : end - at);
    if (entry.compare(0, key.size(), key) == 0) return entry.substr(key.size());
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return "";
}

// The job step (JOB.STEP) of a worker of this competition in the middle of a game (its two
// engines running); "" if none is found within the safety limit.
std::string worker_step_in_a_game(const CompetitionDir& c) {
  const auto deadline = std::chrono::steady_clock::now() + rm::test::scaled(30s);
  while (std::chrono::steady_clock::now() < deadline) {
    for (int pid : rm::test::tagged_processes(c.tag())) {
      const std::string line = rm::test::slurp("/proc/" + std::to_string(pid) + "/cmdline");
      if (line.find("--serve") == std::string::npos) continue;
      std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) +
                       "/children");
      int children = 0;
      for (int child; in >> child;) ++children;
      const std::string job = environment_variable(pid, "SLURM_JOB_ID");
      const std::string step = environment_variable(pid, "SLURM_STEP_ID");
      if (children == 2 && !job.empty() && !step.empty()) return job + "." + step;
    }
    std::this_thread::sleep_for(10ms);
  }
  return "";
}

}  // namespace

TEST_CASE("slurm workers: a worker's step cancelled mid-game is reported stopped, and replayed",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  // `scancel JOB.STEP` SIGKILLs the step's task at once (srun exits 137, "task 0: Killed"):
  // the worker cannot say anything, and Slurm's message on srun's stderr gives the cause.
  CompetitionDir c("cancel_step", slow_playoff_yaml(6) +
                                      "executor:\n  type: slurm\n  mode: workers\n"
                                      "  games_in_flight: 2\n");
  auto running = c.start_under(
      {"/usr/bin/salloc", "--quiet", "-n", "2", "--job-name=rm.cancel-step-alloc"}, {"run", "-q"});
  // A tournament halts on a void game before any game of its matchup has finished in this
  // run (gomill's rule): cancel once one has.
  REQUIRE(c.wait_for_games(1));
  const std::string step = worker_step_in_a_game(c);
  REQUIRE(step != "");
  auto cancel = rm::run::run_child({"scancel", step}, "");
  REQUIRE(cancel.succeeded());
  auto f = running->wait(120s);
  REQUIRE(f);
  INFO(f->err);
  CHECK(f->exit_status == 0);
  const std::string log = rm::test::slurp(c.file(".log"));
  // srun usually says the step was cancelled, and then the worker is reported stopped; in
  // about one run of several it says only "task 0: Killed" (seen under ctest -j 2), and a
  // SIGKILL with no cause is reported as a death, quoting srun (asking Slurm the step's state
  // would tell the two apart: not done).
  if (log.find("CANCELLED") != std::string::npos || log.find("was stopped") != std::string::npos) {
    CHECK_THAT(log, Catch::Contains("(srun step) was stopped during the game (slurm: the job was "
                                    "cancelled): exit status 137"));
    CHECK_THAT(log, !Catch::Contains("died during the game"));
  } else {
    CHECK_THAT(log, Catch::Contains("(srun step) died during the game: exit status 137") &&
                        Catch::Contains("task 0: Killed"));
  }
  check_exact(c, 6);
  check_nothing_left(c, 10s);
}
