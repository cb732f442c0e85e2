// Candidate templates: whole-argument substitution, formats, literal shell characters, files.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "scales/grid.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::load_control_file;
using rm::comp::McTunerSettings;
using rm::control::testing::TempDir;
using rm::scales::Value;

namespace {

std::vector<rm::scales::Parameter> two_params() {
  return {{"pl", std::shared_ptr<const rm::scales::Scale>(rm::scales::make_log(30, 3000, true)), 6,
           "pl: %d"},
          {"c", std::shared_ptr<const rm::scales::Scale>(rm::scales::make_linear(0, 1, false)), 4,
           "c: %s"}};
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("placeholders: plain, with a format, files_dir, escaped braces", "[template]") {
  auto params = two_params();
  std::vector<Value> values{Value(300LL), Value(0.125)};
  CHECK(substitute_placeholders("{pl}", params, values, "") == "300");
  CHECK(substitute_placeholders("--c={c}", params, values, "") == "--c=0.125");
  CHECK(substitute_placeholders("{c:%.2f}", params, values, "") == "0.12");
  CHECK(substitute_placeholders("{pl:%06d}", params, values, "") == "000300");
  CHECK(substitute_placeholders("{files_dir}/p.db", params, values, "/d/7") == "/d/7/p.db");
  CHECK(substitute_placeholders("{{pl}} }}", params, values, "") == "{pl} }");
  CHECK(placeholder_codes("{pl} {c:%.3f} {files_dir} {{x}}", params) ==
        std::vector<std::string>{"pl", "c"});
  CHECK_THROWS_AS(substitute_placeholders("{x}", params, values, ""), ConfigError);
  CHECK_THROWS_AS(substitute_placeholders("a}b", params, values, ""), ConfigError);
  CHECK_THROWS_WITH(substitute_placeholders("{c:%d %d}", params, values, ""),
                    Catch::Contains("not enough arguments"));
  CHECK_THROWS_AS(placeholder_codes("{files_dir:%d}", params), ConfigError);
}

TEST_CASE("values are whole arguments, shell metacharacters stay literal", "[template]") {
  TempDir dir;
  std::string text =
      "competition_type: mc_tuner\n"
      "players: {opp: {command: \"engine\"}}\n"
      "board_size: 9\nkomi: 7.5\nopponent: opp\ncandidate_colour: b\n"
      "exploration_coefficient: 0.45\ninitial_visits: 10\ninitial_wins: 5\n"
      "parameters:\n"
      "  - {code: s, scale: \"EXPLICIT(['a b; rm -rf /', '$(echo hi) `x` *', \\\"it's\\\"])\", "
      "split: 3}\n"
      "candidate:\n"
      "  command: \"engine --name {s} '--quoted={s}' > out.txt\"\n"
      "  environ: {VAL: \"{s}\"}\n";
  ControlFile c = load_control_file(dir.write("meta.yaml", text));
  const auto& s = c.settings<McTunerSettings>();
  auto spec = s.candidate.render_spec({Value(std::string("a b; rm -rf /"))}, "#0", "");
  CHECK(spec.engine.process.argv == std::vector<std::string>{"engine", "--name", "a b; rm -rf /",
                                                             "--quoted=a b; rm -rf /", ">",
                                                             "out.txt"});
  CHECK(spec.engine.process.environ.at("VAL") == "a b; rm -rf /");
  spec = s.candidate.render_spec({Value(std::string("$(echo hi) `x` *"))}, "#1", "");
  CHECK(spec.engine.process.argv[2] == "$(echo hi) `x` *");
  spec = s.candidate.render_spec({Value(std::string("x"))}, "#2", "");
  CHECK(spec.code == "#2");
  CHECK(spec.engine.name == "#2");
}

TEST_CASE("template files are rendered into the candidate's own directory", "[template]") {
  TempDir dir;
  dir.write("patterns.db.in", "oOo\nO*O\n---\n\n:{jump},near\n:{{literal}}\n");
  std::string text =
      "competition_type: mc_tuner\n"
      "players: {opp: {command: \"engine\"}}\n"
      "board_size: 9\nkomi: 7.5\nopponent: opp\ncandidate_colour: b\n"
      "exploration_coefficient: 0.45\ninitial_visits: 10\ninitial_wins: 5\n"
      "parameters:\n"
      "  - {code: jump, scale: \"EXPLICIT([1, 5, 20, 80])\", split: 4}\n"
      "candidate:\n"
      "  command: [\"engine\", \"--mc-load-patterns\", \"{files_dir}/patterns.db\"]\n"
      "  files:\n"
      "    patterns.db: {template: patterns.db.in}\n";
  ControlFile c = load_control_file(dir.write("pat.yaml", text));
  const auto& s = c.settings<McTunerSettings>();
  CHECK(s.candidate.needs_files_dir());
  std::string files_dir = candidate_files_dir(c.directory, c.code, "#17");
  CHECK(files_dir == dir.path() + "/pat.candidates/17");
  CHECK(candidate_files_dir(c.directory, c.code, {2}, s.splits()) ==
        dir.path() + "/pat.candidates/2");
  CHECK(candidate_files_dir(c.directory, c.code, {5, 1}, {3, 2}) ==
        dir.path() + "/pat.candidates/2_1_0_1");
  // Loading and render_spec write nothing.
  auto spec = s.candidate.render_spec({Value(20LL)}, "#17", files_dir);
  CHECK_FALSE(std::filesystem::exists(files_dir));
  CHECK(spec.engine.process.argv[2] == files_dir + "/patterns.db");
  spec = s.candidate.render({Value(20LL)}, "#17", files_dir);
  CHECK(read(files_dir + "/patterns.db") == "oOo\nO*O\n---\n\n:20,near\n:{literal}\n");
  // Rendering again overwrites with the new values.
  s.candidate.render({Value(5LL)}, "#17", files_dir);
  CHECK(read(files_dir + "/patterns.db") == "oOo\nO*O\n---\n\n:5,near\n:{literal}\n");
  // An unwritable directory is a ConfigError naming the path.
  dir.write("blocker", "x");
  CHECK_THROWS_WITH(
      s.candidate.render({Value(5LL)}, "#1", dir.path() + "/blocker/sub"),
      Catch::Contains("cannot create candidate directory " + dir.path() + "/blocker/sub"));
}

TEST_CASE("startup GTP command words are checked after substitution", "[template]") {
  CandidateTemplate t;
  t.command = {"engine"};
  t.parameters = {{"s",
                   std::shared_ptr<const rm::scales::Scale>(
                       rm::scales::make_explicit({Value(std::string("a"))})),
                   1, "%s"}};
  t.startup_gtp_commands = {{"set", "{s:%r}"}};
  auto spec = t.render_spec({Value(std::string("it's"))}, "#0", "");
  CHECK(spec.engine.startup_gtp_commands[0] == std::vector<std::string>{"set", "\"it's\""});
  // A GTP word cannot contain a space: such a value fails at render time, not silently.
  CHECK_THROWS_WITH(t.render_spec({Value(std::string("a b"))}, "#0", ""),
                    Catch::Contains("not a valid GTP word"));
}
