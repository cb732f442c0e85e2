// Loading model_tuner control files: ranges, scales, integer parameters, the candidate
// template, and every error with its file:line:column and setting.
#include <catch2/catch.hpp>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::load_control_file;
using rm::comp::ModelTunerSettings;
using rm::control::testing::TempDir;

namespace {

// Line numbers matter: errors are checked with their positions.
std::string model_control(const std::string& replace_from = "",
                          const std::string& replace_to = "") {
  std::string text =
      "competition_type: model_tuner\n"                                       // 1
      "players:\n"                                                            // 2
      "  opp: {command: [ringbot]}\n"                                         // 3
      "board_size: 9\n"                                                       // 4
      "komi: 7.5\n"                                                           // 5
      "number_of_games: 500\n"                                                // 6
      "candidate_colour: random\n"                                            // 7
      "opponent: opp\n"                                                       // 8
      "region_scale: 0.8\n"                                                   // 9
      "seed: 3\n"                                                             // 10
      "parameters:\n"                                                         // 11
      "  - code: pl\n"                                                        // 12
      "    lower: 50\n"                                                       // 13
      "    upper: 5000\n"                                                     // 14
      "    scale: LOG\n"                                                      // 15
      "    integer: true\n"                                                   // 16
      "  - code: c\n"                                                         // 17
      "    lower: 0.1\n"                                                      // 18
      "    upper: 2.0\n"                                                      // 19
      "    format: \"c=%.2f\"\n"                                              // 20
      "candidate:\n"                                                          // 21
      "  command: [ringbot, --playouts, \"{pl}\", --uct_c, \"{c:%.3f}\"]\n";  // 22
  if (!replace_from.empty()) {
    auto pos = text.find(replace_from);
    if (pos == std::string::npos)
      throw std::logic_error("no '" + replace_from + "' in the test file");
    text.replace(pos, replace_from.size(), replace_to);
  }
  return text;
}

std::string error_of(const TempDir& dir, const std::string& text) {
  return rm::control::testing::load_error(dir, "model.yaml", text);
}

}  // namespace

TEST_CASE("model_tuner: a control file loads with every setting", "[model_tuner]") {
  TempDir dir;
  const ControlFile c = load_control_file(dir.write("model.yaml", model_control()));
  REQUIRE(c.competition_type == "model_tuner");
  const auto& s = c.settings<ModelTunerSettings>();
  CHECK(s.number_of_games == 500);
  CHECK(s.candidate_colour == CandidateColour::Random);
  CHECK(s.region_scale == 0.8);
  CHECK(s.seed == 3u);
  REQUIRE(s.parameters.size() == 2);
  CHECK(s.parameters[0].log_scale);
  CHECK(s.parameters[0].integer);
  CHECK(s.parameters[0].engine.scale->at(0.0) == rm::scales::Value(50LL));
  CHECK(s.parameters[0].engine.scale->at(1.0) == rm::scales::Value(5000LL));
  CHECK(s.parameters[0].engine.scale->at(0.5) == rm::scales::Value(500LL));
  CHECK_FALSE(s.parameters[1].log_scale);
  CHECK(std::get<double>(s.parameters[1].engine.scale->at(0.5)) == Approx(1.05));
  CHECK(s.parameters[1].engine.format == "c=%.2f");
  const auto spec =
      s.candidate.render_spec({rm::scales::Value(300LL), rm::scales::Value(0.5)}, "#1", "");
  CHECK(spec.engine.process.argv ==
        std::vector<std::string>{"ringbot", "--playouts", "300", "--uct_c", "0.500"});
}

TEST_CASE("model_tuner: cell_share is read", "[model_tuner]") {
  TempDir dir;
  const ControlFile c = load_control_file(
      dir.write("model.yaml", model_control("region_scale: 0.8\n", "cell_share: 0.35\n")));
  CHECK(c.settings<ModelTunerSettings>().cell_share == 0.35);
}

TEST_CASE("model_tuner: a start on one parameter starts the others at the middle",
          "[model_tuner]") {
  TempDir dir;
  // pl is LOG over 50..5000: 500 is its normalised 0 (the middle in the logarithm).
  const ControlFile c = load_control_file(dir.write(
      "model.yaml",
      model_control("    format: \"c=%.2f\"\n", "    format: \"c=%.2f\"\n    start: 1.525\n")));
  const auto& s = c.settings<ModelTunerSettings>();
  REQUIRE(s.start.size() == 2);
  CHECK(s.start[0] == 0.0);
  CHECK(s.start[1] == Approx(0.5));  // 1.525 is three quarters of 0.1..2.0
  CHECK(s.spread == 0.25);
  const ControlFile d = load_control_file(
      dir.write("spread.yaml", model_control("region_scale: 0.8\n", "spread: 0.1\n")));
  CHECK(d.settings<ModelTunerSettings>().start == std::vector<double>{0.0, 0.0});
  CHECK(d.settings<ModelTunerSettings>().spread == 0.1);
}

