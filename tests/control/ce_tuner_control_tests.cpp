// Loading ce_tuner control files: settings, defaults, transforms, the candidate template, and
// every error with its file:line:column and setting.
#include <catch2/catch.hpp>

#include "ringmaster/competitions/ce_tuner/ce_tuner_settings.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::CeTunerSettings;
using rm::comp::load_control_file;
using rm::control::testing::TempDir;

namespace {

// Line numbers matter: errors are checked with their positions.
std::string ce_control(const std::string& replace_from = "", const std::string& replace_to = "") {
  std::string text =
      "competition_type: ce_tuner\n"                            // 1
      "players:\n"                                              // 2
      "  opp: {command: [ringbot]}\n"                           // 3
      "board_size: 9\n"                                         // 4
      "komi: 7\n"                                               // 5: need not be fractional
      "candidate_colour: random\n"                              // 6
      "opponent: opp\n"                                         // 7
      "batch_size: 4\n"                                         // 8
      "samples_per_generation: 10\n"                            // 9
      "number_of_generations: 3\n"                              // 10
      "elite_proportion: 0.2\n"                                 // 11
      "step_size: 0.5\n"                                        // 12
      "parameters:\n"                                           // 13
      "  - code: pl\n"                                          // 14
      "    initial_mean: 2.5\n"                                 // 15
      "    initial_variance: 0.25\n"                            // 16
      "    transform: {expression: \"10^x\", integer: true}\n"  // 17
      "    format: \"pl: %d\"\n"                                // 18
      "  - code: c\n"                                           // 19
      "    initial_mean: 0.7\n"                                 // 20
      "    initial_variance: 0.04\n"                            // 21
      "candidate:\n"                                            // 22
      "  command: [ringbot, --playouts, \"{pl}\", \"--uct-c={c:%.3f}\"]\n";  // 23
  if (!replace_from.empty()) {
    auto pos = text.find(replace_from);
    if (pos == std::string::npos)
      throw std::logic_error("no '" + replace_from + "' in the test file");
    text.replace(pos, replace_from.size(), replace_to);
  }
  return text;
}

std::string error_of(const TempDir& dir, const std::string& text) {
  return rm::control::testing::load_error(dir, "ce.yaml", text);
}

}  // namespace

TEST_CASE("ce_tuner: a control file loads with every setting", "[ce_tuner]") {
  TempDir dir;
  ControlFile cf = load_control_file(dir.write("ce.yaml", ce_control("", "") + "seed: 17\n"));
  CHECK(cf.competition_type == "ce_tuner");
  CHECK(cf.game.komi == 7.0);
  const auto& s = cf.settings<CeTunerSettings>();
  CHECK(s.candidate_colour == CandidateColour::Random);
  CHECK(s.opponent == "opp");
  CHECK(s.batch_size == 4);
  CHECK(s.samples_per_generation == 10);
  CHECK(s.number_of_generations == 3);
  CHECK(s.elite_proportion == 0.2);
  CHECK(s.step_size == 0.5);
  CHECK(s.seed == 17U);
  REQUIRE(s.parameters.size() == 2);
  CHECK(s.parameters[0].engine.code == "pl");
  CHECK(s.parameters[0].initial_mean == 2.5);
  CHECK(s.parameters[0].initial_variance == 0.25);
  CHECK(s.parameters[0].engine.format == "pl: %d");
  CHECK(std::get<long long>(s.parameters[0].engine.scale->at(2.0)) == 100);
  // Defaults: the identity transform (a float, as gomill's `float`) and "<code>: %s".
  CHECK(s.parameters[1].engine.format == "c: %s");
  CHECK(std::get<double>(s.parameters[1].engine.scale->at(0.25)) == 0.25);
  const auto values = std::vector<rm::scales::Value>{100LL, 0.6};
  const auto spec = s.candidate.render_spec(values, "g0#1", dir.path() + "/ce.candidates/g0#1");
  CHECK(spec.engine.process.argv ==
        std::vector<std::string>{"ringbot", "--playouts", "100", "--uct-c=0.600"});
  CHECK(spec.code == "g0#1");
}

TEST_CASE("ce_tuner: transform as a plain expression string", "[ce_tuner]") {
  TempDir dir;
  ControlFile cf = load_control_file(
      dir.write("ce.yaml", ce_control("    transform: {expression: \"10^x\", integer: true}\n",
                                      "    transform: \"max(10, 10^x)\"\n")));
  const auto& s = cf.settings<CeTunerSettings>();
  CHECK(std::get<double>(s.parameters[0].engine.scale->at(0.0)) == 10.0);
  CHECK(std::get<double>(s.parameters[0].engine.scale->at(2.0)) == 100.0);
}

