// Bad control files: every error names file:line:column, the setting, and what is wrong.
#include <catch2/catch.hpp>
#include <filesystem>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::load_control_file;
using rm::control::testing::TempDir;
using rm::control::testing::valid_control;

namespace {

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto pos = text.find(from);
  REQUIRE(pos != std::string::npos);
  return text.replace(pos, from.size(), to);
}

// The error message of loading `text` (written as bad.yaml); fails the test if it loads.
std::string error_of(const TempDir& dir, const std::string& text,
                     const std::string& name = "bad.yaml") {
  std::string path = dir.write(name, text);
  try {
    load_control_file(path);
  } catch (const ConfigError& e) {
    return e.what();
  }
  FAIL("loaded without error: " << text);
  return "";
}

}  // namespace

TEST_CASE("unknown keys suggest the nearest valid key", "[errors]") {
  TempDir dir;
  std::string msg =
      error_of(dir, replaced(valid_control(), "exploration_coefficient", "exploraton_coefficient"));
  CHECK(msg == dir.path() +
                   "/bad.yaml:9:1: unknown setting 'exploraton_coefficient' "
                   "(did you mean 'exploration_coefficient'?)");
  msg = error_of(dir, replaced(valid_control(), "    command: \"ringbot", "    comand: \"ringbot"));
  CHECK(msg ==
        dir.path() +
            "/bad.yaml:4:5: players.opp: unknown setting 'comand' (did you mean 'command'?)");
  msg = error_of(dir, valid_control("frobnicate: 1\n"));
  CHECK_THAT(msg, Catch::EndsWith("unknown setting 'frobnicate'"));
}

TEST_CASE("YAML syntax errors give the position", "[errors]") {
  TempDir dir;
  std::string msg = error_of(dir, "competition_type: mc_tuner\nplayers: [a, b\nkomi: 7.5\n");
  CHECK_THAT(msg, Catch::StartsWith(dir.path() + "/bad.yaml:"));
  CHECK_THAT(msg, Catch::Contains("YAML syntax error"));
}

