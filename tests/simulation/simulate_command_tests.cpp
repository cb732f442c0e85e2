// `ringmaster FILE simulate`: the command around the runs (ringmaster/cli/cmd_simulate.cpp):
// its options, exit statuses, --json, and that nothing is written beside the control file.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ringmaster/cli/command_line.hpp"
#include "ringmaster/cli/commands.hpp"
#include "tests/simulation/own_control_files.hpp"
#include "tests/support/temp_dir.hpp"

namespace files = rm::simulation::test;

namespace {

std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    names.push_back(entry.path().filename().string());
  return names;
}

}  // namespace

TEST_CASE("simulate runs the spsa_tuner head to head and writes nothing beside its file",
          "[simulate-command]") {
  rm::test::TempDir dir, out;
  const std::string control = dir.write("tuning.yaml", files::spsa_tuner_file(true));
  const std::string json = out.file("runs.json");
  CHECK(rm::cli::ringmaster_main({control, "simulate", "--runs", "3", "--seed", "5", "-j", "2",
                                  "--truth", "c=1.0:30", "--json", json}) == 0);
  CHECK(names_in(dir.path()) == std::vector<std::string>{"tuning.yaml"});
  std::ifstream in(json);
  const auto report = nlohmann::json::parse(in);
  REQUIRE(report["runs"].size() == 3);
  CHECK(report["runs"][0]["optimum"]["c"] == 1.0);
  CHECK(report["runs"][0]["elo_at_half_range"]["c"] == 30.0);
  CHECK(report["runs"][0]["recommendation"].contains("et"));
  CHECK(report["runs"][0]["games"] == 400);
  CHECK(report["summary"]["threshold"] == 5.0);  // the file's precision
  CHECK(report["summary"]["runs"] == 3);
  CHECK(report["surface"] == "quadratic");
  CHECK(report["rotate"] == false);
}

TEST_CASE("simulate writes candidates' files to a scratch directory only", "[simulate-command]") {
  rm::test::TempDir dir;
  dir.write("p.in", "c {c}\n");
  std::string text = files::model_tuner_file();
  text.replace(text.find("candidate:\n"), std::string::npos,
               "candidate:\n  command: \"ringbot --conf {files_dir}/p.conf {et}\"\n"
               "  files:\n    p.conf: {template: p.in}\n");
  const std::string control = dir.write("tuning.yaml", text);
  CHECK(rm::cli::ringmaster_main({control, "simulate", "--runs", "2"}) == 0);
  auto names = names_in(dir.path());
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"p.in", "tuning.yaml"});
}

TEST_CASE("simulate parses its options", "[simulate-command]") {
  const auto parsed = rm::cli::parse_command_line(
      {"f.yaml", "simulate", "--runs", "7", "--seed", "9", "--truth", "c=1", "--json=x.json"});
  const auto& line = std::get<rm::cli::CommandLine>(parsed);
  CHECK(line.command == "simulate");
  CHECK(line.runs == 7);
  CHECK(line.seed == 9);
  CHECK(line.truth == "c=1");
  CHECK(line.json_file == "x.json");
  CHECK_FALSE(line.json);
  CHECK(line.surface.empty());
  CHECK_FALSE(line.rotate);
  const auto shaped = std::get<rm::cli::CommandLine>(
      rm::cli::parse_command_line({"f.yaml", "simulate", "--surface", "asymmetric", "--rotate"}));
  CHECK(shaped.surface == "asymmetric");
  CHECK(shaped.rotate);
  CHECK(line.in_flight == 1);
  CHECK(std::get<rm::cli::CommandLine>(
            rm::cli::parse_command_line({"f.yaml", "simulate", "--in-flight", "4"}))
            .in_flight == 4);
  CHECK(std::holds_alternative<rm::cli::ParseExit>(
      rm::cli::parse_command_line({"f.yaml", "simulate", "--in-flight", "0"})));
  CHECK(std::holds_alternative<rm::cli::ParseExit>(
      rm::cli::parse_command_line({"f.yaml", "run", "--in-flight", "2"})));
  // Options of simulate given to another command are usage errors.
  CHECK(std::holds_alternative<rm::cli::ParseExit>(
      rm::cli::parse_command_line({"f.yaml", "run", "--rotate"})));
  CHECK(std::holds_alternative<rm::cli::ParseExit>(
      rm::cli::parse_command_line({"f.yaml", "show", "--surface", "quartic"})));
  // Elsewhere --json is still the flag of show and report.
  CHECK(std::get<rm::cli::CommandLine>(rm::cli::parse_command_line({"--json", "f.yaml", "show"}))
            .json);
}

TEST_CASE("simulate refuses bad input with a usage error or exit 1", "[simulate-command]") {
  rm::test::TempDir dir;
  const std::string control = dir.write("tuning.yaml", files::model_tuner_file());
  CHECK(rm::cli::ringmaster_main({control, "simulate", "--runs", "0"}) == rm::cli::kExitUsage);
  CHECK(rm::cli::ringmaster_main({control, "simulate", "--seed", "x"}) == rm::cli::kExitUsage);
  CHECK(rm::cli::ringmaster_main({control, "simulate", "--json"}) == rm::cli::kExitUsage);
  CHECK(rm::cli::ringmaster_main({control, "simulate", "--truth", "zz=1"}) == rm::cli::kExitError);
  CHECK(rm::cli::ringmaster_main({control, "simulate", "--truth", "c=9"}) == rm::cli::kExitError);
  CHECK(rm::cli::ringmaster_main({control, "simulate", "--surface", "cubic"}) ==
        rm::cli::kExitError);
  const std::string playoff =
      dir.write("playoff.yaml",
                "competition_type: playoff\nplayers:\n  a: {command: a}\n  b: {command: b}\n"
                "board_size: 9\nkomi: 7.5\nmatchups:\n  - [a, b]\n");
  CHECK(rm::cli::ringmaster_main({playoff, "simulate"}) == rm::cli::kExitError);
  CHECK(names_in(dir.path()).size() == 2);
}
