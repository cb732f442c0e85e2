// Every shipped example (control_examples/*.yaml) runs a few real games (ringbot; GNU Go
// and Pachi when installed, otherwise ringbot stands in for them), then its HTML report is
// loaded in headless Chromium: the page must load without errors and every plot must be in
// the DOM, and it is rendered to a PNG. Chromium is required: without it these tests fail.
// RM_SCREENSHOT_DIR=<dir>: keep each example's PNG there (docs/images/ comes from this).
#include <sys/stat.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <set>

#include "tests/report/browser/chromium.hpp"

namespace fs = std::filesystem;
using rm::test::slurp;

namespace {

const std::string kExamples = std::string(RM_SOURCE_DIR) + "/control_examples";
const std::string kRingmaster = std::string(RM_BIN_DIR) + "/ringmaster";
const std::string kGnuGo = "/usr/games/gnugo";
// model_tuner_pachi.yaml runs Pachi built from source in ~/pachi (Ringmaster expands the ~).
const std::string kPachi = "~/pachi/pachi";

// The examples this file checks; the last test case makes sure none is missed.
const std::vector<std::string> kCovered{"allplayall_ringbot",
                                        "ce_tuner_ringbot",
                                        "confirm_tuned_ringbot",
                                        "demo_ringbot",
                                        "games_gnugo",
                                        "games_ringbot",
                                        "gauntlet_gnugo",
                                        "gauntlet_ringbot",
                                        "gnugo_monte_carlo",
                                        "gnugo_patterns",
                                        "mc_tuner_slurm",
                                        "model_tuner_gnugo",
                                        "model_tuner_pachi",
                                        "model_tuner_ringbot",
                                        "playoff_ringbot",
                                        "playoff_slurm",
                                        "playoff_workers",
                                        "reuse_network_engine",
                                        "reuse_ringbot",
                                        "ringbot_two_params",
                                        "ringbot_validated",
                                        "spsa_tuner_gnugo_patterns",
                                        "spsa_tuner_opponent_ringbot",
                                        "spsa_tuner_ringbot",
                                        "spsa_tuner_ringbot_ten"};

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1))
    ++n;
  return n;
}

// The plots the report must have, from what the JSON report says the competition holds.
std::set<std::string> expected_plots(const nlohmann::json& report) {
  std::set<std::string> plots{"cpu-per-game"};
  const std::string type = report.value("competition_type", std::string());
  auto parameters = [&]() -> std::size_t {
    for (const auto& c : report.value("candidates", nlohmann::json::array()))
      return c.value("engine_values", nlohmann::json::array()).size();
    return report.value("distribution", nlohmann::json::array()).size();
  };
  if (type == "mc_tuner") {
    plots.insert({"winrate-vs-parameter", "games-per-candidate", "best-over-time"});
    if (parameters() >= 2) plots.insert("winrate-heatmap");
    for (const auto& c : report.value("candidates", nlohmann::json::array()))
      if (c.value("depth", 1) > 1 && c.value("games", 0) > 0) plots.insert("tree-level");
  } else if (type == "ce_tuner") {
    plots.insert({"distribution-per-generation", "winrate-per-generation"});
    if (parameters() >= 2) plots.insert("optimum-region");
  } else if (type == "model_tuner") {
    plots.insert({"samples-over-time", "winrate-over-time"});
  } else if (type == "spsa_tuner") {
    plots.insert("trajectory");
  } else {
    plots.insert({"elo-per-matchup", "crosstable"});
    for (const auto& m : report.value("matchups", nlohmann::json::array())) {
      if (m.value("sprt", nlohmann::json()).is_object()) plots.insert("sprt-llr");
      // Elo over time needs a finite Elo: a matchup where one player won every game gets a
      // note instead of the plot.
      const auto wdl = m.value("wdl", nlohmann::json::object());
      const int wins = wdl.value("wins", 0), losses = wdl.value("losses", 0),
                draws = wdl.value("draws", 0);
      if (draws > 0 || (wins > 0 && losses > 0)) plots.insert("elo-over-time");
    }
  }
  return plots;
}