TEST_CASE("type and range errors name the setting and position", "[errors]") {
  TempDir dir;
  const std::string base = valid_control();
  struct Case {
    std::string from, to, expected;
  };
  std::vector<Case> cases{
      {"board_size: 9", "board_size: 26",
       "bad.yaml:5:13: board_size: too large (board_size is 2..25)"},
      {"board_size: 9", "board_size: 1", "bad.yaml:5:13: board_size: too small"},
      {"board_size: 9", "board_size: nine",
       "bad.yaml:5:13: board_size: must be an integer (got 'nine')"},
      {"komi: 7.5", "komi: 7", "bad.yaml:6:7: komi: must be fractional to prevent jigos"},
      {"komi: 7.5", "komi: \"7.5\"", "bad.yaml:6:7: komi: must be a number"},
      {"initial_wins: 5", "initial_wins: 0",
       "bad.yaml:11:15: initial_wins: must be positive integer (got '0')"},
      {"initial_visits: 10", "initial_visits: -1", "initial_visits: must be positive integer"},
      {"opponent: opp", "opponent: op",
       "bad.yaml:7:11: opponent: unknown player op (did you mean 'opp'?)"},
      {"opponent: opp", "opponent: a/b", "opponent: contains forbidden character: /"},
      {"candidate_colour: w", "candidate_colour: green", "candidate_colour: unknown value 'green'"},
      {"candidate_colour: w\n", "", "bad.yaml:1:1: candidate_colour: not specified"},
      {"board_size: 9\n", "", "board_size: not specified"},
      {"    split: 6", "    split: 0",
       "bad.yaml:15:12: parameters[0].split: must be positive integer"},
      {"LOG(30, 3000, integer)", "LOG(0, 3000)",
       "bad.yaml:14:12: parameters[0].scale: invalid parameters for LOG: lower bound is zero"},
      {"LOG(30, 3000, integer)", "EXPLICIT([])",
       "parameters[0].scale: invalid parameters for EXPLICIT: empty value list"},
      {"LOG(30, 3000, integer)", "CUBIC(1, 2)", "parameters[0].scale: unknown scale type 'CUBIC'"},
      {"LOG(30, 3000, integer)", "LOG(1, 2, round)", "third argument must be 'integer'"},
      {"scale: \"LOG(30, 3000, integer)\"", "scale: {expression: \"sqrt(x-1)\"}",
       "parameters[0].scale: error from scale (applied to 0.0833333333333): expression 'sqrt(x-1)' "
       "gives nan"},
      {"scale: \"LOG(30, 3000, integer)\"", "scale: {expression: \"sqrt(y)\"}",
       "parameters[0].scale.expression: invalid expression"},
      {"scale: \"LOG(30, 3000, integer)\"", "scale: {type: LOG, lower: 1}",
       "parameters[0].scale.upper: not specified"},
      {"    split: 6", "    split: 6\n    format: \"pl %d %d\"",
       "bad.yaml:16:13: parameters[0].format: invalid format string (applied to 44): not enough "
       "arguments"},
      {"    split: 6",
       "    split: 6\n    format: \"pl: %d\"\n  - code: pl\n    scale: \"LINEAR(0, 1)\"\n    "
       "split: 2",
       "bad.yaml:17:11: parameters[1].code: duplicate parameter code: pl"},
      {"players:\n  opp:", "players:\n  op p/x:",
       "players.op p/x: player code 'op p/x': contains forbidden character:  "},
  };
  cases.push_back({"komi: 7.5", "komi: 7.5\nhandicap: 1", "handicap: handicap too small"});
  cases.push_back(
      {"komi: 7.5", "komi: 7.5\nhandicap: 5\nboard_size_x: 1", "unknown setting 'board_size_x'"});
  cases.push_back({"komi: 7.5", "komi: 7.5\nhandicap: 10",
                   "bad.yaml:7:11: handicap: fixed handicap out of range for board size 9"});
  cases.push_back(
      {"komi: 7.5", "komi: 7.5\nmove_limit: 0", "move_limit: must be positive integer"});
  cases.push_back({"komi: 7.5", "komi: 7.5\nrecord_games: yes",
                   "record_games: invalid True/False value 'yes'"});
  cases.push_back({"komi: 7.5", "komi: 7.5\nscorer: me",
                   "scorer: unknown value 'me' (one of: players, internal)"});
  cases.push_back(
      {"komi: 7.5", "komi: 7.5\nseed: -1", "seed: must be an integer 0..18446744073709551615"});
  cases.push_back({"komi: 7.5", "komi: 7.5\nkomi: 6.5", "bad.yaml:7:1: komi: set more than once"});
  cases.push_back({"\"ringbot --playouts 300\"", "\"ringbot 'unclosed\"",
                   "players.opp.command: unbalanced quotes"});
  cases.push_back({"\"ringbot --playouts 300\"", "[]", "players.opp.command: empty command"});
  cases.push_back({"\"ringbot --playouts 300\"", "x\n    timeouts: {genmove: -3}",
                   "bad.yaml:5:25: players.opp.timeouts.genmove: must be a positive number of "
                   "seconds, at most 1e9 (got -3)"});
  cases.push_back({"\"ringbot --playouts 300\"", "x\n    startup_banner_lines: -1",
                   "bad.yaml:5:27: players.opp.startup_banner_lines: must be a whole number of "
                   "lines from 0 to 10000"});
  cases.push_back({"\"ringbot --playouts 300\"", "x\n    startup_banner_lines: 10001",
                   "players.opp.startup_banner_lines: must be a whole number of lines from 0 to "
                   "10000"});
  cases.push_back({"\"ringbot --playouts 300\"", "x\n    startup_banner_lines: yes",
                   "players.opp.startup_banner_lines: "});
  cases.push_back({"\"ringbot --playouts 300\"", "x\n    gtp_pipelining: no",
                   "players.opp.gtp_pipelining: invalid True/False value 'no'"});
  cases.push_back({"\"ringbot --playouts 300\"", "x\n    timeouts: {genmov: 3}",
                   "players.opp.timeouts: unknown setting 'genmov' (did you mean 'genmove'?)"});
  cases.push_back({"\"ringbot --playouts 300\"", "x\n    startup_gtp_commands: [\"\"]",
                   "players.opp.startup_gtp_commands[0]: invalid command"});
  cases.push_back({"\"ringbot --playouts 300\"", "x\n    environ: {\"A=B\": 1}",
                   "players.opp.environ.A=B: invalid environment variable name 'A=B'"});
  cases.push_back({"    split: 6", "    splt: 6",
                   "bad.yaml:15:5: parameters[0]: unknown setting 'splt' (did you mean 'split'?)"});
  cases.push_back({"    split: 6", "    split: 1000001",
                   "bad.yaml:13:3: parameters: too many candidates per level"});
  cases.push_back({"competition_type: mc_tuner", "competition_type: playof",
                   "bad.yaml:1:19: competition_type: unknown competition type: playof (did you "
                   "mean 'playoff'?)"});
  cases.push_back({"competition_type: mc_tuner", "competition_type: nope",
                   "competition_type: unknown competition type: nope"});
  cases.push_back(
      {"competition_type: mc_tuner\n", "", "bad.yaml:1:1: competition_type: not specified"});
  for (const auto& c : cases) {
    INFO("replacing '" << c.from << "' with '" << c.to << "'");
    std::string msg = error_of(dir, replaced(base, c.from, c.to));
    CHECK_THAT(msg, Catch::Contains(c.expected));
    CHECK_THAT(msg, Catch::StartsWith(dir.path() + "/bad.yaml"));
  }
}

