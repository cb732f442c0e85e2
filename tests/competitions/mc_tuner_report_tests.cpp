// Reports against golden text. The expected candidate lines were produced with Python's own
// "%s %-40s %.3f %3d" (gomill's format) and the Wilson interval computed independently.
#include <catch2/catch.hpp>

#include "tests/competitions/tuner_fixture.hpp"

using namespace rm::comp;
using namespace rm::comp::test;

namespace {

// A state with known statistics: initial visits 2, wins 1; real games (1,) 4/7, (2,) 2/2,
// (3,) 0/1; ten numbers fixed, number 3 issued but unfinished.
nlohmann::json known_state(const McTuner& tuner) {
  auto state = tuner.state();
  state["tree"] = nlohmann::json::parse(R"({"w": 7, "v": 12, "c": [
      {"w": 1, "v": 2}, {"w": 5, "v": 9}, {"w": 3, "v": 4}, {"w": 1, "v": 3}, {"w": 1, "v": 2}]})");
  state["game_numbers"] = nlohmann::json::parse(R"({"next": 11, "fixed": 10, "unfixed": [3]})");
  state["opponent_description"] = "GNU Go:3.8";
  return state;
}

const char* const kCandidateLines =
    "(0,) pl: 1                                    0.500   0\n"
    "(1,) pl: 3                                    0.556   7  [0.250, 0.842]\n"
    "(2,) pl: 5                                    0.750   2  [0.342, 1.000]\n"
    "(3,) pl: 7                                    0.333   1  [0.000, 0.793]\n"
    "(4,) pl: 9                                    0.500   0\n";

}  // namespace

TEST_CASE("full and short report in gomill's format with the interval columns",
          "[mc_tuner][report]") {
  TempDir dir;
  McTuner tuner(make_control(dir.path()));
  tuner.restore(known_state(tuner));
  const std::string expected = std::string(
                                   "MCTS tuning event: tune\n"
                                   "A test tuning event.\n"
                                   "board size: 9\n"
                                   "komi: 7.5\n"
                                   "10/100 games played\n"
                                   "\n"
                                   "Best parameters: pl: 3 [(1,)]\n"
                                   "\n"
                                   "most visited at depth 1\n") +
                               kCandidateLines +
                               "\n"
                               "opponent (opp): GNU Go:3.8\n"
                               "\n";
  CHECK(tuner.full_report() == expected);
  CHECK(tuner.short_report() == expected);
}

TEST_CASE("report before any game and with several summary depths", "[mc_tuner][report]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  cf.common.description.clear();
  mc(cf).number_of_games.reset();
  mc(cf).summary_spec = {2, 3};
  McTuner fresh(cf);
  CHECK(fresh.full_report() ==
        "MCTS tuning event: tune\n"
        "board size: 9\n"
        "komi: 7.5\n"
        "0 games played\n"
        "\n"
        "Best parameters: pl: 1 [(0,)]\n"
        "\n"
        "most visited at depth 1\n"
        "(0,) pl: 1                                    0.500   0\n"
        "(1,) pl: 3                                    0.500   0\n"
        "\n"
        "most visited at depth 2\n"
        "\n"
        "opponent: opp\n"
        "\n");
  McTuner tuner(cf);
  tuner.restore(known_state(tuner));
  const std::string report = tuner.full_report();
  // nlargest(2) by visits: (1,) and (2,), listed by path.
  CHECK(
      report.find("most visited at depth 1\n"
                  "(1,) pl: 3                                    0.556   7  [0.250, 0.842]\n"
                  "(2,) pl: 5                                    0.750   2  [0.342, 1.000]\n\n") !=
      std::string::npos);
}

TEST_CASE("screen report lists games in progress, result lines, periodic tree dump",
          "[mc_tuner][report]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  mc(cf).exploration_coefficient = 0.0;  // (2,) has the best value: every choice is (2,)
  mc(cf).number_of_running_simulations_to_show = 1;
  mc(cf).log_tree_to_history_period = 2;
  McTuner tuner(cf);
  tuner.restore(known_state(tuner));
  const auto j3 = tuner.next_job()->job;  // the unfinished number first
  const auto j11 = tuner.next_job()->job;
  CHECK(j3.game_id == "3");
  CHECK(j11.game_id == "11");
  const std::string main_part = std::string(
                                    "10/100 games played\n"
                                    "\n"
                                    "Best parameters: pl: 3 [(1,)]\n"
                                    "\n"
                                    "most visited at depth 1\n") +
                                kCandidateLines + "\n";
  CHECK(tuner.screen_report({"11", "3", "junk"}) ==
        main_part + "In progress:\ngame 3: pl: 5 [(2,)]\n");
  CHECK(tuner.screen_report({}) == main_part);

  CHECK(tuner.periodic_history_lines().empty());
  const auto lines = tuner.on_result(result_for(j3, true));
  CHECK(lines.screen_line == "game 3: pl: 5 [(2,)] won B+R");
  CHECK(lines.history_line == "pl: 5 [(2,)] won");
  CHECK(tuner.periodic_history_lines().empty());  // 11 fixed: not a multiple of 2
  tuner.on_result(result_for(j11, false));
  CHECK(tuner.periodic_history_lines() ==
        std::vector<std::string>{"6 nodes", "Win rate 7/12 = 0.583", "  (0,) pl: 1 0.500   0",
                                 "  (1,) pl: 3 0.556   7", "  (2,) pl: 5 0.667   4",
                                 "  (3,) pl: 7 0.333   1", "  (4,) pl: 9 0.500   0"});
}

TEST_CASE("json report: tree summary, best candidate, per-candidate statistics",
          "[mc_tuner][report]") {
  TempDir dir;
  McTuner tuner(make_control(dir.path()));
  tuner.restore(known_state(tuner));
  const auto j = tuner.json_report();
  CHECK(j.at("games_played") == 10);
  CHECK(j.at("number_of_games") == 100);
  CHECK(j.at("tree").at("games") == 10);
  CHECK(j.at("tree").at("wins") == 6);
  CHECK(j.at("best").at("path") == "(1,)");
  CHECK(j.at("best").at("engine_values") == nlohmann::json::array({3}));
  const auto& candidates = j.at("candidates");
  REQUIRE(candidates.size() == 5);
  CHECK(candidates[1].at("games") == 7);
  CHECK(candidates[1].at("wins") == 4);
  CHECK(candidates[1].at("win_rate").get<double>() == Approx(4.0 / 7));
  CHECK(candidates[1].at("ci95_low").get<double>() == Approx(0.2504).margin(1e-3));
  CHECK(candidates[0].at("win_rate").is_null());
  CHECK(j.at("opponent").at("description") == "GNU Go:3.8");
}
