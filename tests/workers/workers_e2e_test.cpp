// `ringmaster run` with long-lived workers started through the `env` launcher (the same code
// path as srun or ssh, without a cluster): the same games as local threads, engines kept alive
// in the workers, a worker killed mid-game (its game void and replayed, nothing lost or
// doubled), the controller SIGKILLed (no worker or engine left, exact resume), and a launcher
// that cannot start any worker (the run halts cleanly).
#include <signal.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "tests/slurm/slurm_support.hpp"
#include "tests/support/sgf_moves.hpp"

using rm::test::CompetitionDir;
using namespace std::chrono_literals;

namespace {

std::string workers_yaml(int workers, const std::string& extra = "") {
  return "executor:\n  type: workers\n  launcher: [env]\n  workers: " + std::to_string(workers) +
         "\n" + extra;
}

std::string ringbots_yaml(int games, int playouts, int board_size, bool reuse) {
  const std::string keep = reuse ? ", reuse: true" : "";
  return "competition_type: playoff\n"
         "players:\n"
         "  a: {command: [ringbot, --playouts, '" +
         std::to_string(playouts) + "', --seed, '3']" + keep +
         "}\n"
         "  b: {command: [ringbot, --playouts, '" +
         std::to_string(playouts + 5) + "', --seed, '4']" + keep +
         "}\n"
         "board_size: " +
         std::to_string(board_size) +
         "\n"
         "komi: 4.5\n"
         "move_limit: 200\n"
         "matchups:\n"
         "  - {player_1: a, player_2: b, alternating: true, number_of_games: " +
         std::to_string(games) + "}\n";
}

// The moves and result of each game, by id.
std::map<std::string, std::string> games_played(const CompetitionDir& c) {
  std::map<std::string, std::string> by_id;
  for (const auto& g : c.games())
    by_id[g.game_id] = g.black_code + " " + g.white_code + ": " +
                       rm::test::moves_and_result(rm::test::slurp(g.sgf_path));
  return by_id;
}

void check_exact(const CompetitionDir& c, int games) {
  CHECK(c.committed_games() == games);
  std::set<std::string> ids;
  for (const auto& g : c.games()) CHECK(ids.insert(g.game_id).second);
  CHECK(static_cast<int>(ids.size()) == games);
}

std::string command_line_of(int pid) {
  std::string text = rm::test::slurp("/proc/" + std::to_string(pid) + "/cmdline");
  for (char& ch : text)
    if (ch == '\0') ch = ' ';
  return text;
}

int children_count(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
  int n = 0;
  for (int child; in >> child;) ++n;
  return n;
}

// A worker of this competition in the middle of a game (its two engines running); 0 if none
// is found within the safety limit.
int worker_in_a_game(const CompetitionDir& c) {
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (std::chrono::steady_clock::now() < deadline) {
    for (int pid : rm::test::tagged_processes(c.tag()))
      if (command_line_of(pid).find("--serve") != std::string::npos && children_count(pid) == 2)
        return pid;
    std::this_thread::sleep_for(10ms);
  }
  return 0;
}

}  // namespace

