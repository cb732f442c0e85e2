// The gauntlet and reuse examples run end to end with ringbot (fewer games): the rating list
// in show and in the JSON report, kept engines, nothing left behind.
#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <sstream>

#include "tests/e2e/e2e_support.hpp"

using namespace std::chrono_literals;

namespace {

std::string example(const std::string& name, int games) {
  std::ifstream in(std::string(RM_SOURCE_DIR) + "/control_examples/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return std::regex_replace(text.str(), std::regex("number_of_games: [0-9]+"),
                            "number_of_games: " + std::to_string(games));
}

}  // namespace

TEST_CASE("gauntlet example: matchups per opponent, a rating list of everyone", "[e2e][gauntlet]") {
  rm::test::CompetitionDir c("gauntlet", example("gauntlet_ringbot.yaml", 4));
  auto f = c.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(c.games().size() == 12);
  auto show = c.run({"show"});
  CHECK_THAT(show.out, Catch::Contains("rating list (Bradley-Terry maximum likelihood; uct-20 "
                                       "fixed at 0.0; 95% intervals):"));
  CHECK_THAT(show.out, Catch::Contains("hero v uct-300 (4/4 games)"));
  auto report = c.run({"report", "--json"});
  REQUIRE(report.exit_status == 0);
  auto json = nlohmann::json::parse(report.out);
  CHECK(json.at("gauntlet_player") == "hero");
  const auto& list = json.at("rating_list");
  CHECK(list.at("anchor") == "uct-20");
  CHECK(list.at("players").size() == 4);
  double games = 0;
  for (const auto& p : list.at("players")) games += p.at("games").get<double>();
  CHECK(games == 24);  // every game counted once for each of its two players
  CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
}

TEST_CASE("reuse example: runs with kept engines and leaves none behind", "[e2e][reuse]") {
  rm::test::CompetitionDir c("reuse", example("reuse_ringbot.yaml", 6));
  auto f = c.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(c.games().size() == 6);
  CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
}
