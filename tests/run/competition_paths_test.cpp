#include "ringmaster/run/competition_paths.hpp"

#include <catch2/catch.hpp>

#include "ringmaster/run/ringmaster_error.hpp"

using rm::run::CompetitionPaths;

TEST_CASE("every file sits beside the control file named after its stem", "[paths]") {
  auto p = CompetitionPaths::for_control_file("/tmp/x/tune.yaml");
  CHECK(p.code == "tune");
  CHECK(p.directory == "/tmp/x");
  CHECK(p.db == "/tmp/x/tune.db");
  CHECK(p.lock == "/tmp/x/tune.lock");
  CHECK(p.log == "/tmp/x/tune.log");
  CHECK(p.hist == "/tmp/x/tune.hist");
  CHECK(p.report == "/tmp/x/tune.report");
  CHECK(p.cmd == "/tmp/x/tune.cmd");
  CHECK(p.games_dir == "/tmp/x/tune.games");
  CHECK(p.void_dir == "/tmp/x/tune.void");
  CHECK(p.gtp_log_for("17") == "/tmp/x/tune.gtplogs/17.log");
  auto relative = CompetitionPaths::for_control_file("tune.yaml");
  CHECK(relative.directory == ".");
  CHECK(relative.log == "tune.log");
}

TEST_CASE("extensions of files Ringmaster writes are refused", "[paths]") {
  for (const char* ext : {".log", ".status", ".cmd", ".hist", ".report", ".games", ".void",
                          ".gtplogs", ".db", ".lock"}) {
    CHECK_THROWS_WITH(CompetitionPaths::for_control_file(std::string("a") + ext),
                      std::string("forbidden control file extension: ") + ext);
  }
  CHECK_NOTHROW(CompetitionPaths::for_control_file("a.ctl"));
}