TEST_CASE("workers: the same games as local threads, engines kept alive in the workers",
          "[workers][e2e]") {
  CompetitionDir on_workers("po_workers", ringbots_yaml(8, 6, 7, true) + workers_yaml(2));
  auto f = on_workers.run({"run", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  check_exact(on_workers, 8);
  const std::string log = rm::test::slurp(on_workers.file(".log"));
  CHECK_THAT(log, Catch::Contains("using 2 long-lived workers under env: ") &&
                      Catch::Contains("ringmaster-play --serve"));
  CHECK(rm::test::tagged_processes_after(on_workers.tag(), 10s).empty());

  CompetitionDir local("po_local", ringbots_yaml(8, 6, 7, false));
  REQUIRE(local.run({"run", "-j", "2", "-q"}).exit_status == 0);
  const auto here = games_played(local);
  CHECK(games_played(on_workers) == here);
  CHECK(here.begin()->second.find(": B") != std::string::npos);  // moves were compared

  // --executor workers takes the file's settings for a file whose type is local.
  CompetitionDir overridden("po_override", ringbots_yaml(4, 6, 7, false) +
                                               "executor:\n  launcher: [env]\n  workers: 2\n");
  auto o = overridden.run({"run", "-q", "--executor", "workers"});
  INFO(o.err);
  REQUIRE(o.exit_status == 0);
  check_exact(overridden, 4);
  CHECK_THAT(rm::test::slurp(overridden.file(".log")), Catch::Contains("long-lived workers"));
}

TEST_CASE("workers: a worker killed mid-game voids only that game, which is replayed",
          "[workers][e2e]") {
  // SIGKILL: the worker dies; SIGTERM (a time limit, scancel): it aborts its game, says so
  // and exits.
  const int signal = GENERATE(SIGKILL, SIGTERM);
  const std::string expected = signal == SIGKILL ? "died during the game: killed by signal 9"
                                                 : "was stopped during the game: exit status 0";
  // A kept engine may make the worker look busy between two games: killed while its next
  // job was being sent (long jobs go in pieces, each answered), the same game is void.
  const std::string between = signal == SIGKILL ? "could not be sent the game: killed by signal 9"
                                                : "could not be sent the game: exit status 0";
  // SIGTERM may also land after the next job was sent but before the worker read it: it exits
  // without a game to abort, and the controller sees it end (the same game is void).
  const std::string unread = signal == SIGKILL ? expected : "died during the game: exit status 0";
  CompetitionDir c("kill_worker", ringbots_yaml(6, 300, 9, true) + workers_yaml(2));
  auto running = c.start({"run", "-q"});
  // A tournament halts on a void game before any game of its matchup has finished in this
  // run (gomill's rule): kill once one has.
  REQUIRE(c.wait_for_games(1));
  const int worker = worker_in_a_game(c);
  REQUIRE(worker > 0);
  ::kill(worker, signal);
  auto f = running->wait(120s);
  REQUIRE(f);
  INFO(f->err);
  CHECK(f->exit_status == 0);
  check_exact(c, 6);
  CHECK(rm::store::Store::open_read_only(c.file(".db"))->void_game_count() == 1);
  const std::string log = rm::test::slurp(c.file(".log"));
  CHECK_THAT(log, Catch::Contains(expected) || Catch::Contains(between) || Catch::Contains(unread));
  CHECK_THAT(log, Catch::Contains("started again") || Catch::Contains("response from game"));
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());
}

TEST_CASE("workers: ringmaster SIGKILLed leaves no worker or engine and resumes exactly",
          "[workers][e2e]") {
  CompetitionDir c("kill_controller", ringbots_yaml(8, 300, 9, true) + workers_yaml(2));
  auto running = c.start({"run", "-q"});
  REQUIRE(c.wait_for_games(1));
  REQUIRE(worker_in_a_game(c) > 0);
  running->send(SIGKILL);
  auto f = running->wait(10s);
  REQUIRE(f);
  CHECK(f->signal == SIGKILL);
  CHECK(c.committed_games() < 8);
  // The workers get SIGTERM when Ringmaster dies (PDEATHSIG) and see their input end.
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());
  auto resumed = c.run({"run", "-q"});
  INFO(resumed.err);
  REQUIRE(resumed.exit_status == 0);
  check_exact(c, 8);
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());
}

TEST_CASE("workers: a launcher that starts no worker halts the run with the reason",
          "[workers][e2e]") {
  CompetitionDir c("no_worker", ringbots_yaml(4, 6, 7, false) +
                                    "executor:\n  type: workers\n  launcher: ['false']\n"
                                    "  workers: 2\n  max_restarts: 1\n");
  auto f = c.run({"run", "-q"});
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err, Catch::Contains("run halted: no worker left"));
  const std::string log = rm::test::slurp(c.file(".log"));
  CHECK_THAT(log, Catch::Contains("worker 0 failed to start: it did not start: exit status 1"));
  CHECK_THAT(log, Catch::Contains("retired after 2 failures in a row"));
  CHECK(c.committed_games() == 0);
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());
}

TEST_CASE("workers: a worker that goes silent mid-game (SIGSTOP) is retired, its game replayed",
          "[workers][e2e][silent]") {
  // A frozen node, a wedged ssh: the worker stops talking. After executor.silence_timeout
  // without even a heartbeat its game is void, its processes are killed and it is retired;
  // the other worker replays the game and the run finishes.
  CompetitionDir c("silent_worker",
                   ringbots_yaml(6, 300, 9, true) + workers_yaml(2, "  silence_timeout: 3\n"));
  auto running = c.start({"run", "-q"});
  // A tournament halts on a void game before any game of its matchup has finished in this
  // run (gomill's rule): stop a worker once one has.
  REQUIRE(c.wait_for_games(1));
  const int worker = worker_in_a_game(c);
  REQUIRE(worker > 0);
  ::kill(worker, SIGSTOP);
  auto f = running->wait(180s);
  if (!f) {
    ::kill(worker, SIGKILL);  // the run hangs on it: leave nothing behind
    running->send(SIGKILL);
  }
  REQUIRE(f);
  INFO(f->err);
  CHECK(f->exit_status == 0);
  check_exact(c, 6);
  CHECK(rm::store::Store::open_read_only(c.file(".db"))->void_game_count() == 1);
  const std::string log = rm::test::slurp(c.file(".log"));
  CHECK_THAT(log, Catch::Contains("went silent during the game: not a word from it for 3 s "
                                  "(executor.silence_timeout); its processes were killed"));
  CHECK_THAT(log, Catch::Contains("retired: it went silent"));
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());
}

