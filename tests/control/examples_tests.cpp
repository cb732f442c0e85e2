// Every file in control_examples/ loads without error, and their candidates are as documented.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "scales/grid.hpp"

using namespace rm::control;
using rm::comp::load_control_file;
using rm::comp::McTuner;
using rm::comp::McTunerSettings;
using rm::comp::SpsaTunerSettings;

namespace {
std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("every control example loads", "[examples]") {
  int loaded = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(RM_SOURCE_DIR) + "/control_examples")) {
    if (entry.path().extension() != ".yaml") continue;
    INFO(entry.path().string());
    ControlFile c = load_control_file(entry.path().string());
    if (c.competition_type == "mc_tuner") CHECK_FALSE(McTuner::describe_candidates(c).empty());
    ++loaded;
  }
  CHECK(loaded >= 4);
}

TEST_CASE("demo_ringbot samples", "[examples]") {
  ControlFile c =
      load_control_file(std::string(RM_SOURCE_DIR) + "/control_examples/demo_ringbot.yaml");
  std::string listing = McTuner::describe_candidates(c);
  CHECK_THAT(listing, Catch::Contains("(0,) pl: 40\n"));
  CHECK_THAT(listing, Catch::Contains("(5,) pl: 747\n"));
  CHECK(c.players.at("ringbot-100").engine.process.argv[0] == "ringbot");
}

TEST_CASE("gnugo_patterns renders a pattern file per candidate", "[examples]") {
  ControlFile c =
      load_control_file(std::string(RM_SOURCE_DIR) + "/control_examples/gnugo_patterns.yaml");
  const auto& s = c.settings<McTunerSettings>();
  auto values =
      rm::scales::engine_values({5}, s.parameters);  // (1,1): jump 5, cap1 int(100^0.375+0.5) = 6
  auto files = s.candidate.files_to_write(values, "/tmp/x");
  REQUIRE(files.size() == 1);
  CHECK(files[0].path == "/tmp/x/patterns.db");
  CHECK_THAT(files[0].text, Catch::Contains(":5,near,osafe,xsafe\n"));
  CHECK_THAT(files[0].text, Catch::Contains(":6,ocap1,osafe\n"));
  auto spec = s.candidate.render_spec(values, "#3", "/tmp/x");
  CHECK(spec.engine.process.argv.back() == "/tmp/x/patterns.db");
}

TEST_CASE("ringbot_two_params is a depth-2 tree of 20 candidates", "[examples]") {
  ControlFile c =
      load_control_file(std::string(RM_SOURCE_DIR) + "/control_examples/ringbot_two_params.yaml");
  const auto& s = c.settings<McTunerSettings>();
  CHECK(s.max_depth == 2);
  CHECK(rm::scales::branching_factor(s.splits()) == 20);
  auto spec = s.candidate.render_spec(rm::scales::engine_values({0}, s.parameters), "#0", "");
  CHECK(spec.engine.startup_gtp_commands[0] ==
        std::vector<std::string>{"ringbot-set_param", "uct_c", "0.2400"});
  CHECK(spec.engine.startup_gtp_commands[1] ==
        std::vector<std::string>{"ringbot-set_param", "expand_threshold", "1"});
}

TEST_CASE("spsa_tuner_gnugo_patterns plays validation rounds against the start, as documented",
          "[examples]") {
  ControlFile c = load_control_file(std::string(RM_SOURCE_DIR) +
                                    "/control_examples/spsa_tuner_gnugo_patterns.yaml");
  const auto& s = c.settings<SpsaTunerSettings>();
  CHECK(s.mode == rm::comp::SpsaMode::HeadToHead);  // so the rounds play the start
  CHECK(s.number_of_games == 20000);
  CHECK(s.validation.every == 2000);
  CHECK(s.validation.games == 100);
  CHECK(s.validation.at_end == 400);
  // docs/spsa-tuner.md: its baseline player is `uniform` (the rounds' `start` is rendered).
  CHECK(c.players.count("uniform") == 1);
  CHECK(c.players.count("start") == 0);
  CHECK_THAT(read_text(std::string(RM_SOURCE_DIR) + "/docs/spsa-tuner.md"),
             Catch::Contains("validation: {every: 2000, games: 100, at_end: 400}"));
}

TEST_CASE("reuse_network_engine is the slow engine with a banner that the doc shows",
          "[examples]") {
  const std::string file =
      std::string(RM_SOURCE_DIR) + "/control_examples/reuse_network_engine.yaml";
  ControlFile c = load_control_file(file);
  const auto& network = c.players.at("network");
  CHECK(network.reuse);
  CHECK(network.engine.startup_banner_lines == 2);
  CHECK(network.engine.timeouts.startup_s == 60);
  const auto& argv = network.engine.process.argv;
  REQUIRE(argv.size() >= 3);
  CHECK(argv[0] == "scripted_engine");  // found beside ringmaster, as ringbot is
  CHECK(argv[1] == "--sleep-at-start");
  CHECK(argv[2] == "3");
  CHECK(c.players.at("ringbot").reuse);
  // Every line of the doc's copy of the players is in the file, as written.
  const std::string doc = read_text(std::string(RM_SOURCE_DIR) + "/docs/tuning-real-engine.md");
  const std::string yaml = read_text(file);
  const auto begin = doc.find("```yaml\nplayers:\n  network:");
  REQUIRE(begin != std::string::npos);
  std::istringstream block(doc.substr(begin + 8, doc.find("```", begin + 8) - begin - 8));
  int lines = 0;
  for (std::string line; std::getline(block, line); ++lines) {
    INFO(line);
    CHECK(yaml.find(line + "\n") != std::string::npos);
  }
  CHECK(lines >= 10);
}
