// The batch script of docs/reports.md ("Where to run it"): serve beside the run in one sbatch
// job. The test runs the script as the docs print it (only the program's and the control
// file's paths put in; the job's size and time from sbatch's command line, which overrides
// #SBATCH lines): serve answers on the port it wrote to serve.<job>.out while the run plays,
// the batch signal reaches the run through the script's trap, serve stops with it, and nothing
// is left in the queue or among processes.
#include <signal.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "tests/serve/serve_support.hpp"
#include "tests/slurm/slurm_support.hpp"

using rm::test::CompetitionDir;
using namespace std::chrono_literals;

namespace {

// The recipe's shell block, with `ringmaster` and `tune.yaml` replaced; fails the test if the
// docs no longer hold a block of that shape.
std::string recipe_script(const std::string& control) {
  const std::string docs = rm::test::slurp(std::string(RM_SOURCE_DIR) + "/docs/reports.md");
  const auto intro = docs.find("start serve in the batch script");
  REQUIRE(intro != std::string::npos);
  const auto open = docs.find("```sh\n", intro);
  REQUIRE(open != std::string::npos);
  const auto body = open + 6;
  const auto close = docs.find("```", body);
  REQUIRE(close != std::string::npos);
  std::string script = docs.substr(body, close - body);
  const std::string program = "'" + rm::test::kRingmaster + "'";
  for (const auto& [from, to] :
       {std::pair<std::string, std::string>{"ringmaster serve ", program + " serve "},
        {"ringmaster tune.yaml ", program + " '" + control + "' "}}) {
    const auto at = script.find(from);
    INFO(script);
    REQUIRE(at != std::string::npos);
    script.replace(at, from.size(), to);
  }
  return script;
}

// The port in serve's "open http://HOST:PORT/" line, once it is written; 0 after `limit`.
// (Parsed by hand: g++ 12 warns inside <regex> under the sanitizer build's -O1 -Werror.)
int served_port(const std::string& path, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + rm::test::scaled(limit);
  const std::string open_line = "open http://";
  while (std::chrono::steady_clock::now() < deadline) {
    const std::string text = std::filesystem::exists(path) ? rm::test::slurp(path) : std::string();
    const auto at = text.find(open_line);
    const auto colon = at == std::string::npos ? at : text.find(':', at + open_line.size());
    const auto end = colon == std::string::npos ? colon : text.find('/', colon);
    if (end != std::string::npos && end > colon + 1) {
      const std::string digits = text.substr(colon + 1, end - colon - 1);
      if (digits.find_first_not_of("0123456789") == std::string::npos) return std::stoi(digits);
    }
    std::this_thread::sleep_for(100ms);
  }
  return 0;
}

// On the way out, also after a failed REQUIRE: the job cancelled and the test's processes
// killed. A serve that outlives a failed job would otherwise stay (on the test cluster,
// proctrack/linuxproc loses a process reparented to init).
struct LeaveNothing {
  std::string tag;
  ~LeaveNothing() {
    rm::run::ChildStop limit;
    limit.time_limit = 10s;
    rm::run::run_child({"scancel", "--name=rm.sbatch-" + tag}, "", limit);
    for (const int pid : rm::test::tagged_processes(tag)) ::kill(pid, SIGKILL);
  }
};

}  // namespace

TEST_CASE(
    "slurm: the docs' batch script serves the live view beside the run, and the batch signal "
    "stops both",
    "[slurm][cluster]") {
  rm::test::require_cluster();
  constexpr int kGames = 20000;  // more than it can play before the signal
  CompetitionDir c("recipe", rm::test::playoff_yaml(kGames) +
                                 "executor:\n  type: slurm\n  mode: workers\n"
                                 "  games_in_flight: 2\n");
  const LeaveNothing cleanup{c.tag()};
  const std::string dir = std::filesystem::path(c.control()).parent_path().string();
  const std::string script = c.file(".batch.sh");
  std::ofstream(script) << recipe_script(c.control());

  rm::test::ChildProcess sbatch(
      {"/usr/bin/sbatch", "--parsable", "-N", "1", "-n", "2", "--time=10:00", "--chdir=" + dir,
       "--job-name=rm.sbatch-" + c.tag(), "--output=" + c.file(".batch.out"), script},
      c.file(".sbatch"), c.tag());
  const auto f = sbatch.wait(60s);
  REQUIRE(f);
  INFO(f->err);
  REQUIRE(f->exit_status == 0);
  const std::string job = f->out.substr(0, f->out.find_first_of(";\n"));
  REQUIRE_FALSE(job.empty());

  REQUIRE(c.wait_for_games(2, 120s));
  const std::string serve_output = dir + "/serve." + job + ".out";
  const int port = served_port(serve_output, 60s);
  INFO(rm::test::slurp(serve_output));
  REQUIRE(port > 0);
  // Serve looks for new competitions every 2 s, and it started before the run made its files.
  rm::test::HttpReply reply;
  const auto listed_by = std::chrono::steady_clock::now() + rm::test::scaled(30s);
  do {
    reply = rm::test::http_get(port, "/api/competitions");
    if (reply.body.find("\"recipe\"") != std::string::npos) break;
    std::this_thread::sleep_for(200ms);
  } while (std::chrono::steady_clock::now() < listed_by);
  CHECK(reply.status == 200);
  CHECK_THAT(reply.body, Catch::Contains("\"recipe\""));

  // Slurm's TERM before the time limit, sent now to the batch script alone, as B: does.
  rm::test::signal_batch(job);
  CHECK(rm::test::queued_jobs_after(
            std::chrono::duration_cast<std::chrono::seconds>(rm::test::scaled(60s)),
            "rm.sbatch-" + c.tag())
            .empty());
  const std::string batch_output = rm::test::slurp(c.file(".batch.out"));
  INFO(batch_output);
  CHECK_THAT(batch_output, Catch::Contains("stopped: interrupted"));
  CHECK(c.committed_games() < kGames);
  // Serve stopped with the run: its port is free, and no step, worker, engine or serve is left.
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());
  CHECK(rm::test::port_free(port));
  CHECK(rm::test::queued_jobs_after(10s).empty());
}
