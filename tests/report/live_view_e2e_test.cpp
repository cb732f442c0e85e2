// The live view of real runs (frames after the delimiter line when stdout is not a terminal):
// a tournament shows an Elo line per matchup, a tuner its best with the interval.
#include <catch2/catch.hpp>
#include <random>
#include <regex>

#include "ringmaster/report/display_text.hpp"
#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

const std::string kRingmaster = std::string(RM_BIN_DIR) + "/ringmaster";

rm::test::Finished run_in(const rm::test::TempDir& dir, const std::string& control,
                          const std::vector<std::string>& args, const std::string& tag) {
  std::vector<std::string> argv{kRingmaster, control};
  argv.insert(argv.end(), args.begin(), args.end());
  rm::test::ChildProcess child(argv, dir.file("out"), tag);
  auto finished = child.wait(std::chrono::seconds(120));
  REQUIRE(finished);
  return *finished;
}

const std::string kGameSettings =
    "board_size: 7\nkomi: 4.5\nmove_limit: 200\n"
    "players:\n"
    "  weak: {command: [ringbot, --playouts, '4', --seed, '1']}\n"
    "  strong: {command: [ringbot, --playouts, '64', --seed, '1']}\n";

}  // namespace

TEST_CASE("the live view shows an Elo line per matchup", "[live][e2e]") {
  rm::test::TempDir dir("rm-live-view");
  const std::string control = dir.write(
      "duel.yaml", "competition_type: playoff\n" + kGameSettings +
                       "matchups:\n  - {player_1: strong, player_2: weak, number_of_games: 6}\n");
  const std::string tag = "live-view-" + std::to_string(std::random_device{}());
  const auto finished = run_in(dir, control, {"run"}, tag);
  INFO(finished.err);
  REQUIRE(finished.exit_status == 0);
  CHECK(finished.out.find("= Now =\n") != std::string::npos);
  CHECK(std::regex_search(
      finished.out,
      std::regex(
          "elo strong v weak: [-+](inf|[0-9]+) \u00b1 (inf|[0-9]+) \\(6 games, LOS [0-9.]+%\\)")));
  CHECK(rm::test::tagged_processes_after(tag, std::chrono::seconds(10)).empty());
}

TEST_CASE("the live view shows a tuner's best with its interval", "[live][e2e]") {
  rm::test::TempDir dir("rm-live-view");
  const std::string control = dir.write(
      "tune.yaml",
      "competition_type: mc_tuner\n" + kGameSettings +
          "opponent: weak\nnumber_of_games: 6\ncandidate_colour: w\n"
          "exploration_coefficient: 0.5\ninitial_visits: 2\ninitial_wins: 1\nseed: 7\n"
          "parameters:\n  - {code: pl, scale: 'LOG(2, 64, integer)', split: 3, format: 'pl: %d'}\n"
          "candidate: {command: [ringbot, --playouts, '{pl}', --seed, '2']}\n");
  const std::string tag = "live-view-" + std::to_string(std::random_device{}());
  const auto finished = run_in(dir, control, {"run"}, tag);
  INFO(finished.err);
  REQUIRE(finished.exit_status == 0);
  CHECK(
      std::regex_search(finished.out, std::regex("best now: pl: [0-9]+, win rate [0-9.]+% \\(95%: "
                                                 "[0-9.]+% to [0-9.]+%\\) from [0-9]+ games")));
  CHECK(rm::test::tagged_processes_after(tag, std::chrono::seconds(10)).empty());
}

TEST_CASE("the summary lines come between the screen report and the results", "[live]") {
  rm::report::DisplayFrame f;
  f.screen_report = "3 games played\n";
  f.summary_lines = {"elo a v b: +35 \u00b1 60 (40 games, LOS 87.3%)"};
  f.recent_results = {"game 2: a beat b B+R"};
  CHECK(
      rm::report::render_display(f) ==
      "\n3 games played\n\n= Now =\nelo a v b: +35 \u00b1 60 (40 games, LOS 87.3%)\n\n= Results =\n"
      "game 2: a beat b B+R\n");
}
