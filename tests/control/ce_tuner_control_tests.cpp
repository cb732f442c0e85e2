// The ce_tuner is recognised with gomill's settings and refused, with the position, until it lands.
#include <catch2/catch.hpp>

#include "ringmaster/control/control_file.hpp"
#include "test_files.hpp"

using rm::control::ConfigError;
using rm::control::testing::TempDir;

TEST_CASE("ce_tuner control files are refused as not supported yet", "[ce_tuner]") {
  TempDir dir;
  const std::string path =
      dir.write("ce.yaml",
                "players:\n  opp: {command: [ringbot]}\n"
                "competition_type: ce_tuner\n"
                "board_size: 9\nkomi: 7.5\nopponent: opp\nsamples_per_generation: 10\n");
  CHECK_THROWS_WITH(rm::control::load_control_file(path),
                    path +
                        ":3:19: competition_type: competition type ce_tuner is not supported yet "
                        "(playoff, allplayall and mc_tuner are)");
}
