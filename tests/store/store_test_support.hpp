// Helpers shared by the store tests: a fresh temporary competition directory and results.
#pragma once

#include <string>

#include "ringmaster/game/game_result.hpp"
#include "tests/support/temp_dir.hpp"

namespace rm::store::test {

// A new empty directory under the system temp dir, removed on destruction.
using TempDir = rm::test::TempDir;

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
