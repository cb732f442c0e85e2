#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "ringmaster/run/stop_file.hpp"
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
