// A run restores the history lines a kill left out by reading the last games only.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "ringmaster/run/history_recovery.hpp"
#include "tests/scale/scale_test_support.hpp"

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Drops the last `n` lines of the file.
void drop_last_lines(const std::string& path, int n) {
  std::string text = read_file(path);
  for (int i = 0; i < n; ++i) text.erase(text.rfind('\n', text.size() - 2) + 1);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

}  // namespace

TEST_CASE("history lines missing at the end are restored from the last games", "[scale][history]") {
  rm::test::TempDir dir;
  const std::string control = rm::scale::test::copy_control(dir, "playoff");
  rm::scale::test::add_games(control, 150, 5);  // more than the 65 games looked at
  const std::string hist = dir.file("playoff.hist");
  const std::string complete = read_file(hist);
  auto store = rm::store::Store::open_for_run(dir.file("playoff.db"), dir.file("playoff.lock"));

  CHECK(rm::run::restore_missing_history(hist, *store) == 0);
  CHECK(read_file(hist) == complete);

  drop_last_lines(hist, 3);
  CHECK(rm::run::restore_missing_history(hist, *store) == 3);
  CHECK(read_file(hist) == complete);

  // A lost file: every game's lines come back.
  std::filesystem::remove(hist);
  CHECK(rm::run::restore_missing_history(hist, *store) == 150);
  CHECK(read_file(hist) == complete);

  // A file that does not end as the database expects is left alone.
  std::ofstream(hist, std::ios::app) << "edited by hand\n";
  const std::string edited = read_file(hist);
  drop_last_lines(hist, 0);
  CHECK(rm::run::restore_missing_history(hist, *store) == 0);
  CHECK(read_file(hist) == edited);
}
