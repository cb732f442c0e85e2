// scripts/slurm-cluster.sh against the one-node cluster of the other [cluster] tests: a dead
// daemon is reported by `status` (exit 1) and restarted by `start`, whatever slurmctld says.
#include <signal.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "tests/slurm/slurm_support.hpp"

using namespace std::chrono_literals;

namespace {

rm::run::ChildOutcome script(const std::string& action, const std::string& dir) {
  rm::run::ChildStop limit;
  limit.time_limit = 90s;  // start waits up to 20 s for the node
  return rm::run::run_child(
      {"/bin/bash", std::string(RM_SOURCE_DIR) + "/scripts/slurm-cluster.sh", action, dir}, "",
      limit);
}

std::string comm_of(int pid) {
  std::string comm;
  std::ifstream(std::string("/proc/") + std::to_string(pid) + "/comm") >> comm;
  return comm;
}

}  // namespace

TEST_CASE("slurm-cluster.sh: status reports a dead slurmd and start restarts it",
          "[slurm][cluster]") {
  rm::test::require_cluster();
  const char* conf = std::getenv("SLURM_CONF");
  REQUIRE(conf != nullptr);
  const std::string dir = std::filesystem::path(conf).parent_path().parent_path().string();

  auto healthy = script("status", dir);
  INFO(healthy.err);
  REQUIRE(healthy.succeeded());
  CHECK_THAT(healthy.out, Catch::Contains("slurmd running (pid "));

  int pid = 0;
  std::ifstream(dir + "/slurmd.pid") >> pid;
  REQUIRE(pid > 0);
  REQUIRE(comm_of(pid) == "slurmd");
  REQUIRE(::kill(pid, SIGKILL) == 0);
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (comm_of(pid) == "slurmd" && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(50ms);
  REQUIRE(comm_of(pid) != "slurmd");

  // slurmctld still answers (the node looks idle for a while): status must not be fooled.
  auto dead = script("status", dir);
  CHECK(dead.exited_normally);
  CHECK(dead.exit_code == 1);
  CHECK_THAT(dead.err, Catch::Contains("slurmd not running"));

  auto restarted = script("start", dir);
  INFO(restarted.out << restarted.err);
  CHECK(restarted.succeeded());
  CHECK_THAT(restarted.out, Catch::Contains("slurmd was not running"));
  CHECK_THAT(restarted.out, Catch::Contains("restarting it"));

  auto again = script("status", dir);
  INFO(again.err);
  CHECK(again.succeeded());
  rm::test::require_cluster();
}
