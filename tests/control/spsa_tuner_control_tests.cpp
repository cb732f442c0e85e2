// Loading spsa_tuner control files: ranges with a start and an Elo each, the budget, the
// precision, the two modes, and every error with its file:line:column and setting.
#include <catch2/catch.hpp>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::load_control_file;
using rm::comp::SpsaMode;
using rm::comp::SpsaTunerSettings;
using rm::control::testing::TempDir;

namespace {

// Line numbers matter: errors are checked with their positions.
std::string spsa_control(const std::string& replace_from = "", const std::string& replace_to = "") {
  std::string text =
      "competition_type: spsa_tuner\n"                                        // 1
      "players:\n"                                                            // 2
      "  opp: {command: [ringbot]}\n"                                         // 3
      "board_size: 9\n"                                                       // 4
      "komi: 7.5\n"                                                           // 5
      "number_of_games: 1000\n"                                               // 6
      "precision: 2\n"                                                        // 7
      "confidence: 0.9\n"                                                     // 8
      "seed: 3\n"                                                             // 9
      "parameters:\n"                                                         // 10
      "  - code: pl\n"                                                        // 11
      "    lower: 50\n"                                                       // 12
      "    upper: 5000\n"                                                     // 13
      "    scale: LOG\n"                                                      // 14
      "    integer: true\n"                                                   // 15
      "    start: 500\n"                                                      // 16
      "    elo: 10\n"                                                         // 17
      "  - code: c\n"                                                         // 18
      "    lower: 0.1\n"                                                      // 19
      "    upper: 2.0\n"                                                      // 20
      "    elo: 5\n"                                                          // 21
      "candidate:\n"                                                          // 22
      "  command: [ringbot, --playouts, \"{pl}\", --uct_c, \"{c:%.3f}\"]\n";  // 23
  if (!replace_from.empty()) {
    auto pos = text.find(replace_from);
    if (pos == std::string::npos)
      throw std::logic_error("no '" + replace_from + "' in the test file");
    text.replace(pos, replace_from.size(), replace_to);
  }
  return text;
}

std::string error_of(const TempDir& dir, const std::string& text) {
  return rm::control::testing::load_error(dir, "spsa.yaml", text);
}

}  // namespace

TEST_CASE("spsa_tuner: a control file loads with every setting", "[spsa_tuner]") {
  TempDir dir;
  const ControlFile c = load_control_file(dir.write("spsa.yaml", spsa_control()));
  REQUIRE(c.competition_type == "spsa_tuner");
  const auto& s = c.settings<SpsaTunerSettings>();
  CHECK(s.number_of_games == 1000);
  CHECK(s.mode == SpsaMode::HeadToHead);
  CHECK(s.opponent.empty());
  CHECK(s.precision == 2.0);
  CHECK(s.confidence == 0.9);
  CHECK(s.seed == 3u);
  REQUIRE(s.parameters.size() == 2);
  CHECK(s.parameters[0].log_scale);
  CHECK(s.parameters[0].integer);
  CHECK(s.parameters[0].start == Approx(0.0).margin(1e-12));  // 500 is the LOG middle
  CHECK(s.parameters[0].elo == 10.0);
  CHECK(s.parameters[1].start == 0.0);  // no start: the middle of the range
  CHECK(s.parameters[1].elo == 5.0);
  CHECK(c.tuner() != nullptr);
}

TEST_CASE("spsa_tuner: against an opponent", "[spsa_tuner]") {
  TempDir dir;
  const ControlFile c = load_control_file(dir.write(
      "spsa.yaml", spsa_control("seed: 3\n", "seed: 3\nmode: against_opponent\nopponent: opp\n")));
  const auto& s = c.settings<SpsaTunerSettings>();
  CHECK(s.mode == SpsaMode::AgainstOpponent);
  CHECK(s.opponent == "opp");
  CHECK(s.candidate_colour == CandidateColour::Random);
}

