// `ringmaster match` end to end with ringbot: the command lines docs/match.md gives for
// cutechess-cli, fastchess and twogtp users (fewer games), a round robin's -q status lines
// with --rating-interval, and resign adjudication.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "ringmaster/store/store.hpp"
#include "tests/e2e/child_process.hpp"
#include "tests/match/doc_lines.hpp"
#include "tests/support/temp_dir.hpp"

using namespace std::chrono_literals;

namespace {

const std::string kRingmaster = std::string(RM_BIN_DIR) + "/ringmaster";
const std::string kSource = RM_SOURCE_DIR;

bool have_gnugo() {
  std::error_code ec;
  return std::filesystem::exists("/usr/games/gnugo", ec) ||
         std::filesystem::exists("/usr/bin/gnugo", ec);
}

rm::test::Finished run(const rm::test::TempDir& dir, std::vector<std::string> args,
                       const std::string& name) {
  args.insert(args.begin(), {kRingmaster, "match"});
  rm::test::ChildProcess child(args, dir.file(name), "match-e2e-" + name);
  auto f = child.wait(300s);
  REQUIRE(f);
  return *f;
}

int pairs_of(const std::vector<std::string>& line) {
  int engines = 0;
  bool gauntlet = false;
  for (const auto& w : line) {
    engines += w == "-e" || w == "--engine" || w == "--black" || w == "--white";
    gauntlet = gauntlet || w == "--gauntlet";
  }
  return gauntlet ? engines - 1 : engines * (engines - 1) / 2;
}

}  // namespace

TEST_CASE("match: docs/match.md's equivalents of cutechess, fastchess and twogtp lines work",
          "[match][e2e]") {
  rm::test::TempDir dir("rm-match-doc");
  const auto lines = rm::test::match_doc_lines();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    auto line = lines[i];
    INFO("docs/match.md line " << i + 1);
    bool gnugo = false;
    for (auto& w : line) {
      gnugo = gnugo || w.find("gnugo") != std::string::npos;
      if (w.rfind("control_examples/", 0) == 0) w = kSource + "/" + w;
    }
    if (gnugo && !have_gnugo()) {
      WARN("GNU Go is not installed: line " << i + 1 << " not run");
      continue;
    }
    for (std::size_t w = 0; w + 1 < line.size(); ++w)
      if (line[w] == "--games") line[w + 1] = "2";
    const std::string results = dir.file("line" + std::to_string(i + 1));
    line.insert(line.end(), {"--dir", results, "--move-limit", "200"});
    for (const auto& option : {std::vector<std::string>{"-q"}, {"-j", "2"}})
      if (std::find(line.begin(), line.end(), option[0]) == line.end())
        line.insert(line.end(), option.begin(), option.end());
    auto f = run(dir, line, "line" + std::to_string(i + 1));
    INFO(f.err);
    CHECK(f.exit_status == 0);
    auto store = rm::store::Store::open_read_only(results + "/match.db");
    // The SPRT line may stop early; every other line plays all its games.
    CHECK(store->game_count() <= 2 * pairs_of(lines[i]));
    CHECK(store->game_count() >= 2);
  }
}

TEST_CASE("match -q: score, Elo and the SPRT's LLR every --rating-interval games", "[match][e2e]") {
  rm::test::TempDir dir("rm-match-rating");
  const std::string results = dir.file("results");
  auto f = run(dir,
               {"-e",
                "ringbot --playouts 2 --seed 1",
                "-e",
                "ringbot --playouts 30 --seed 2",
                "-e",
                "ringbot --playouts 8 --seed 3",
                "--size",
                "9",
                "--games",
                "4",
                "--sprt",
                "0,50",
                "--openings",
                kSource + "/control_examples/openings_9x9",
                "--openings-order",
                "random",
                "--rating-interval",
                "6",
                "-q",
                "-j",
                "2",
                "--dir",
                results},
               "rating");
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  // 12 games: the lines after games 6 and 12, one per matchup and the rating list.
  CHECK_THAT(f.err, Catch::Contains("score of ringbot-1 v ringbot-2: "));
  CHECK_THAT(f.err, Catch::Contains("score of ringbot-2 v ringbot-3: "));
  CHECK_THAT(f.err, Catch::Contains("(paired), LOS "));
  CHECK_THAT(f.err, Catch::Contains(", SPRT [0, 50] llr "));
  CHECK_THAT(f.err, Catch::Contains("ratings: "));
  std::size_t blocks = 0;
  for (auto at = f.err.find("score of ringbot-1 v ringbot-2: "); at != std::string::npos;
       at = f.err.find("score of ringbot-1 v ringbot-2: ", at + 1))
    ++blocks;
  CHECK(blocks == 2);
}

TEST_CASE("match: resign adjudication decides games", "[match][e2e]") {
  rm::test::TempDir dir("rm-match-resign");
  const std::string results = dir.file("results");
  auto f = run(dir,
               {"--black",
                "ringbot --playouts 1 --seed 4",
                "--white",
                "ringbot --playouts 60 --seed 5",
                "--size",
                "7",
                "--komi",
                "4.5",
                "--games",
                "2",
                "--resign-score",
                "8",
                "--resign-moves",
                "2",
                "--resign-after-moves",
                "10",
                "--arbiter",
                "internal",
                "-q",
                "--dir",
                results},
               "resign");
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  auto control = rm::test::slurp(results + "/match.yaml");
  CHECK_THAT(control, Catch::Contains("adjudication: {arbiter: \"internal\", resign_score: 8.0, "
                                      "resign_moves: 2, resign_after_moves: 10}"));
  int adjudicated = 0;
  for (const auto& entry : std::filesystem::directory_iterator(results + "/match.games"))
    adjudicated +=
        rm::test::slurp(entry.path().string()).find("resign adjudication") != std::string::npos;
  CHECK(adjudicated >= 1);
}
