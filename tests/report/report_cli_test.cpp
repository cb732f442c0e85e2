// The report command's export options: parsing, and a real `report` on a played competition.
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>

#include "ringmaster/cli/command_line.hpp"
#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

const std::string kRingmaster = std::string(RM_BIN_DIR) + "/ringmaster";

rm::test::Finished ringmaster(const rm::test::TempDir& dir, const std::vector<std::string>& args) {
  static int runs = 0;
  std::vector<std::string> argv{kRingmaster};
  argv.insert(argv.end(), args.begin(), args.end());
  rm::test::ChildProcess child(argv, dir.file("cli" + std::to_string(runs++)),
                               "report-cli-" + std::to_string(std::random_device{}()));
  auto finished = child.wait(std::chrono::seconds(120));
  REQUIRE(finished);
  return *finished;
}

}  // namespace

TEST_CASE("report takes one of --json, --html and --csv", "[report-cli]") {
  using rm::cli::parse_command_line;
  const auto html =
      parse_command_line({"c.yaml", "report", "--html", "--sgf-collection", "all.sgf"});
  REQUIRE(std::holds_alternative<rm::cli::CommandLine>(html));
  CHECK(std::get<rm::cli::CommandLine>(html).html);
  CHECK(std::get<rm::cli::CommandLine>(html).sgf_collection == "all.sgf");
  const auto both = parse_command_line({"c.yaml", "report", "--html", "--csv"});
  REQUIRE(std::holds_alternative<rm::cli::ParseExit>(both));
  CHECK(std::get<rm::cli::ParseExit>(both).status == rm::cli::kExitUsage);
  CHECK(std::get<rm::cli::ParseExit>(both).err.find("--json, --html and --csv: give at most one") !=
        std::string::npos);
}

TEST_CASE("report writes the HTML beside the text report and exports CSV and SGF", "[report-cli]") {
  rm::test::TempDir dir("rm-report-cli");
  const std::string control =
      dir.write("duel.yaml",
                "competition_type: playoff\nboard_size: 7\nkomi: 4.5\nmove_limit: 200\n"
                "players:\n"
                "  weak: {command: [ringbot, --playouts, '4', --seed, '1']}\n"
                "  strong: {command: [ringbot, --playouts, '32', --seed, '1']}\n"
                "matchups:\n  - {player_1: strong, player_2: weak, number_of_games: 4}\n");
  REQUIRE(ringmaster(dir, {control, "run", "-q"}).exit_status == 0);
  CHECK(std::filesystem::exists(dir.file("duel.report.html")));  // written by the run
  std::filesystem::remove(dir.file("duel.report.html"));

  const auto html = ringmaster(dir, {control, "report", "--html"});
  CHECK(html.exit_status == 0);
  CHECK(html.out.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(html.out == rm::test::slurp(dir.file("duel.report.html")));  // rewritten by report

  const auto csv = ringmaster(dir, {control, "report", "--csv"});
  CHECK(csv.exit_status == 0);
  std::size_t rows = 0;
  for (char c : csv.out) rows += c == '\n';
  CHECK(rows == 5);  // the header and four games

  const auto sgf = ringmaster(dir, {control, "report", "--sgf-collection", dir.file("all.sgf")});
  CHECK(sgf.exit_status == 0);
  CHECK(sgf.err.find("sgf collection: 4 games") != std::string::npos);
  const std::string collection = rm::test::slurp(dir.file("all.sgf"));
  CHECK(collection.rfind("(;FF[4]", 0) == 0);
  std::size_t trees = 0;
  for (std::size_t pos = collection.find("(;FF["); pos != std::string::npos;
       pos = collection.find("(;FF[", pos + 1))
    ++trees;
  CHECK(trees == 4);

  // A file where the directory should be: the collection cannot be written.
  const auto unwritable =
      ringmaster(dir, {control, "report", "--sgf-collection", control + "/all.sgf"});
  CHECK(unwritable.exit_status == 1);
  CHECK(unwritable.err.find("can't write") != std::string::npos);

  const auto reset = ringmaster(dir, {control, "reset"});
  CHECK(reset.exit_status == 0);
  CHECK_FALSE(std::filesystem::exists(dir.file("duel.report.html")));
}
