// One sbatch job for a whole event (docs/cluster.md, "One sbatch job for a whole event"): the
// controller is the batch script (`exec ringmaster ...`), its workers are steps of the job.
// `--signal=B:TERM@T` has Slurm send SIGTERM to the batch script T seconds before the time
// limit, on slurmctld's own schedule (up to a minute early); the test sends the same signal
// at a chosen moment with `scancel --batch --signal=TERM`. The run stops cleanly, nothing
// stays in the queue or among processes, and a re-submitted job finishes the event exactly.
#include <catch2/catch.hpp>
#include <set>

#include "tests/slurm/slurm_support.hpp"

using rm::test::CompetitionDir;
using namespace std::chrono_literals;

namespace {

// Submits the recipe's job for `c` (the batch output to <code>.batch<n>.out); its job id.
std::string submit(const CompetitionDir& c, int n) {
  const std::string output = c.file(".batch" + std::to_string(n) + ".out");
  rm::test::ChildProcess sbatch(
      {"/usr/bin/sbatch", "--parsable", "-n", "2", "--job-name=rm.sbatch-" + c.tag(),
       "--output=" + output, "--wrap",
       "exec '" + rm::test::kRingmaster + "' '" + c.control() + "' run -q"},
      c.file(".sbatch" + std::to_string(n)), c.tag());
  const auto f = sbatch.wait(60s);
  REQUIRE(f);
  INFO(f->err);
  REQUIRE(f->exit_status == 0);
  std::string id = f->out.substr(0, f->out.find_first_of(";\n"));
  REQUIRE_FALSE(id.empty());
  return id;
}

// Waits until the job has left the queue; false after the (scaled) safety limit.
bool job_gone(const CompetitionDir& c, std::chrono::seconds limit) {
  const auto scaled = std::chrono::duration_cast<std::chrono::seconds>(rm::test::scaled(limit));
  return rm::test::queued_jobs_after(scaled, "rm.sbatch-" + c.tag()).empty();
}

}  // namespace

TEST_CASE(
    "slurm: an event in one sbatch job stops cleanly on the batch signal, and a re-submitted "
    "job finishes it exactly",
    "[slurm][cluster]") {
  rm::test::require_cluster();
  constexpr int kGames = 160;
  CompetitionDir c("sbatch", rm::test::playoff_yaml(kGames) +
                                 "executor:\n  type: slurm\n  mode: workers\n"
                                 "  games_in_flight: 2\n");
  const std::string first = submit(c, 1);
  REQUIRE(c.wait_for_games(4, 120s));
  rm::test::signal_batch(first);
  REQUIRE(job_gone(c, 60s));
  const std::string batch_output = rm::test::slurp(c.file(".batch1.out"));
  INFO(batch_output);
  CHECK_THAT(batch_output, Catch::Contains("stopped: interrupted"));
  const int after_first = c.committed_games();
  CHECK(after_first >= 4);
  CHECK(after_first < kGames);
  // The workers saw their input end: no step, worker or engine is left.
  CHECK(rm::test::queued_jobs_after(10s).empty());
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());

  submit(c, 2);
  REQUIRE(job_gone(c, 180s));
  INFO(rm::test::slurp(c.file(".batch2.out")));
  CHECK(c.committed_games() == kGames);
  std::set<std::string> ids;
  for (const auto& g : c.games()) CHECK(ids.insert(g.game_id).second);
  CHECK(static_cast<int>(ids.size()) == kGames);
  CHECK_THAT(rm::test::slurp(c.file(".log")), Catch::Contains("long-lived workers"));
  CHECK(rm::test::tagged_processes_after(c.tag(), 10s).empty());
}