// A copy of the examples directory (templates beside the control files come along) with the
// example's GNU Go replaced by a ringbot stand-in when GNU Go is not installed, and its Pachi
// when there is no ~/pachi/pachi.
std::string prepare_example(const rm::test::TempDir& dir, const std::string& name) {
  for (const auto& entry : fs::directory_iterator(kExamples))
    fs::copy(entry.path(), dir.file(entry.path().filename().string()), fs::copy_options::recursive);
  std::string yaml = slurp(dir.file(name + ".yaml"));
  // GNU Go named by PATH: Debian installs it in /usr/games, which root's PATH lacks.
  yaml = std::regex_replace(yaml, std::regex("command: \"gnugo "), "command: \"" + kGnuGo + " ");
  // A ringbot that ignores the engine's arguments.
  auto stand_in = [&](const std::string& file) {
    std::string shim = dir.write(
        file, "#!/bin/sh\nexec '" + std::string(RM_BIN_DIR) + "/ringbot' --playouts 30 --seed 1\n");
    ::chmod(shim.c_str(), 0755);
    return shim;
  };
  if (!fs::exists(kGnuGo) && yaml.find(kGnuGo) != std::string::npos)
    yaml = std::regex_replace(yaml, std::regex(kGnuGo), stand_in("gnugo-stand-in"));
  const char* home = std::getenv("HOME");
  const bool have_pachi = home != nullptr && fs::exists(std::string(home) + "/pachi/pachi");
  if (!have_pachi && yaml.find(kPachi) != std::string::npos)
    yaml = std::regex_replace(yaml, std::regex(kPachi), stand_in("pachi-stand-in"));
  // Small boards keep the games short; nothing in the report depends on the size (but the
  // openings are 9x9 records).
  if (yaml.find("openings:") == std::string::npos)
    yaml = std::regex_replace(yaml, std::regex("board_size: 9"), "board_size: 7");
  dir.write(name + ".yaml", yaml);
  return dir.file(name + ".yaml");
}

// `games`: how many to play; `extra`: more arguments for `run` (the Slurm examples run on
// local threads here: tests/slurm runs them on a cluster, and the report is the same).
void check_example(const std::string& name, int games = 40,
                   const std::vector<std::string>& extra = {}) {
  REQUIRE(fs::exists(rm::test::kChromium));  // a missing browser fails the test
  rm::test::TempDir dir("rm-browser-" + name);
  const std::string control = prepare_example(dir, name);
  const std::string tag = name + "-" + std::to_string(std::random_device{}());
  {
    std::vector<std::string> argv{kRingmaster, control, "run", "-q", "-g", std::to_string(games)};
    argv.insert(argv.end(), extra.begin(), extra.end());
    if (std::find(extra.begin(), extra.end(), "--executor") == extra.end())
      argv.insert(argv.end(), {"-j", "2"});
    rm::test::ChildProcess run(argv, dir.file("run"), tag);
    auto finished = run.wait(std::chrono::seconds(240));
    REQUIRE(finished);
    INFO(finished->err);
    REQUIRE(finished->exit_status == 0);
  }
  CHECK(rm::test::tagged_processes_after(tag, std::chrono::seconds(10)).empty());
  const std::string html_file = dir.file(name + ".report.html");
  REQUIRE(fs::exists(html_file));  // written by the run, beside the text report
  rm::test::ChildProcess json_run({kRingmaster, control, "report", "--json"}, dir.file("json"),
                                  tag);
  auto json_finished = json_run.wait(std::chrono::seconds(60));
  REQUIRE(json_finished);
  REQUIRE(json_finished->exit_status == 0);
  const auto report = nlohmann::json::parse(json_finished->out);
  REQUIRE(report.value("games_played", 0) > 0);
  const std::string html = slurp(html_file);

  const auto dom = rm::test::run_chromium(html_file, {"--dump-dom"}, dir.path(), tag);
  INFO(dom.finished.err.substr(0, 4000));
  CHECK_FALSE(dom.timed_out);
  CHECK(dom.finished.exit_status == 0);
  CHECK(dom.left_behind.empty());
  CHECK(rm::test::page_errors(dom.finished.err).empty());
  CHECK(dom.finished.out.find("</main>") != std::string::npos);
  // Every plot in the file reached the DOM, and the ones this competition must have are there.
  CHECK(count(dom.finished.out, "<svg ") == count(html, "<svg "));
  for (const auto& plot : expected_plots(report)) {
    INFO("plot " << plot);
    CHECK(dom.finished.out.find(" " + plot + "\"") != std::string::npos);
  }

  const std::string png = dir.file(name + ".png");
  const auto shot = rm::test::run_chromium(
      html_file, {"--screenshot=" + png, "--window-size=1280,1500", "--hide-scrollbars"},
      dir.path(), tag);
  CHECK(shot.finished.exit_status == 0);
  CHECK(shot.left_behind.empty());
  REQUIRE(fs::exists(png));
  CHECK(slurp(png).substr(0, 8) == "\x89PNG\r\n\x1a\n");
  CHECK(fs::file_size(png) > 20000);  // a rendered page, not a blank one
  if (const char* keep = std::getenv("RM_SCREENSHOT_DIR"))
    fs::copy_file(png, std::string(keep) + "/" + name + ".png",
                  fs::copy_options::overwrite_existing);
}

}  // namespace

