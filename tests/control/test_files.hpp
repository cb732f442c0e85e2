#pragma once
// A fresh temporary directory per test (to write control files into) and a minimal valid
// control file.
#include <string>

#include "tests/support/temp_dir.hpp"

namespace rm::control::testing {

using TempDir = rm::test::TempDir;

// A minimal valid mc_tuner file; tests replace or append lines to break it.
inline std::string valid_control(const std::string& extra = "") {
  return "competition_type: mc_tuner\n"
         "players:\n"
         "  opp:\n"
         "    command: \"ringbot --playouts 300\"\n"
         "board_size: 9\n"
         "komi: 7.5\n"
         "opponent: opp\n"
         "candidate_colour: w\n"
         "exploration_coefficient: 0.45\n"
         "initial_visits: 10\n"
         "initial_wins: 5\n"
         "parameters:\n"
         "  - code: pl\n"
         "    scale: \"LOG(30, 3000, integer)\"\n"
         "    split: 6\n"
         "candidate:\n"
         "  command: [\"ringbot\", \"--playouts\", \"{pl}\"]\n" +
         extra;
}

}  // namespace rm::control::testing
