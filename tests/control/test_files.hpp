#pragma once
// A fresh temporary directory per test (to write control files into) and a minimal valid
// control file.
#include <catch2/catch.hpp>
#include <string>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/config_error.hpp"
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

// The error that loading `text`, written to dir/name, gives, without the directory:
// "name.yaml:3:5: setting: what is wrong". Fails the test when it loads.
inline std::string load_error(const TempDir& dir, const std::string& name,
                              const std::string& text) {
  const std::string path = dir.write(name, text);
  try {
    rm::comp::load_control_file(path);
  } catch (const rm::control::ConfigError& e) {
    return std::string(e.what()).substr(dir.path().size() + 1);
  }
  FAIL("loaded without error: " << text);
  return "";
}

}  // namespace rm::control::testing