TEST_CASE("ce_tuner: control file errors name file:line:column and the setting", "[ce_tuner]") {
  TempDir dir;
  struct Case {
    std::string from, to, message;
  };
  const std::vector<Case> cases{
      {"elite_proportion: 0.2", "elite_proportion: 1.0",
       "ce.yaml:11:19: elite_proportion: out of range (0.0 to 1.0): must be strictly between 0 and "
       "1 (got 1.0)"},
      {"elite_proportion: 0.2", "elite_proportion: 0",
       "ce.yaml:11:19: elite_proportion: out of range (0.0 to 1.0): must be strictly between 0 and "
       "1 (got 0.0)"},
      {"step_size: 0.5", "step_size: -0.5",
       "ce.yaml:12:12: step_size: out of range (0.0 to 1.0): must be strictly between 0 and 1 (got "
       "-0.5)"},
      {"step_size: 0.5", "step_size: \"0.5\"",
       "ce.yaml:12:12: step_size: must be a number (got '0.5')"},
      {"batch_size: 4", "batch_size: 0",
       "ce.yaml:8:13: batch_size: must be positive integer (got '0')"},
      {"samples_per_generation: 10", "samples_per_generation: 2.5",
       "ce.yaml:9:25: samples_per_generation: must be positive integer (got '2.5')"},
      {"samples_per_generation: 10", "samples_per_generation: 100001",
       "ce.yaml:9:25: samples_per_generation: must be at most 100000 (got 100001)"},
      {"number_of_generations: 3", "number_of_generations: -1",
       "ce.yaml:10:24: number_of_generations: must be positive integer (got '-1')"},
      {"number_of_generations: 3\n", "", "ce.yaml:1:1: number_of_generations: not specified"},
      {"candidate_colour: random", "candidate_colour: red",
       "ce.yaml:6:19: candidate_colour: unknown value 'red' (one of: b, black, w, white, r, "
       "random)"},
      {"opponent: opp", "opponent: op",
       "ce.yaml:7:11: opponent: unknown player op (did you mean 'opp'?)"},
      {"    initial_variance: 0.25", "    initial_variance: -1",
       "ce.yaml:16:23: parameters[0].initial_variance: must be nonnegative"},
      {"    initial_mean: 2.5\n", "", "ce.yaml:14:5: parameters[0].initial_mean: not specified"},
      {"  - code: c\n", "  - code: pl\n",
       "ce.yaml:19:11: parameters[1].code: duplicate parameter code: pl"},
      {"  - code: c\n", "  - code: \"c d\"\n",
       "ce.yaml:19:11: parameters[1].code: contains forbidden character:  "},
      {"    initial_variance: 0.04\n", "    initial_variance: 0.04\n    split: 3\n",
       "ce.yaml:22:5: parameters[1]: unknown setting 'split'"},
      {"{expression: \"10^x\", integer: true}", "\"10^^x\"",
       "ce.yaml:17:16: parameters[0].transform: invalid expression '10^^x'"},
      {"{expression: \"10^x\", integer: true}", "\"sqrt(x-3)\"",
       "ce.yaml:17:16: parameters[0].transform: error from transform (applied to initial_mean "
       "2.5): "
       "expression 'sqrt(x-3)' gives nan at x=2.5"},
      {"    format: \"pl: %d\"", "    format: \"pl: %d %d\"",
       "ce.yaml:18:13: parameters[0].format: invalid format string (applied to 316): not enough "
       "arguments"},
      {"\"--uct-c={c:%.3f}\"", "\"--uct-c=0.7\"",
       "ce.yaml:19:5: parameters[1]: parameter 'c' is not used by the candidate template"},
      {"\"{pl}\"", "\"{pk}\"",
       "ce.yaml:23:34: candidate.command[2]: placeholder {pk} names no parameter"},
      {"step_size: 0.5", "step_size: 0.5\nsplit: 3", "ce.yaml:13:1: unknown setting 'split'"},
      {"step_size: 0.5", "step_size: 0.5\nseed: -3",
       "ce.yaml:13:7: seed: must be an integer 0..18446744073709551615 (got '-3')"},
  };
  for (const auto& c : cases) {
    INFO(c.from << " -> " << c.to);
    const std::string message = error_of(dir, ce_control(c.from, c.to));
    CHECK_THAT(message, Catch::StartsWith(c.message));
  }
  std::string no_parameters = ce_control();
  no_parameters = no_parameters.substr(0, no_parameters.find("parameters:")) + "parameters: []\n";
  CHECK(error_of(dir, no_parameters) == "ce.yaml:13:13: parameters: empty list");
}

TEST_CASE("ce_tuner: candidate template files and startup commands", "[ce_tuner]") {
  TempDir dir;
  dir.write("params.in", "playouts {pl}\nuct_c {c}\n");
  ControlFile cf = load_control_file(dir.write(
      "ce.yaml", ce_control("  command: [ringbot, --playouts, \"{pl}\", \"--uct-c={c:%.3f}\"]\n",
                            "  command: \"ringbot --config {files_dir}/p.cfg\"\n"
                            "  startup_gtp_commands: [\"ringbot-set_param uct_c {c}\"]\n"
                            "  files:\n"
                            "    p.cfg: {template: params.in}\n")));
  const auto& s = cf.settings<CeTunerSettings>();
  const auto values = std::vector<rm::scales::Value>{200LL, 0.5};
  const auto files = s.candidate.files_to_write(values, "/tmp/fd");
  REQUIRE(files.size() == 1);
  CHECK(files[0].text == "playouts 200\nuct_c 0.5\n");
  const auto spec = s.candidate.render_spec(values, "g1#0", "/tmp/fd");
  CHECK(spec.engine.process.argv ==
        std::vector<std::string>{"ringbot", "--config", "/tmp/fd/p.cfg"});
  CHECK(spec.engine.startup_gtp_commands[0] ==
        std::vector<std::string>{"ringbot-set_param", "uct_c", "0.5"});
}
