// The competition's lock: exclusive, says whether it created its file, and a file removed by
// its holder never lets two holders in.
#include <catch2/catch.hpp>
#include <filesystem>

#include "ringmaster/store/run_lock.hpp"
#include "ringmaster/store/store.hpp"
#include "tests/store/store_test_support.hpp"

using rm::store::RunLock;
using rm::store::test::TempDir;

TEST_CASE("run lock: one holder at a time, and it knows whether it created the file", "[store]") {
  TempDir dir;
  const std::string path = dir.file("c.lock");
  {
    RunLock first(path);
    CHECK(first.created());
    CHECK_THROWS_AS(RunLock(path), rm::store::StoreLocked);
    CHECK_THROWS_WITH(RunLock(path), "competition is already running");
  }
  CHECK(std::filesystem::exists(path));  // released, not removed
  RunLock again(path);
  CHECK_FALSE(again.created());
}

TEST_CASE("run lock: its holder removes the file before releasing it", "[store]") {
  TempDir dir;
  const std::string path = dir.file("c.lock");
  RunLock first(path);
  CHECK(first.remove_file_and_release() == 0);
  CHECK_FALSE(std::filesystem::exists(path));
  RunLock second(path);
  CHECK(second.created());
  CHECK_THROWS_AS(RunLock(path), rm::store::StoreLocked);
}
