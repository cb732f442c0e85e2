#include "ringmaster/run/stop_file.hpp"

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "tests/support/temp_dir.hpp"

TEST_CASE("a stop request is taken once and the file removed", "[stop]") {
  rm::test::TempDir dir;
  std::string cmd = dir.file("demo.cmd");
  CHECK_FALSE(rm::run::take_stop_request(cmd));
  rm::run::request_stop(cmd);
  CHECK(std::filesystem::exists(cmd));
  CHECK(rm::run::take_stop_request(cmd));
  CHECK_FALSE(std::filesystem::exists(cmd));
  CHECK_FALSE(rm::run::take_stop_request(cmd));
}

TEST_CASE("other text in the command file is ignored and kept", "[stop]") {
  rm::test::TempDir dir;
  std::string cmd = dir.file("demo.cmd");
  std::ofstream(cmd) << "frobnicate\n";
  CHECK_FALSE(rm::run::take_stop_request(cmd));
  CHECK(std::filesystem::exists(cmd));
  rm::run::remove_stale_commands(cmd);
  CHECK_FALSE(std::filesystem::exists(cmd));
}

TEST_CASE("a stop request into a missing directory is a clear error", "[stop]") {
  CHECK_THROWS_WITH(rm::run::request_stop("/nonexistent-dir/x.cmd"),
                    Catch::Contains("can't write /nonexistent-dir/x.cmd"));
}

// Issue 13: a FIFO (or a device) where the command file goes must not block the run or `stop`.
TEST_CASE("a FIFO at the command file's path blocks neither reading nor writing",
          "[stop][hostile]") {
  rm::test::TempDir dir;
  std::string cmd = dir.file("demo.cmd");
  REQUIRE(::mkfifo(cmd.c_str(), 0600) == 0);
  CHECK_FALSE(rm::run::take_stop_request(cmd));
  rm::run::request_stop(cmd);  // replaces the FIFO
  CHECK(std::filesystem::is_regular_file(cmd));
  CHECK(rm::run::take_stop_request(cmd));
}
