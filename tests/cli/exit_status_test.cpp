// Exit statuses and messages of the real `ringmaster` binary for bad invocations.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>

#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

const std::string kRingmaster = std::string(RM_BIN_DIR) + "/ringmaster";

using Dir = rm::test::TempDir;

rm::test::Finished ringmaster(const Dir& dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv{kRingmaster};
  argv.insert(argv.end(), args.begin(), args.end());
  rm::test::ChildProcess child(argv, dir.file("capture"), "cli");
  auto f = child.wait();
  REQUIRE(f);
  return *f;
}

}  // namespace

TEST_CASE("ringmaster --version and usage errors", "[cli][binary]") {
  Dir dir;
  auto version = ringmaster(dir, {"--version"});
  CHECK(version.exit_status == 0);
  CHECK(version.out == "ringmaster 0.1.0\n");
  auto none = ringmaster(dir, {});
  CHECK(none.exit_status == 2);
  CHECK_THAT(none.err, Catch::Contains("no control file specified"));
  CHECK(ringmaster(dir, {"x.yaml", "frob"}).exit_status == 2);
}

TEST_CASE("a missing control file or a forbidden extension exits 1", "[cli][binary]") {
  Dir dir;
  auto missing = ringmaster(dir, {dir.file("nope.yaml"), "show"});
  CHECK(missing.exit_status == 1);
  CHECK(missing.err == "ringmaster: control file " + dir.file("nope.yaml") + " not found\n");
  std::ofstream(dir.file("x.log")) << "";
  auto forbidden = ringmaster(dir, {dir.file("x.log")});
  CHECK(forbidden.exit_status == 1);
  CHECK(forbidden.err == "ringmaster: forbidden control file extension: .log\n");
}

TEST_CASE("a bad control file starts nothing and writes nothing", "[cli][binary]") {
  Dir dir;
  std::ofstream(dir.file("bad.yaml")) << "competition_type: mc_tuner\nboard_size: [\n";
  auto f = ringmaster(dir, {dir.file("bad.yaml"), "run"});
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err, Catch::StartsWith("ringmaster: "));
  CHECK_THAT(f.err, Catch::Contains("bad.yaml"));
  for (const char* ext : {".db", ".lock", ".log", ".hist", ".games"})
    CHECK_FALSE(std::filesystem::exists(dir.file(std::string("bad") + ext)));
}

TEST_CASE("show before any run says there is no status and stop has nothing to stop",
          "[cli][binary]") {
  Dir dir;
  std::ofstream(dir.file("t.yaml"))
      << "competition_type: mc_tuner\n"
         "players:\n  opp:\n    command: [ringbot]\n"
         "board_size: 7\nkomi: 4.5\nnumber_of_games: 2\ncandidate_colour: w\n"
         "opponent: opp\nexploration_coefficient: 0.45\ninitial_visits: 2\n"
         "initial_wins: 1\nparameters:\n  - code: pl\n    scale: LOG(2, 40, integer)\n"
         "    split: 3\n    format: 'pl: %d'\n"
         "candidate:\n  command: [ringbot, --playouts, '{pl}']\n";
  auto show = ringmaster(dir, {dir.file("t.yaml"), "show"});
  CHECK(show.exit_status == 1);
  CHECK_THAT(show.err, Catch::StartsWith("ringmaster: no status file"));
  auto candidates = ringmaster(dir, {dir.file("t.yaml"), "candidates"});
  CHECK(candidates.exit_status == 0);
  CHECK_THAT(candidates.out, Catch::Contains("pl: "));
  auto stop = ringmaster(dir, {dir.file("t.yaml"), "stop"});
  CHECK(stop.exit_status == 1);
  CHECK(stop.err == "ringmaster: nothing to stop: the competition is not running\n");
  CHECK_FALSE(std::filesystem::exists(dir.file("t.cmd")));
  auto check = ringmaster(dir, {dir.file("t.yaml"), "check"});
  CHECK(check.exit_status == 0);
  CHECK_THAT(check.out, Catch::Contains("checking player opp"));
}

TEST_CASE("a player that cannot start fails the startup checks with exit 1", "[cli][binary]") {
  Dir dir;
  std::ofstream(dir.file("t.yaml"))
      << "competition_type: mc_tuner\n"
         "players:\n  opp:\n    command: [no-such-engine-xyz]\n"
         "board_size: 7\nkomi: 4.5\nnumber_of_games: 2\ncandidate_colour: w\n"
         "opponent: opp\nexploration_coefficient: 0.45\ninitial_visits: 2\n"
         "initial_wins: 1\nparameters:\n  - code: pl\n    scale: LOG(2, 40, integer)\n"
         "    split: 3\n    format: 'pl: %d'\n"
         "candidate:\n  command: [ringbot, --playouts, '{pl}']\n";
  auto run = ringmaster(dir, {dir.file("t.yaml"), "run", "-q"});
  CHECK(run.exit_status == 1);
  CHECK_THAT(run.err, Catch::StartsWith("player opp failed startup check:\n"));
  CHECK_THAT(run.err, Catch::EndsWith("(use the 'check' command to see stderr output)\n"));
  auto check = ringmaster(dir, {dir.file("t.yaml"), "check"});
  CHECK(check.exit_status == 1);
  CHECK_THAT(check.out, Catch::Contains("checking player opp"));
}
