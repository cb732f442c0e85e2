// Helpers shared by the store tests: a fresh temporary competition directory and results.
#pragma once

#include <filesystem>
#include <random>
#include <string>

#include "ringmaster/game/game_result.hpp"

namespace rm::store::test {

// A new empty directory under the system temp dir, removed on destruction.
class TempDir {
 public:
  TempDir() {
    std::random_device device;
    path_ = std::filesystem::temp_directory_path() / ("rm-store-test-" + std::to_string(device()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline rm::game::GameResult make_result(const std::string& id, const std::string& winner = "b") {
  rm::game::GameResult r;
  r.game_id = id;
  r.black_code = "alpha";
  r.white_code = "beta's \"quoted\"; DROP TABLE games;--";  // must go through bound parameters
  r.winner = winner;
  r.sgf_result = winner == "b" ? "B+R" : "W+4.5";
  if (winner == "w") r.margin = 4.5;
  r.move_count = 57;
  r.black_cpu_s = 0.25;
  r.black_long_description = "Alpha engine\nversion 1";
  r.sgf_path = "/tmp/x.games/" + id + ".sgf";
  r.warnings = {"a warning"};
  return r;
}

}  // namespace rm::store::test