TEST_CASE("browser: allplayall_ringbot", "[browser]") {
  check_example("allplayall_ringbot");
}
TEST_CASE("browser: ce_tuner_ringbot", "[browser]") {
  check_example("ce_tuner_ringbot");
}
TEST_CASE("browser: confirm_tuned_ringbot", "[browser]") {
  check_example("confirm_tuned_ringbot");
}
TEST_CASE("browser: demo_ringbot", "[browser]") {
  check_example("demo_ringbot");
}
TEST_CASE("browser: gnugo_monte_carlo", "[browser]") {
  check_example("gnugo_monte_carlo");
}
TEST_CASE("browser: gnugo_patterns", "[browser]") {
  check_example("gnugo_patterns");
}
TEST_CASE("browser: model_tuner_gnugo", "[browser]") {
  check_example("model_tuner_gnugo");
}
TEST_CASE("browser: model_tuner_pachi", "[browser]") {
  check_example("model_tuner_pachi");  // with Pachi built: about 2 min (4 s of CPU a game)
}
TEST_CASE("browser: model_tuner_ringbot", "[browser]") {
  check_example("model_tuner_ringbot");
}
TEST_CASE("browser: playoff_ringbot", "[browser]") {
  check_example("playoff_ringbot");
}
TEST_CASE("browser: ringbot_two_params", "[browser]") {
  check_example("ringbot_two_params");
}
TEST_CASE("browser: ringbot_validated", "[browser]") {
  check_example("ringbot_validated");
}

TEST_CASE("browser: games_gnugo", "[browser]") {
  check_example("games_gnugo", 4);  // GNU Go at 5 s a move: a few games only
}
TEST_CASE("browser: games_ringbot", "[browser]") {
  check_example("games_ringbot", 8);
}
TEST_CASE("browser: gauntlet_gnugo", "[browser]") {
  check_example("gauntlet_gnugo", 12);
}
TEST_CASE("browser: gauntlet_ringbot", "[browser]") {
  check_example("gauntlet_ringbot");
}
TEST_CASE("browser: reuse_ringbot", "[browser]") {
  check_example("reuse_ringbot");
}
TEST_CASE("browser: reuse_network_engine", "[browser]") {
  check_example("reuse_network_engine", 20);
}
TEST_CASE("browser: mc_tuner_slurm", "[browser]") {
  check_example("mc_tuner_slurm", 40, {"--executor", "local", "-j", "2"});
}
TEST_CASE("browser: playoff_slurm", "[browser]") {
  check_example("playoff_slurm", 20, {"--executor", "local", "-j", "2"});
}

TEST_CASE("browser: playoff_workers", "[browser]") {
  // Its own executor: two workers started through `env`.
  check_example("playoff_workers", 20, {"--executor", "workers"});
}

TEST_CASE("browser: spsa_tuner_ringbot", "[browser]") {
  check_example("spsa_tuner_ringbot", 20);
}
TEST_CASE("browser: spsa_tuner_ringbot_ten", "[browser]") {
  check_example("spsa_tuner_ringbot_ten", 20);
}
TEST_CASE("browser: spsa_tuner_opponent_ringbot", "[browser]") {
  check_example("spsa_tuner_opponent_ringbot", 20);
}
TEST_CASE("browser: spsa_tuner_gnugo_patterns", "[browser]") {
  check_example("spsa_tuner_gnugo_patterns", 10);
}

TEST_CASE("browser: every shipped example is checked", "[browser]") {
  std::set<std::string> shipped;
  for (const auto& entry : fs::directory_iterator(kExamples))
    if (entry.path().extension() == ".yaml") shipped.insert(entry.path().stem().string());
  CHECK(shipped == std::set<std::string>(kCovered.begin(), kCovered.end()));
}