TEST_CASE("model_tuner: defaults", "[model_tuner]") {
  TempDir dir;
  std::string text = model_control("region_scale: 0.8\nseed: 3\n", "");
  text = text.replace(text.find("number_of_games: 500\n"), 21, "");
  const ControlFile c = load_control_file(dir.write("model.yaml", text));
  const auto& s = c.settings<ModelTunerSettings>();
  CHECK_FALSE(s.number_of_games);
  CHECK(s.region_scale == 1.0);
  CHECK(s.cell_share == 0.2);
  CHECK(s.start.empty());  // no start: the whole ranges
  CHECK_FALSE(s.seed);
}

TEST_CASE("model_tuner: control file errors name file:line:column and the setting",
          "[model_tuner]") {
  TempDir dir;
  struct Case {
    std::string from, to, message;
  };
  const std::vector<Case> cases{
      {"    upper: 5000\n", "    upper: 40\n",
       "model.yaml:14:12: parameters[0].upper: must be greater than lower (50.0)"},
      {"    lower: 50\n    upper: 5000\n", "    lower: 1\n    upper: 1.0000000000000002\n",
       "model.yaml:14:12: parameters[0].upper: the range from 1.0 to 1.0000000000000002 is too "
       "narrow to "
       "tune: upper - lower must be at least 1e-9 of the bounds' size and at least 1e-200"},
      {"    lower: 50\n", "    lower: 0\n",
       "model.yaml:13:12: parameters[0].lower: must be positive for a LOG scale (got 0.0)"},
      {"    scale: LOG\n", "    scale: EXPLICIT\n",
       "model.yaml:15:12: parameters[0].scale: must be LINEAR or LOG (got 'EXPLICIT')"},
      {"    upper: 2.0\n", "    upper: 2.0\n    split: 4\n",
       "model.yaml:20:5: parameters[1]: unknown setting 'split'"},
      {"    lower: 0.1\n    upper: 2.0\n", "    lower: 0.1\n    upper: 2.0\n    integer: true\n",
       "model.yaml:19:12: parameters[1].upper: an integer parameter needs at least three whole "
       "numbers in its range"},
      // -1e308..1e308 once gave every candidate `inf`.
      {"    lower: 0.1\n    upper: 2.0\n", "    lower: -1e308\n    upper: 1e308\n",
       "model.yaml:19:12: parameters[1].upper: upper bound - lower bound is beyond a double "
       "(1e+308 - -1e+308)"},
      {"    lower: 0.1\n    upper: 2.0\n", "    lower: 1e-300\n    upper: 1e300\n    scale: LOG\n",
       "model.yaml:19:12: parameters[1].upper: upper bound / lower bound is beyond a double "
       "(1e+300 / 1e-300)"},
      {"    upper: 5000\n", "    upper: 1e19\n",
       "model.yaml:14:12: parameters[0].upper: the bounds of an integer scale must be within "
       "-9e18..9e18"},
      {"region_scale: 0.8", "region_scale: 20",
       "model.yaml:9:15: region_scale: must be between 0.05 and 10 (got 20.0)"},
      // Settings of the search before its rebuild are refused by name.
      {"region_scale: 0.8", "exploration: 0.2",
       "model.yaml:9:14: exploration: is no longer a setting: the search was rebuilt without it "
       "(delete the line; docs/model-tuner.md)"},
      {"region_scale: 0.8", "thompson_share: 0.3",
       "model.yaml:9:17: thompson_share: is no longer a setting: the search was rebuilt without "
       "it (delete the line; docs/model-tuner.md)"},
      {"region_scale: 0.8", "cell_share: 0.6",
       "model.yaml:9:13: cell_share: must be between 0 and 0.5 (got 0.6)"},
      {"    integer: true\n", "    integer: true\n    start: 6000\n",
       "model.yaml:17:12: parameters[0].start: must be within the range, 50.0 to 5000.0 (got "
       "6000.0)"},
      {"region_scale: 0.8", "spread: 2",
       "model.yaml:9:9: spread: must be between 0.05 and 1 (a fraction of each range; got 2.0)"},
      {"number_of_games: 500", "number_of_games: -5",
       "model.yaml:6:18: number_of_games: must be a non-negative integer (got -5)"},
      {"opponent: opp", "opponent: op",
       "model.yaml:8:11: opponent: unknown player op (did you mean 'opp'?)"},
      {"\"{c:%.3f}\"", "c",
       "model.yaml:17:5: parameters[1]: parameter 'c' is not used by the candidate template (put "
       "{c} in its command, startup_gtp_commands, environ or files)"},
  };
  for (const auto& c : cases) {
    INFO(c.from << " -> " << c.to);
    CHECK(error_of(dir, model_control(c.from, c.to)) == c.message);
  }
}

TEST_CASE("model_tuner: at most 8 parameters", "[model_tuner]") {
  TempDir dir;
  std::string extra;
  for (int i = 0; i < 7; ++i)
    extra += "  - {code: p" + std::to_string(i) + ", lower: 0, upper: 1}\n";
  const std::string message = error_of(dir, model_control("candidate:\n", extra + "candidate:\n"));
  CHECK(message == "model.yaml:12:3: parameters: at most 8 parameters (got 9)");
}
