// Workers that misbehave on purpose, as small shell programs standing in for a worker (or for
// the launcher in front of it): one that says it is ready and then never says another word,
// one that stops in the middle of its answer, and a launcher that never answers at all. Each
// gives its documented outcome within its deadline and leaves no process behind.
#include <catch2/catch.hpp>
#include <string>

#include "ringmaster/game/job_stream.hpp"
#include "ringmaster/run/executor/serve_worker.hpp"
#include "tests/game/process_scan.hpp"
#include "tests/support/temp_dir.hpp"

using rm::run::ServeWorker;
using rm::run::WorkerCommand;
using rm::run::WorkerFault;

namespace {

const std::string kReady = R"(echo '{"ready": "ringmaster-play", "protocol": )" +
                           std::to_string(rm::game::kWorkerProtocol) + R"(}'; )";
// Reads the job, answering its pieces (line_pieces.hpp) as a worker does.
const std::string kReadJob =
    R"(while read line; do case $line in +*) echo;; *) break;; esac; done; )";

WorkerCommand fake_worker(const rm::test::TempDir& dir, const std::string& script) {
  WorkerCommand command;
  command.argv = {"sh", "-c", script};
  command.name = "worker 0 (fake)";
  command.stderr_log = dir.file("workers.log");
  command.start_timeout_s = 30;
  command.silence_timeout_s = 2;
  return command;
}

rm::game::GameJob a_job() {
  rm::game::GameJob job;
  job.game_id = "g1";
  job.competition_code = "silent";
  job.black.code = job.black.engine.name = "a";
  job.white.code = job.white.engine.name = "b";
  job.black.engine.process.argv = {"ringbot"};
  job.white.engine.process.argv = {"ringbot"};
  job.sgf_dir = ".";
  return job;
}

}  // namespace

TEST_CASE("a worker silent after its ready line: the game is void, the worker killed",
          "[workers][silent]") {
  rm::test::TempDir dir;
  // It reads its job and then says nothing more, as a stopped process or a frozen node.
  const std::string script =
      GENERATE(kReady + "exec sleep 100000", kReady + kReadJob + "exec sleep 100000",
               // It starts its answer and never finishes it.
               kReady + kReadJob + "echo '+{\"game_id\"'; exec sleep 100000");
  ServeWorker worker(fake_worker(dir, script));
  REQUIRE(worker.start(nullptr).empty());
  std::atomic<bool> abort{false};
  WorkerFault fault = WorkerFault::None;
  const rm::game::GameResult result = worker.play(a_job(), &abort, &fault);
  CHECK(fault == WorkerFault::Silent);
  CHECK(result.is_void);
  CHECK(result.game_id == "g1");
  // (A job longer than a piece goes in pieces: the silence may start before it is all sent.)
  CHECK_THAT(result.void_reason,
             Catch::StartsWith("worker 0 (fake) went silent ") &&
                 Catch::Contains(": not a word from it for 2 s (executor.silence_timeout); its "
                                 "processes were killed"));
  CHECK_FALSE(worker.running());
  CHECK(rm::game::test::leftover_processes().empty());
}

TEST_CASE("a launcher that never answers: its start fails saying so, and nothing is left",
          "[workers][silent]") {
  rm::test::TempDir dir;
  WorkerCommand command = fake_worker(dir, "exec sleep 100000");
  command.start_timeout_s = 1;
  ServeWorker worker(command);
  const std::string problem = worker.start(nullptr);
  CHECK_THAT(problem, Catch::StartsWith("no ready line within 1 s (executor.start_timeout), and "
                                        "not a byte from it on its stdout or stderr"));
  CHECK(worker.never_answered());
  CHECK(rm::game::test::leftover_processes().empty());
  // One that says something (ssh's "connection refused", a banner) did answer.
  WorkerCommand talking_command = fake_worker(dir, "echo 'Welcome to node1'; exec sleep 100000");
  talking_command.start_timeout_s = 1;
  ServeWorker banner(talking_command);
  CHECK_FALSE(banner.start(nullptr).empty());
  CHECK_FALSE(banner.never_answered());
  CHECK(rm::game::test::leftover_processes().empty());
}

TEST_CASE("a worker of another build is refused at its start, saying why, and not tried again",
          "[workers][silent]") {
  rm::test::TempDir dir;
  // An older build's ready line has no protocol number; a newer one's a larger number.
  const auto [script, protocol] = GENERATE(
      std::pair<std::string, std::string>{
          R"(echo '{"ready": "ringmaster-play", "version": "0.9"}'; exec cat >/dev/null)",
          "protocol 1 (ringmaster-play 0.9)"},
      std::pair<std::string, std::string>{
          R"(echo '{"ready": "ringmaster-play", "protocol": 99}'; exec cat >/dev/null)",
          "protocol 99 (ringmaster-play of no stated version)"});
  ServeWorker worker(fake_worker(dir, script));
  const std::string problem = worker.start(nullptr);
  CHECK_THAT(problem,
             Catch::StartsWith("it speaks worker " + protocol + ", this ringmaster speaks " +
                               std::to_string(rm::game::kWorkerProtocol) +
                               ": run the same Ringmaster build on the workers"));
  CHECK(worker.incompatible());
  CHECK_FALSE(worker.running());
  CHECK(rm::game::test::leftover_processes().empty());
  // The ready line as this build writes it is accepted.
  CHECK(rm::game::read_worker_ready_line(rm::game::worker_ready_line())->protocol ==
        rm::game::kWorkerProtocol);
}
