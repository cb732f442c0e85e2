// The executor settings without a cluster: control-file errors that name the place, the srun
// and engine commands built from the settings, the void reasons of failed job steps, and
// combinations `run` refuses.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/executor/engine_prefix.hpp"
#include "ringmaster/run/executor/slurm_failure.hpp"
#include "ringmaster/run/executor/srun_game.hpp"
#include "tests/slurm/slurm_support.hpp"

using rm::control::ConfigError;
using rm::test::CompetitionDir;

namespace {

std::string load_error(const std::string& executor_yaml) {
  return rm::test::executor_load_error(executor_yaml);
}

}  // namespace

TEST_CASE("executor settings are read with their defaults", "[slurm][settings]") {
  CompetitionDir c("settings", rm::test::playoff_yaml(2) +
                                   "executor:\n"
                                   "  type: slurm\n"
                                   "  partition: gpu\n"
                                   "  account: go\n"
                                   "  time_limit: '1:30:00'\n"
                                   "  srun_args: [--mem=1G, --gres=gpu:1]\n"
                                   "  ringmaster_play: /opt/rm/ringmaster-play\n");
  auto control = rm::comp::load_control_file(c.control());
  CHECK(control.executor.type == rm::control::ExecutorType::Slurm);
  const auto& s = control.executor.slurm;
  CHECK(s.mode == rm::control::SlurmMode::Games);
  CHECK(s.games_in_flight == 4);
  CHECK(rm::run::srun_game_command(s, "rm.x.1", s.ringmaster_play) ==
        std::vector<std::string>{"srun", "--job-name=rm.x.1", "--ntasks=1", "--quiet",
                                 "--partition=gpu", "--account=go", "--time=1:30:00", "--mem=1G",
                                 "--gres=gpu:1", "/opt/rm/ringmaster-play", "-"});
  CHECK(rm::comp::load_control_file(CompetitionDir("plain", rm::test::playoff_yaml(2)).control())
            .executor.type == rm::control::ExecutorType::Local);
}

TEST_CASE("bad executor settings name the file, the place and the setting", "[slurm][settings]") {
  CHECK_THAT(load_error("executor:\n  type: cluster\n"),
             Catch::Matches(".*settings\\.yaml:\\d+:\\d+: executor\\.type: .*local.*slurm.*"));
  CHECK_THAT(load_error("executor:\n  type: slurm\n  time_limit: 'ten minutes'\n"),
             Catch::Contains("executor.time_limit: 'ten minutes' is not a Slurm time limit"));
  CHECK_THAT(load_error("executor:\n  games_in_flight: 0\n"),
             Catch::Contains("executor.games_in_flight"));
  CHECK_THAT(load_error("executor:\n  srun_args: --mem=1G --exclusive\n"),
             Catch::Contains("executor.srun_args: must be a list of arguments"));
  CHECK_THAT(load_error("executor:\n  engine_prefix: [srun]\n"),
             Catch::Contains("executor.engine_prefix: only used with mode: engines"));
  CHECK_THAT(load_error("executor:\n  partiton: gpu\n"), Catch::Contains("partition"));
  // Slurm settings beside an explicit `type: local` were once ignored silently.
  CHECK_THAT(load_error("executor: {type: local, partition: gpu}\n"),
             Catch::Matches(".*settings\\.yaml:\\d+:\\d+: executor\\.partition: a Slurm setting, "
                            "not used with type: local \\(set type: slurm, or remove it\\)"));
  for (const char* key : {"mode: engines", "games_in_flight: 2", "account: go", "time_limit: '5'",
                          "srun_args: [--mem=1G]", "ringmaster_play: /x"})
    CHECK_THAT(load_error(std::string("executor:\n  type: local\n  ") + key + "\n"),
               Catch::Contains("a Slurm setting, not used with type: local"));
  // Without a type they are kept for `run --executor slurm`.
  CHECK(load_error("executor:\n  partition: gpu\n").empty());
}

TEST_CASE("engine commands get the prefix and the Slurm options as whole arguments",
          "[slurm][settings]") {
  rm::control::SlurmSettings s;
  s.mode = rm::control::SlurmMode::Engines;
  s.partition = "gpu";
  s.srun_args = {"--gres=gpu:1"};
  rm::game::PlayerSpec p;
  p.engine.process.argv = {"/usr/bin/env", "an argument with spaces"};
  rm::run::prefix_engine_command(p, s, "rm.x.3.b");
  CHECK(p.engine.process.argv == std::vector<std::string>{"srun", "-n1", "-Q", "--unbuffered",
                                                          "--job-name=rm.x.3.b", "--partition=gpu",
                                                          "--gres=gpu:1", "/usr/bin/env",
                                                          "an argument with spaces"});
  // A prefix that is not srun gets no Slurm options.
  s.engine_prefix = {"/usr/bin/nice", "-n5"};
  rm::game::PlayerSpec q;
  q.engine.process.argv = {"/bin/cat"};
  rm::run::prefix_engine_command(q, s, "rm.x.3.w");
  CHECK(q.engine.process.argv == std::vector<std::string>{"/usr/bin/nice", "-n5", "/bin/cat"});
}