TEST_CASE("workers: a launcher that never answers is retired after its second try, saying so",
          "[workers][e2e][silent]") {
  // Each try costs start_timeout (a wedged ssh, a node gone, an allocation that never comes):
  // max_restarts 3 would mean four of them.
  CompetitionDir c("mute_launcher", ringbots_yaml(4, 6, 7, false) +
                                        "executor:\n  type: workers\n"
                                        "  launcher: [sh, -c, 'exec sleep 100000']\n"
                                        "  workers: 1\n  max_restarts: 3\n  start_timeout: 1\n");
  auto f = c.run({"run", "-q"});
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err, Catch::Contains("run halted: no worker left (the last one, worker 0, failed: "
                                    "no ready line within 1 s"));
  // Said at the first failure, on screen and in the log.
  CHECK_THAT(f.err, Catch::Contains("not a byte from it on its stdout or stderr"));
  const std::string log = rm::test::slurp(c.file(".log"));
  CHECK_THAT(log, Catch::Contains("it is tried once more, then retired"));
  CHECK_THAT(log, Catch::Contains("worker 0 retired: its launcher never answered (2 starts in a "
                                  "row without a byte from it)"));
  CHECK_THAT(log, !Catch::Contains("retired after 4 failures"));
  CHECK(c.committed_games() == 0);
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());
}

TEST_CASE("workers: a worker of another build halts the run at its first start, naming both",
          "[workers][e2e]") {
  // An older ringmaster-play on the nodes: its ready line has no protocol number.
  CompetitionDir c("old_worker",
                   ringbots_yaml(4, 6, 7, false) +
                       "executor:\n  type: workers\n"
                       "  launcher: [sh, -c, 'echo ''{\"ready\": \"ringmaster-play\"}''; exec "
                       "cat >/dev/null']\n  workers: 1\n  max_restarts: 3\n");
  auto f = c.run({"run", "-q"});
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err, Catch::Contains("run halted: no worker left (the last one, worker 0, failed: "
                                    "it speaks worker protocol 1"));
  CHECK_THAT(f.err, Catch::Contains("run the same Ringmaster build on the workers as here"));
  const std::string log = rm::test::slurp(c.file(".log"));
  CHECK_THAT(log, Catch::Contains("worker 0 retired: another build's worker"));
  CHECK_THAT(log, !Catch::Contains("failures in a row"));
  CHECK(c.committed_games() == 0);
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());
}

TEST_CASE("workers: a lost node halts the run naming the worker lost and why", "[workers][e2e]") {
  // The host's worker dies in the run's first game and the host cannot be reached again: a
  // tournament halts on that void game; the halt says which worker was lost.
  CompetitionDir c("lost_node", ringbots_yaml(4, 300, 9, true));
  const std::string mark = c.file(".reached");
  const std::string launcher = "if [ -e " + mark +
                               " ]; then echo \"ssh: connect to host $0 port 22: No route to "
                               "host\" >&2; exit 255; fi; : > " +
                               mark + "; exec \"$@\"";
  std::ofstream(c.control(), std::ios::app)
      << "executor:\n  type: workers\n  launcher: [sh, -c, '" << launcher
      << "']\n  hosts: [node7]\n  max_restarts: 1\n";
  auto running = c.start({"run", "-q"});
  const int worker = worker_in_a_game(c);
  REQUIRE(worker > 0);
  ::kill(worker, SIGKILL);
  auto f = running->wait(60s);
  REQUIRE(f);
  INFO(f->err);
  CHECK(f->exit_status == 1);
  // Whichever comes first: the void game's halt or the retirement of the only worker.
  CHECK_THAT(f->err, Catch::Contains("run halted: too many void games (worker 0 (node7) ") ||
                         Catch::Contains("run halted: no worker left (the last one, worker 0 "
                                         "(node7), failed: it did not start: exit status 255"));
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());
}