TEST_CASE("candidate template errors", "[errors]") {
  TempDir dir;
  const std::string base = valid_control();
  std::string msg = error_of(dir, replaced(base, "\"{pl}\"", "\"{pll}\""));
  CHECK(msg == dir.path() +
                   "/bad.yaml:17:38: candidate.command[2]: placeholder {pll} names no parameter "
                   "(parameters: pl; also {files_dir})");
  msg = error_of(dir, replaced(base, "\"{pl}\"", "\"{pl:%d %d}\""));
  CHECK_THAT(
      msg, Catch::Contains("candidate.command[2]: placeholder {pl:%d %d}: invalid format string"));
  msg = error_of(dir, replaced(base, "\"{pl}\"", "\"{pl\""));
  CHECK_THAT(msg, Catch::Contains("candidate.command[2]: unbalanced '{'"));
  msg = error_of(dir, replaced(base, "\"{pl}\"", "\"300\""));
  CHECK(msg == dir.path() +
                   "/bad.yaml:13:5: parameters[0]: parameter 'pl' is not used by the candidate "
                   "template (put {pl} in its command, startup_gtp_commands, environ or files)");
  msg = error_of(dir, base + "  files:\n    p.db: {template: missing.in}\n");
  CHECK_THAT(msg, Catch::Contains("candidate.files.p.db.template: cannot read template file " +
                                  dir.path() + "/missing.in"));
  dir.write("t.in", "value {nope}\n");
  msg = error_of(dir, base + "  files:\n    p.db: {template: t.in}\n");
  CHECK_THAT(msg, Catch::Contains("candidate.files.p.db.template: in " + dir.path() +
                                  "/t.in: placeholder {nope}"));
  msg = error_of(dir, base + "  files:\n    ../p.db: {template: t.in}\n");
  CHECK_THAT(msg, Catch::Contains("file name must be a plain name"));
  msg = error_of(
      dir, replaced(base, "candidate:\n  command: [\"ringbot\", \"--playouts\", \"{pl}\"]\n", ""));
  CHECK_THAT(msg, Catch::Contains("candidate: not specified"));
}

TEST_CASE("file-level errors: missing file, forbidden extension, not a mapping", "[errors]") {
  TempDir dir;
  std::string missing = dir.path() + "/none.yaml";
  CHECK_THROWS_WITH(load_control_file(missing),
                    missing + ": cannot read control file: No such file or directory");
  std::string log = dir.write("x.log", valid_control());
  CHECK_THROWS_WITH(load_control_file(log), log + ": forbidden control file extension: .log");
  CHECK_THROWS_WITH(load_control_file(dir.write("x.db", valid_control())),
                    Catch::Contains("forbidden control file extension: .db"));
  CHECK_THAT(error_of(dir, "- a\n- b\n"),
             Catch::Contains("bad.yaml:1:1: the control file must be a YAML mapping"));
}

TEST_CASE("a file that is not UTF-8 is refused with the position", "[errors]") {
  TempDir dir;
  std::string msg = error_of(dir, "competition_type: mc_tuner\ndescription: caf\xe9 au lait\n");
  CHECK(msg == dir.path() + "/bad.yaml:2:17: file is not encoded in UTF-8");
  // Valid multi-byte UTF-8 is fine (and kept).
  ControlFile c =
      load_control_file(dir.write("u.yaml", valid_control("description: caf\xc3\xa9\n")));
  CHECK(c.common.description == "caf\xc3\xa9");
}

TEST_CASE("a bad file writes nothing", "[errors]") {
  TempDir dir;
  error_of(dir, replaced(valid_control(), "komi: 7.5", "komi: 7"), "quiet.yaml");
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    names.push_back(entry.path().filename().string());
  CHECK(names == std::vector<std::string>{"quiet.yaml"});
}