TEST_CASE("a failed job step's void reason says what the cluster did", "[slurm][settings]") {
  rm::run::ChildOutcome srun;
  srun.exited_normally = true;
  srun.exit_code = 0;
  srun.err =
      "slurmstepd: error: *** STEP 41.0 ON vm CANCELLED AT 2026-11-23T23:10:00 DUE TO TIME "
      "LIMIT ***\nsrun: error: vm: task 0: Terminated\n";
  srun.exit_code = 143;
  CHECK_THAT(rm::run::slurm_failure_reason(srun, "nothing on stdout"),
             Catch::StartsWith("slurm: the job hit its time limit (srun exit status 143):\n") &&
                 Catch::Contains("DUE TO TIME LIMIT"));
  srun.err = "srun: error: Node failure on vm\n";
  CHECK_THAT(rm::run::slurm_failure_reason(srun, ""),
             Catch::StartsWith("slurm: the job's node failed"));
  srun.err = "slurmstepd: error: *** STEP 7.0 CANCELLED DUE TO PREEMPTION ***\n";
  CHECK_THAT(rm::run::slurm_failure_reason(srun, ""),
             Catch::StartsWith("slurm: the job was preempted"));
  srun.err.clear();
  srun.exit_code = 0;
  CHECK(rm::run::slurm_failure_reason(srun, "ringmaster-play gave no result: bad JSON") ==
        "slurm: ringmaster-play gave no result: bad JSON");
  srun.exit_code = 1;
  srun.err = "srun: error: Invalid partition name specified\n";
  CHECK(rm::run::slurm_failure_reason(srun, "") ==
        "slurm: srun failed (exit status 1):\nsrun: error: Invalid partition name specified");
  // srun said only that its task was terminated: the job's final state gives the cause.
  srun.exit_code = 143;
  srun.err = "srun: error: vm: task 0: Terminated\n";
  CHECK_THAT(rm::run::slurm_failure_reason(srun, "", "CANCELLED"),
             Catch::StartsWith("slurm: the job was cancelled (srun exit status 143):\n"));
  CHECK_THAT(rm::run::slurm_failure_reason(srun, "", "TIMEOUT"),
             Catch::StartsWith("slurm: the job hit its time limit"));
  CHECK_THAT(rm::run::slurm_failure_reason(srun, "", "COMPLETED"),
             Catch::StartsWith("slurm: srun failed (exit status 143)"));
  // A job cancelled before srun got it: srun says only that it got no allocation.
  srun.exit_code = 1;
  srun.err =
      "srun: error: Unable to allocate resources: Job/step already completing or "
      "completed\n";
  CHECK(rm::run::slurm_cause_needs_job_state(srun.err));
  CHECK_THAT(rm::run::slurm_failure_reason(srun, "", "CANCELLED"),
             Catch::StartsWith("slurm: the job was cancelled (srun exit status 1):\n"));
  CHECK_THAT(rm::run::slurm_failure_reason(srun, "", ""),
             Catch::StartsWith("slurm: srun could not get an allocation"));
  CHECK_FALSE(rm::run::slurm_cause_needs_job_state("*** STEP 7.0 CANCELLED AT x ***"));
  // The engines' stderr comes back through srun's: no escape sequence reaches the terminal.
  srun.err = "\x1b[2Jengine says \x1b[31mhi\n";
  CHECK(rm::run::slurm_failure_reason(srun, "", "") ==
        "slurm: srun failed (exit status 1):\n[2Jengine says [31mhi");
  CHECK(rm::run::slurm_state_cause("NODE_FAIL") == "the job's node failed");
  CHECK(rm::run::slurm_state_cause("PREEMPTED") == "the job was preempted");
  CHECK(rm::run::slurm_state_cause("") == "");
}

TEST_CASE("run refuses -j and --affinity with the slurm executor before starting anything",
          "[slurm][settings]") {
  CompetitionDir c("refuse", rm::test::playoff_yaml(2) + rm::test::slurm_executor_yaml(2));
  auto j = c.run({"run", "-j", "2", "-q"});
  CHECK(j.exit_status != 0);
  CHECK_THAT(j.err, Catch::Contains("executor.games_in_flight"));
  auto affinity = c.run({"run", "--affinity", "-q"});
  CHECK(affinity.exit_status != 0);
  CHECK_THAT(affinity.err, Catch::Contains("--affinity"));
  CHECK(c.committed_games() == 0);
  CHECK_FALSE(std::filesystem::exists(c.file(".db")));
  auto bad = c.run({"run", "--executor", "cloud"});
  CHECK(bad.exit_status == 2);
  CHECK_THAT(bad.err, Catch::Contains("--executor: must be local, slurm or workers"));
}

TEST_CASE("run stops with a clear message when no cluster answers, keeping no file",
          "[slurm][settings]") {
  CompetitionDir c("no_cluster", rm::test::playoff_yaml(2) + rm::test::slurm_executor_yaml(2));
  // A cluster whose controller nobody runs: squeue cannot reach it.
  const std::string host = [] {
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    std::string h = name;
    return h.substr(0, h.find('.'));
  }();
  const std::string conf = c.file(".slurm.conf");
  std::ofstream(conf) << "ClusterName=none\nSlurmctldHost=" << host
                      << "(127.0.0.1)\nSlurmctldPort=6999\nAuthType=auth/munge\n"
                         "NodeName="
                      << host << " CPUs=1 State=UNKNOWN\nPartitionName=p Nodes=" << host
                      << " Default=YES\n";
  auto f =
      c.start({"run", "-q"}, "", false, {"SLURM_CONF=" + conf})->wait(std::chrono::seconds(90));
  REQUIRE(f);
  CHECK(f->exit_status == 1);
  CHECK_THAT(f->err, Catch::Contains("ringmaster: executor slurm: squeue failed") &&
                         Catch::Contains("is the cluster up"));
  CHECK_FALSE(std::filesystem::exists(c.file(".db")));
  CHECK_FALSE(std::filesystem::exists(c.file(".log")));
}