TEST_CASE("spsa_tuner: control file errors name file:line:column and the setting", "[spsa_tuner]") {
  TempDir dir;
  struct Case {
    std::string from, to, message;
  };
  const std::vector<Case> cases{
      {"number_of_games: 1000", "number_of_games: 1001",
       "spsa.yaml:6:18: number_of_games: must be even (every pair is two games; got 1001)"},
      {"number_of_games: 1000", "number_of_games: 0",
       "spsa.yaml:6:18: number_of_games: must be an even number of games from 2 (got 0)"},
      {"number_of_games: 1000\n", "", "spsa.yaml:1:1: number_of_games: not specified"},
      {"precision: 2", "precision: 0",
       "spsa.yaml:7:12: precision: must be more than 0 and at most 1000 (Elo) (got 0.0)"},
      {"precision: 2", "precision: 1e-20",
       "spsa.yaml:7:12: precision: SPSA design: the precision is too fine: the design would need "
       "9.38e+24 games (at most 1e12)"},
      {"confidence: 0.9", "confidence: 1",
       "spsa.yaml:8:13: confidence: must be from 0.5 to 0.999 (got 1.0)"},
      {"    elo: 10\n", "    elo: -1\n",
       "spsa.yaml:17:10: parameters[0].elo: must be more than 0 and at most 1000 (the Elo lost "
       "half a range from the optimum) (got -1.0)"},
      {"    elo: 5\n", "", "spsa.yaml:18:5: parameters[1].elo: not specified"},
      {"    start: 500\n", "    start: 6000\n",
       "spsa.yaml:16:12: parameters[0].start: must be within the range, 50.0 to 5000.0 (got "
       "6000.0)"},
      {"    upper: 5000\n", "    upper: 40\n",
       "spsa.yaml:13:12: parameters[0].upper: must be greater than lower (50.0)"},
      {"    lower: 50\n    upper: 5000\n", "    lower: 1\n    upper: 1.0000000000000002\n",
       "spsa.yaml:13:12: parameters[0].upper: the range from 1.0 to 1.0000000000000002 is too "
       "narrow to "
       "tune: upper - lower must be at least 1e-9 of the bounds' size and at least 1e-200"},
      {"    elo: 5\n", "    elo: 5\n    split: 4\n",
       "spsa.yaml:22:5: parameters[1]: unknown setting 'split'"},
      {"seed: 3\n", "seed: 3\nopponent: opp\n",
       "spsa.yaml:10:11: opponent: is a setting of mode: against_opponent (head to head the "
       "candidates play each other)"},
      {"seed: 3\n", "seed: 3\nmode: against_opponent\n", "spsa.yaml:1:1: opponent: not specified"},
      {"seed: 3\n", "seed: 3\nmode: sideways\n",
       "spsa.yaml:10:7: mode: unknown value 'sideways' (one of: head_to_head, against_opponent)"},
  };
  for (const auto& c : cases) {
    INFO(c.to);
    CHECK(error_of(dir, spsa_control(c.from, c.to)) == c.message);
  }
}

TEST_CASE(
    "spsa_tuner: a startup word that renders with a space is refused at load with its position",
    "[spsa_tuner]") {
  TempDir dir;
  // {c:%10.3f} pads with spaces: once refused only when the first candidate was rendered.
  CHECK(
      error_of(dir, spsa_control("candidate:\n",
                                 "candidate:\n  startup_gtp_commands: [\"set_c {c:%10.3f}\"]\n")) ==
      "spsa.yaml:23:26: candidate.startup_gtp_commands[0]: the word '{c:%10.3f}' renders as "
      "'     0.100', which is not a GTP word (no spaces or control characters: drop the padding "
      "from its format)");
  CHECK_NOTHROW(rm::comp::load_control_file(dir.write(
      "ok.yaml",
      spsa_control("candidate:\n", "candidate:\n  startup_gtp_commands: [\"set_c {c:%.3f}\"]\n"))));
}

TEST_CASE("spsa_tuner: 64 parameters load, 65 are refused", "[spsa_tuner]") {
  TempDir dir;
  const auto control = [](int n) {
    std::string text =
        "competition_type: spsa_tuner\nplayers: {x: {command: [e]}}\nboard_size: 9\nkomi: 7.5\n"
        "number_of_games: 100\nprecision: 2\nparameters:\n";
    std::string command = "  command: [ringbot";
    for (int k = 0; k < n; ++k) {
      text += "  - {code: x" + std::to_string(k) + ", lower: 0, upper: 1, elo: 2}\n";
      command += ", \"{x" + std::to_string(k) + "}\"";
    }
    return text + "candidate:\n" + command + "]\n";
  };
  const ControlFile c = load_control_file(dir.write("spsa.yaml", control(64)));
  CHECK(c.settings<SpsaTunerSettings>().parameters.size() == 64);
  CHECK(error_of(dir, control(65)) == "spsa.yaml:8:3: parameters: at most 64 parameters (got 65)");
}

TEST_CASE("spsa_tuner: head to head needs no players, the other types still do", "[spsa_tuner]") {
  TempDir dir;
  const std::string without = spsa_control("players:\n  opp: {command: [ringbot]}\n", "");
  const auto c = load_control_file(dir.write("spsa.yaml", without));
  CHECK(c.players.empty());
  CHECK(c.settings<SpsaTunerSettings>().mode == SpsaMode::HeadToHead);
  // An empty players mapping is no player either.
  CHECK(load_control_file(
            dir.write("spsa.yaml", spsa_control("  opp: {command: [ringbot]}\n", "  {}\n")))
            .players.empty());
  // Against an opponent, the opponent must be one of them.
  CHECK_THAT(error_of(dir, without + "mode: against_opponent\nopponent: opp\n"),
             Catch::Contains("opponent: unknown player opp"));
  // A playoff without players is refused as before.
  CHECK_THAT(error_of(dir, "competition_type: playoff\nboard_size: 9\nkomi: 7.5\nmatchups: []\n"),
             Catch::Contains("players"));
}

TEST_CASE("spsa_tuner: head to head takes validation (rounds against the start)", "[spsa_tuner]") {
  TempDir dir;
  const auto c = load_control_file(dir.write(
      "spsa.yaml", spsa_control("seed: 3\n", "seed: 3\nvalidation: {every: 200, games: 20}\n")));
  const auto& s = c.settings<SpsaTunerSettings>();
  CHECK(s.mode == SpsaMode::HeadToHead);
  CHECK(s.validation.every == 200);
  CHECK(s.validation.games == 20);
  // Its errors keep their place and setting.
  CHECK(error_of(dir, spsa_control("seed: 3\n", "seed: 3\nvalidation: {every: 200}\n")) ==
        "spsa.yaml:10:13: validation: every needs games (the games of each validation round)");
}
