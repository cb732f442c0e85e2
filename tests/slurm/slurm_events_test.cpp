// Small events of every competition type played through the slurm executor on the one-node
// cluster, in both modes: the same games as with local threads, the SGF records written here
// from the results, and nothing left in the queue or among processes.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "tests/slurm/slurm_support.hpp"

using rm::test::CompetitionDir;
using namespace std::chrono_literals;

namespace {

std::map<std::string, std::string> outcomes(const CompetitionDir& c) {
  std::map<std::string, std::string> by_id;
  for (const auto& g : c.games())
    by_id[g.game_id] = g.black_code + " " + g.white_code + " " + g.sgf_result;
  return by_id;
}

// Runs the event to the end through the executor and checks what every run must leave.
void run_on_slurm(CompetitionDir& c, int expected_games, const std::string& log_mentions) {
  auto f = c.run({"run", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(c.committed_games() == expected_games);
  std::set<std::string> ids;
  for (const auto& g : c.games()) {
    CHECK(ids.insert(g.game_id).second);
    REQUIRE(std::filesystem::exists(g.sgf_path));
    CHECK_THAT(rm::test::slurp(g.sgf_path), Catch::StartsWith("(;FF[4]"));
  }
  CHECK_THAT(rm::test::slurp(c.file(".log")), Catch::Contains(log_mentions));
  CHECK(rm::test::queued_jobs_after(10s).empty());
  CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
}

}  // namespace

TEST_CASE("slurm: a playoff plays the same games on the cluster as on local threads",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  CompetitionDir on_slurm("po_slurm", rm::test::playoff_yaml(6) + rm::test::slurm_executor_yaml(3));
  run_on_slurm(on_slurm, 6, "using slurm (whole games: srun ");
  CompetitionDir local("po_local", rm::test::playoff_yaml(6));
  REQUIRE(local.run({"run", "-j", "2", "-q"}).exit_status == 0);
  CHECK(outcomes(on_slurm) == outcomes(local));
}

TEST_CASE("slurm: an allplayall on the cluster, and --executor local overrides the file",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  CompetitionDir on_slurm("apa_slurm",
                          rm::test::allplayall_yaml(2) + rm::test::slurm_executor_yaml(2));
  run_on_slurm(on_slurm, 6, "using slurm (whole games");
  CompetitionDir local("apa_local",
                       rm::test::allplayall_yaml(2) + rm::test::slurm_executor_yaml(2));
  auto f = local.run({"run", "--executor", "local", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK_THAT(rm::test::slurp(local.file(".log")), Catch::Contains("using 2 worker threads"));
  CHECK(outcomes(on_slurm) == outcomes(local));
}

TEST_CASE("slurm: the three tuners run their events through the cluster", "[slurm][cluster]") {
  rm::test::require_cluster();
  SECTION("mc_tuner") {
    CompetitionDir c("mc_slurm",
                     rm::test::small_tuning_event_yaml(6) + rm::test::slurm_executor_yaml(2));
    run_on_slurm(c, 6, "using slurm");
  }
  SECTION("ce_tuner") {
    CompetitionDir c("ce_slurm", rm::test::ce_tuner_yaml() + rm::test::slurm_executor_yaml(2));
    run_on_slurm(c, 6, "using slurm");
  }
  SECTION("model_tuner") {
    CompetitionDir c("model_slurm",
                     rm::test::model_tuner_yaml(6) + rm::test::slurm_executor_yaml(2));
    run_on_slurm(c, 6, "using slurm");
  }
}

TEST_CASE("slurm: engines on the cluster with the referee here play the same games",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  CompetitionDir on_slurm("po_engines",
                          rm::test::playoff_yaml(4) + rm::test::slurm_executor_yaml(2, "engines"));
  run_on_slurm(on_slurm, 4, "using slurm (engines under srun)");
  CompetitionDir local("po_engines_local", rm::test::playoff_yaml(4));
  REQUIRE(local.run({"run", "-q"}).exit_status == 0);
  CHECK(outcomes(on_slurm) == outcomes(local));
}

TEST_CASE("slurm: long-lived workers as job steps in one allocation play the same games",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  // As under `sbatch --wrap 'ringmaster FILE run'`: the controller inside the allocation,
  // its workers steps of it (srun --exact), engines kept alive in them.
  CompetitionDir steps("po_steps", rm::test::playoff_yaml(6) +
                                       "executor:\n  type: slurm\n  mode: workers\n"
                                       "  games_in_flight: 2\n");
  auto f = steps
               .start_under({"/usr/bin/salloc", "--quiet", "-n", "2", "--job-name=rm.steps-alloc"},
                            {"run", "-q"})
               ->wait(120s);
  REQUIRE(f);
  INFO(f->err);
  REQUIRE(f->exit_status == 0);
  CHECK(steps.committed_games() == 6);
  const std::string log = rm::test::slurp(steps.file(".log"));
  CHECK_THAT(log, Catch::Contains("using slurm (long-lived workers: 2 job steps srun --exact"));
  CHECK_THAT(log, !Catch::Contains("running inside Slurm allocation"));  // 2 steps fit in 2 CPUs
  CHECK(rm::test::queued_jobs_after(10s).empty());
  CHECK(rm::test::tagged_processes_after(steps.tag(), 10s).empty());
  CompetitionDir local("po_steps_local", rm::test::playoff_yaml(6));
  REQUIRE(local.run({"run", "-j", "2", "-q"}).exit_status == 0);
  CHECK(outcomes(steps) == outcomes(local));
}
