#include "ringmaster/cli/command_line.hpp"

#include <catch2/catch.hpp>

using rm::cli::CommandLine;
using rm::cli::parse_command_line;
using rm::cli::ParseExit;

namespace {

CommandLine parsed(const std::vector<std::string>& args) {
  auto r = parse_command_line(args);
  if (auto* e = std::get_if<ParseExit>(&r)) FAIL("parse ended: " << e->err << e->out);
  return std::get<CommandLine>(r);
}

ParseExit ended(const std::vector<std::string>& args) {
  auto r = parse_command_line(args);
  REQUIRE(std::holds_alternative<ParseExit>(r));
  return std::get<ParseExit>(r);
}

}  // namespace

TEST_CASE("defaults run one worker no limit", "[cli]") {
  auto line = parsed({"tune.yaml"});
  CHECK(line.control_file == "tune.yaml");
  CHECK(line.command == "run");
  CHECK(line.parallel == 1);
  CHECK_FALSE(line.max_games.has_value());
  CHECK_FALSE(line.quiet);
  CHECK_FALSE(line.log_gtp);
  CHECK_FALSE(line.json);
}

TEST_CASE("options may appear anywhere in long and short forms", "[cli]") {
  auto line = parsed({"tune.yaml", "run", "-q", "-j", "4", "--max-games", "10", "--log-gtp"});
  CHECK(line.parallel == 4);
  CHECK(line.max_games == 10);
  CHECK(line.quiet);
  CHECK(line.log_gtp);
  auto other = parsed({"--parallel", "2", "-g", "0", "tune.yaml", "--quiet", "show", "--json"});
  CHECK(other.command == "show");
  CHECK(other.parallel == 2);
  CHECK(other.max_games == 0);
  CHECK(other.json);
  for (const auto& command : rm::cli::command_names())
    CHECK(parsed({"x.yaml", command}).command == command);
}

TEST_CASE("usage errors exit 2 with gomill's messages", "[cli]") {
  auto none = ended({});
  CHECK(none.status == 2);
  CHECK_THAT(none.err, Catch::EndsWith("ringmaster: error: no control file specified\n"));
  CHECK_THAT(ended({"a.yaml", "run", "extra"}).err,
             Catch::EndsWith("ringmaster: error: too many arguments\n"));
  auto frob = ended({"a.yaml", "frob"});
  CHECK(frob.status == 2);
  CHECK_THAT(frob.err, Catch::EndsWith("ringmaster: error: no such command: frob\n"));
  CHECK_THAT(ended({"a.yaml", "debugstatus"}).err,
             Catch::EndsWith("no such command: debugstatus (gomill's; use show --json)\n"));
  CHECK(parsed({"a.yaml", "--rating-interval", "20"}).rating_interval == 20);
  CHECK_THAT(ended({"a.yaml", "--rating-interval", "x"}).err,
             Catch::EndsWith("--rating-interval: must be a whole number \u2265 0 (got 'x')\n"));
  CHECK(ended({"a.yaml", "-j", "0"}).status == 2);
  CHECK(ended({"a.yaml", "-j", "1024"}).status == 2);
  CHECK(parsed({"a.yaml", "-j", "1023"}).parallel == 1023);
  CHECK(ended({"a.yaml", "-j", "two"}).status == 2);
  CHECK(ended({"a.yaml", "--max-games", "-1"}).status == 2);
  CHECK(ended({"a.yaml", "--frobnicate"}).status == 2);
}

TEST_CASE("help and version exit 0 on stdout", "[cli]") {
  auto version = ended({"--version"});
  CHECK(version.status == 0);
  CHECK(version.out == "ringmaster 0.1.0\n");
  auto help = ended({"--help"});
  CHECK(help.status == 0);
  CHECK_THAT(help.out, Catch::Contains("--parallel"));
  CHECK_THAT(help.out, Catch::Contains("--max-games"));
  CHECK_THAT(help.out, Catch::Contains("ringmaster match --engine CMD --engine CMD"));
  CHECK(help.err.empty());
}

TEST_CASE("playoff-file takes --baseline and -o/--output", "[cli][playoff-file]") {
  auto plain = parsed({"tune.yaml", "playoff-file"});
  CHECK(plain.command == "playoff-file");
  CHECK(plain.baseline.empty());
  CHECK(plain.output.empty());
  auto line = parsed({"tune.yaml", "playoff-file", "--baseline", "default", "-o", "confirm.yaml"});
  CHECK(line.baseline == "default");
  CHECK(line.output == "confirm.yaml");
  CHECK(parsed({"--output", "-", "tune.yaml", "playoff-file"}).output == "-");
  auto missing = ended({"tune.yaml", "playoff-file", "--baseline"});
  CHECK(missing.status == 2);
  auto help = ended({"--help"});
  CHECK_THAT(help.out, Catch::Contains("playoff-file"));
  CHECK_THAT(help.out, Catch::Contains("--baseline"));
}

TEST_CASE("an option of one command given to another is a usage error, not ignored", "[cli]") {
  CHECK(parsed({"t.yaml", "simulate", "--runs", "5", "--seed", "3", "--truth", "c=:0"}).runs == 5);
  CHECK(parsed({"t.yaml", "playoff-file", "-o", "x.yaml"}).output == "x.yaml");
  CHECK(parsed({"t.yaml", "candidates", "--values", "c=1"}).values == "c=1");
  CHECK(parsed({"t.yaml", "report", "--html", "--sgf-collection", "x.sgf"}).html);
  const std::pair<std::vector<std::string>, std::string> misplaced[] = {
      {{"t.yaml", "run", "--runs", "5"}, "--runs: only with simulate"},
      {{"t.yaml", "show", "--seed", "3"}, "--seed: only with simulate"},
      {{"t.yaml", "--truth", "c=:0"}, "--truth: only with simulate"},
      {{"t.yaml", "report", "--baseline", "b"}, "--baseline: only with playoff-file"},
      {{"t.yaml", "check", "-o", "x.yaml"}, "--output: only with playoff-file"},
      {{"t.yaml", "simulate", "--values", "c=1"}, "--values: only with candidates"},
      {{"t.yaml", "show", "--html"}, "--html: only with report"},
      {{"t.yaml", "run", "--csv"}, "--csv: only with report"},
      {{"t.yaml", "show", "--sgf-collection", "x.sgf"}, "--sgf-collection: only with report"}};
  for (const auto& [args, message] : misplaced) {
    INFO(args[1]);
    auto e = ended(args);
    CHECK(e.status == 2);
    CHECK_THAT(e.err, Catch::EndsWith(message + "\n"));
  }
}
