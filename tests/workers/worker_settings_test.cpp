// The `executor:` settings of long-lived workers: defaults, errors naming file:line:col and
// the setting, the worker commands built from them (whole arguments, never a shell).
#include <stdlib.h>

#include <catch2/catch.hpp>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/executor/slurm_allocation.hpp"
#include "ringmaster/run/executor/worker_launch.hpp"
#include "tests/slurm/slurm_support.hpp"

using rm::control::ConfigError;
using rm::test::CompetitionDir;

namespace {

std::string load_error(const std::string& executor_yaml) {
  return rm::test::executor_load_error(executor_yaml);
}

rm::control::ExecutorSettings load(const std::string& executor_yaml) {
  CompetitionDir c("settings", rm::test::playoff_yaml(2) + executor_yaml);
  return rm::comp::load_control_file(c.control()).executor;
}

}  // namespace

TEST_CASE("workers settings: defaults, hosts over ssh, and the worker commands",
          "[workers][settings]") {
  const auto e = load("executor:\n  type: workers\n  launcher: [env, A=1]\n  workers: 3\n");
  CHECK(e.type == rm::control::ExecutorType::Workers);
  CHECK(e.workers.max_restarts == 3);
  CHECK(e.workers.start_timeout == 60);
  CHECK(e.workers.silence_timeout == 30);
  const auto commands = rm::run::worker_commands(e.workers, "/opt/rm/ringmaster-play", "ev.log");
  REQUIRE(commands.size() == 3);
  CHECK(commands[2].silence_timeout_s == 30);
  CHECK(commands[2].argv ==
        std::vector<std::string>{"env", "A=1", "/opt/rm/ringmaster-play", "--serve"});
  CHECK(commands[2].name == "worker 2");

  // One worker per host by default, through ssh without a prompt.
  const auto h = load(
      "executor:\n  type: workers\n  hosts: [n1, n2]\n  max_restarts: 0\n  silence_timeout: 5\n");
  CHECK(h.workers.workers == 2);
  CHECK(h.workers.silence_timeout == 5);
  CHECK(h.workers.max_restarts == 0);
  const auto on_hosts = rm::run::worker_commands(h.workers, "rmp", "ev.log");
  REQUIRE(on_hosts.size() == 2);
  CHECK(on_hosts[1].argv ==
        std::vector<std::string>{"ssh", "-T", "-o", "BatchMode=yes", "n2", "rmp", "--serve"});
  CHECK(on_hosts[1].name == "worker 1 (n2)");

  // Slurm job steps inside the allocation.
  const auto s = load(
      "executor:\n  type: slurm\n  mode: workers\n  games_in_flight: 2\n  srun_args: [--mem=1G]\n");
  const auto steps =
      rm::run::slurm_worker_commands(s.slurm, s.workers, "rmp", "rm.x.1234.", "ev.log");
  REQUIRE(steps.size() == 2);
  CHECK(steps[1].argv == std::vector<std::string>{"srun", "--exact", "--ntasks=1", "--quiet",
                                                  "--unbuffered", "--job-name=rm.x.1234.worker1",
                                                  "--mem=1G", "rmp", "--serve"});
}

TEST_CASE("workers settings: errors name the file, the place and the setting",
          "[workers][settings]") {
  CHECK_THAT(load_error("executor:\n  type: workers\n  workers: 0\n"),
             Catch::Matches(".*settings\\.yaml:\\d+:\\d+: executor\\.workers: .*1\\.\\.1023.*"));
  CHECK_THAT(load_error("executor:\n  type: workers\n  launcher: ssh node1\n"),
             Catch::Contains("executor.launcher: must be a list of arguments"));
  CHECK_THAT(load_error("executor:\n  type: workers\n  launcher: []\n"),
             Catch::Contains("executor.launcher: empty"));
  CHECK_THAT(load_error("executor:\n  type: workers\n  max_restarts: -1\n"),
             Catch::Contains("executor.max_restarts"));
  CHECK_THAT(load_error("executor:\n  type: workers\n  start_timeout: 0\n"),
             Catch::Contains("executor.start_timeout: must be a number of seconds in 1..86400"));
  CHECK_THAT(load_error("executor:\n  type: workers\n  silence_timeout: 1\n"),
             Catch::Contains("executor.silence_timeout: must be a number of seconds in 2..86400"));
  CHECK_THAT(load_error("executor:\n  type: local\n  silence_timeout: 10\n"),
             Catch::Contains("executor.silence_timeout: a setting of long-lived workers"));
  CHECK_THAT(load_error("executor:\n  type: workers\n  partition: gpu\n"),
             Catch::Contains("executor.partition: a Slurm setting, not used with type: workers"));
  CHECK_THAT(load_error("executor:\n  type: slurm\n  launcher: [env]\n"),
             Catch::Contains("executor.launcher: only used with type: workers"));
  CHECK_THAT(load_error("executor:\n  type: slurm\n  max_restarts: 2\n"),
             Catch::Contains("executor.max_restarts: only used with long-lived workers"));
  CHECK_THAT(load_error("executor:\n  type: local\n  workers: 2\n"),
             Catch::Contains("executor.workers: a setting of long-lived workers, not used with "
                             "type: local"));
  CHECK_THAT(load_error("executor:\n  mode: servers\n"), Catch::Contains("executor.mode"));
  // Without a type every setting is kept for `run --executor`.
  CHECK(load_error("executor:\n  launcher: [env]\n  partition: gpu\n").empty());
}

TEST_CASE("inside a Slurm allocation, more games in flight than CPUs are warned of",
          "[workers][settings]") {
  ::setenv("SLURM_JOB_ID", "57", 1);
  ::setenv("SLURM_JOB_CPUS_PER_NODE", "2(x2),1", 1);
  CHECK(rm::run::allocation_cpus() == 5);
  CHECK_FALSE(rm::run::allocation_warning(5).has_value());
  CHECK(rm::run::allocation_warning(6).value_or("") ==
        "running inside Slurm allocation 57 with 5 CPUs: 6 games in flight "
        "(executor.games_in_flight) need 6, so only 5 run at once and the others wait for a CPU");
  CHECK(rm::run::allocation_warning(3, 2).has_value());  // engines mode: two steps a game
  ::setenv("SLURM_JOB_CPUS_PER_NODE", "lots", 1);
  CHECK_FALSE(rm::run::allocation_cpus().has_value());
  ::unsetenv("SLURM_JOB_ID");
  ::unsetenv("SLURM_JOB_CPUS_PER_NODE");
  CHECK_FALSE(rm::run::allocation_warning(100).has_value());
}
