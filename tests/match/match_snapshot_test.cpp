// Snapshots of `ringmaster match`: its help, and the control file each command line of
// docs/match.md's cutechess/fastchess/twogtp section writes (tests/match/golden/; after an
// intended change, RM_UPDATE_GOLDEN=1 build/bin/match_tests "[snapshot]" and review the diff).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "ringmaster/cli/match_control_file.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "tests/match/doc_lines.hpp"
#include "tests/support/golden_file.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

const std::string kSource = RM_SOURCE_DIR;

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

}  // namespace

TEST_CASE("match --help", "[match][snapshot]") {
  auto parsed = rm::cli::parse_match_command_line({"--help"}, "/here");
  auto* exit = std::get_if<rm::cli::ParseExit>(&parsed);
  REQUIRE(exit != nullptr);
  CHECK(exit->status == 0);
  rm::test::check_golden_file("tests/match/golden/help.txt", exit->out);
}

TEST_CASE("match: the control files of docs/match.md's command lines", "[match][snapshot]") {
  const auto lines = rm::test::match_doc_lines();
  REQUIRE(lines.size() == 6);
  rm::test::TempDir dir("rm-match-snapshot");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    INFO("docs/match.md line " << i + 1);
    // Run from the source tree, as the docs' relative openings path assumes.
    auto parsed = rm::cli::parse_match_command_line(lines[i], kSource);
    auto* exit = std::get_if<rm::cli::ParseExit>(&parsed);
    if (exit != nullptr) FAIL(exit->err);
    const auto& options = std::get<rm::cli::MatchOptions>(parsed);
    const std::string text = rm::cli::match_control_file(options, kSource);
    rm::test::check_golden_file("tests/match/golden/doc_line_" + std::to_string(i + 1) + ".yaml",
                                replace_all(text, kSource, "<source>"));
    // Each loads as the playoff it says (the loader reads the openings too).
    auto cf = rm::comp::load_control_file(dir.write("m" + std::to_string(i) + ".yaml", text));
    CHECK(cf.competition_type == "playoff");
  }
}
