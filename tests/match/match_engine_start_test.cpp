// `ringmaster match --startup-timeout / --startup-banner-lines`: the players' start-up
// settings, their usage errors, the control file they write, and a match between engines
// that print a banner before their first response (played with the option, refused without
// it, the error saying which option helps).
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "ringmaster/cli/match_control_file.hpp"
#include "ringmaster/store/store.hpp"
#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"

using namespace std::chrono_literals;
using rm::cli::MatchOptions;
using rm::cli::ParseExit;

namespace {

const std::string kRingmaster = std::string(RM_BIN_DIR) + "/ringmaster";
const std::string kEngine = std::string(RM_BIN_DIR) + "/scripted_engine";

std::variant<MatchOptions, ParseExit> parse(std::vector<std::string> extra) {
  std::vector<std::string> args{"-e", "a", "-e", "b"};
  args.insert(args.end(), extra.begin(), extra.end());
  return rm::cli::parse_match_command_line(args, "/here");
}

std::string usage_error(std::vector<std::string> extra) {
  auto parsed = parse(std::move(extra));
  auto* exit = std::get_if<ParseExit>(&parsed);
  REQUIRE(exit != nullptr);
  CHECK(exit->status == 2);
  return exit->err;
}

rm::test::Finished run(const rm::test::TempDir& dir, std::vector<std::string> args,
                       const std::string& name) {
  args.insert(args.begin(), {kRingmaster, "match"});
  rm::test::ChildProcess child(args, dir.file(name), "match-start-" + name);
  auto f = child.wait(120s);
  REQUIRE(f);
  return *f;
}

}  // namespace

TEST_CASE("match: --startup-timeout and --startup-banner-lines go to every player", "[match]") {
  auto parsed = parse({"--startup-timeout", "90.5", "--startup-banner-lines", "3"});
  REQUIRE(std::holds_alternative<MatchOptions>(parsed));
  const auto& o = std::get<MatchOptions>(parsed);
  CHECK(o.startup_timeout == std::optional<double>(90.5));
  CHECK(o.startup_banner_lines == 3);
  const std::string text = rm::cli::match_control_file(o, "/here");
  CHECK_THAT(text, Catch::Contains("  \"a\":\n    command: [\"a\"]\n    startup_banner_lines: 3\n"
                                   "    timeouts: {startup: 90.5}\n"));
  CHECK_THAT(text, Catch::Contains("  \"b\":\n    command: [\"b\"]\n    startup_banner_lines: 3\n"
                                   "    timeouts: {startup: 90.5}\n"));

  auto plain = parse({});
  const std::string without = rm::cli::match_control_file(std::get<MatchOptions>(plain), "/here");
  CHECK(without.find("startup") == std::string::npos);
}

TEST_CASE("match: bad start-up options are usage errors", "[match]") {
  CHECK_THAT(usage_error({"--startup-timeout", "0"}),
             Catch::Contains("--startup-timeout: must be a positive number of seconds, at most "
                             "1e9 (got '0')"));
  CHECK_THAT(usage_error({"--startup-timeout", "2e9"}), Catch::Contains("--startup-timeout: "));
  CHECK_THAT(usage_error({"--startup-timeout", "soon"}), Catch::Contains("--startup-timeout: "));
  CHECK_THAT(usage_error({"--startup-banner-lines", "-1"}),
             Catch::Contains("--startup-banner-lines: must be a whole number from 0 to 10000 "
                             "(got '-1')"));
  CHECK_THAT(usage_error({"--startup-banner-lines", "10001"}),
             Catch::Contains("--startup-banner-lines: must be a whole number from 0 to 10000"));
}

TEST_CASE("match: engines with a startup banner play with --startup-banner-lines", "[match][e2e]") {
  rm::test::TempDir dir("rm-match-banner");
  const std::vector<std::string> engines{
      "-e",      kEngine + " --name first --banner 'GTP engine ready' --resign-after 2",
      "-e",      kEngine + " --name second --banner 'loading weights' --banner 'ready'",
      "--size",  "5",
      "--games", "2",
      "-q"};

  SECTION("without the option: refused, the error quoting the banner and naming the option") {
    auto args = engines;
    args.insert(args.end(), {"--dir", dir.file("refused")});
    auto f = run(dir, args, "refused");
    INFO(f.err);
    CHECK(f.exit_status != 0);
    CHECK_THAT(f.err, Catch::Contains("its first line is `"));
    CHECK_THAT(f.err, Catch::Contains("--startup-banner-lines"));
    std::error_code ec;
    CHECK_FALSE(std::filesystem::exists(dir.file("refused") + "/match.db", ec));
  }
  SECTION("with it: the games are played") {
    auto args = engines;
    args.insert(args.end(), {"--startup-banner-lines", "2", "--dir", dir.file("played")});
    auto f = run(dir, args, "played");
    INFO(f.err);
    CHECK(f.exit_status == 0);
    auto store = rm::store::Store::open_read_only(dir.file("played") + "/match.db");
    CHECK(store->game_count() == 2);
  }
}
