#include <catch2/catch.hpp>

#include "tests/competitions/tuner_fixture.hpp"

using namespace rm::comp;
using namespace rm::comp::test;

TEST_CASE("state round trip", "[mc_tuner][state]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  McTuner tuner(cf);
  std::vector<rm::game::GameResult> games;  // what the store keeps
  for (int i = 0; i < 12; ++i) {
    const auto job = tuner.next_job()->job;
    games.push_back(result_for(job, i % 3 == 0));
    tuner.on_result(games.back());
  }
  const auto state = tuner.state();
  McTuner copy(cf);
  copy.restore(state);
  copy.restore_games(games);  // as the session does on resume: rebuilds the pooled statistics
  CHECK(copy.state() == state);
  CHECK(copy.full_report() == tuner.full_report());
  CHECK_THAT(copy.full_report(), Catch::Contains("candidates v opp (12 games)"));
  CHECK(state.at("path0") == nlohmann::json::array({1}));
}

TEST_CASE("issued but unfinished game numbers are reissued lowest first after a restore",
          "[mc_tuner][state]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  McTuner tuner(cf);
  const auto j0 = tuner.next_job()->job;
  const auto j1 = tuner.next_job()->job;
  const auto j2 = tuner.next_job()->job;
  const auto j3 = tuner.next_job()->job;
  tuner.on_result(result_for(j1, true));
  tuner.on_void(void_for(j3));
  const auto state = tuner.state();  // as the store would have committed it with game 3
  McTuner restarted(cf);
  restarted.restore(state);
  CHECK(restarted.next_job()->job.game_id == "0");
  CHECK(restarted.next_job()->job.game_id == "2");
  CHECK(restarted.next_job()->job.game_id == "4");
  CHECK(restarted.game_numbers().fixed() == 2);
  // The number limit does not stop reissues.
  auto limited = make_control(dir.path());
  mc(limited).number_of_games = 4;
  McTuner at_limit(limited);
  at_limit.restore(state);
  CHECK(at_limit.next_job()->job.game_id == "0");
  CHECK(at_limit.next_job()->job.game_id == "2");
  CHECK_FALSE(at_limit.next_job().has_value());
  CHECK(at_limit.games_remaining() == 2);
}

TEST_CASE("with a seed, choices are repeatable, also across a restart", "[mc_tuner][state]") {
  TempDir dir;
  auto cf = make_control(dir.path(), 777);
  mc(cf).max_depth = 3;
  mc(cf).candidate_colour = rm::control::CandidateColour::Random;
  const auto outcome = [](int game) { return (game * 7) % 3 == 0; };
  // One run of 40 games.
  std::vector<std::pair<std::vector<int>, std::string>> straight;
  {
    McTuner tuner(cf);
    for (int i = 0; i < 40; ++i) {
      const auto job = tuner.next_job()->job;
      straight.emplace_back(tuner.outstanding_path(i).value(), job.black.code);
      tuner.on_result(result_for(job, outcome(i)));
    }
  }
  // The same 40 games in two runs, with two games lost in flight at the break.
  std::vector<std::pair<std::vector<int>, std::string>> resumed;
  nlohmann::json state;
  {
    McTuner tuner(cf);
    for (int i = 0; i < 20; ++i) {
      const auto job = tuner.next_job()->job;
      resumed.emplace_back(tuner.outstanding_path(i).value(), job.black.code);
      tuner.on_result(result_for(job, outcome(i)));
    }
    state = tuner.state();
    tuner.next_job();
    tuner.next_job();
  }
  {
    McTuner tuner(cf);
    tuner.restore(state);
    for (int i = 20; i < 40; ++i) {
      const auto job = tuner.next_job()->job;
      REQUIRE(job.game_id == std::to_string(i));
      resumed.emplace_back(tuner.outstanding_path(i).value(), job.black.code);
      tuner.on_result(result_for(job, outcome(i)));
    }
  }
  CHECK(resumed == straight);
  bool deeper = false;
  for (const auto& [path, black] : straight) deeper = deeper || path.size() > 1;
  CHECK(deeper);  // the tree did grow, so expansion was part of what was repeated
}

TEST_CASE("definition: accepted changes restore, refused ones name what changed",
          "[mc_tuner][state]") {
  TempDir dir;
  auto original = make_control(dir.path());
  mc(original).parameters.push_back(linear_parameter("c", 0, 1, 2));
  mc(original).candidate.parameters = mc(original).parameters;
  McTuner tuner(original);
  tuner.on_result(result_for(tuner.next_job()->job, true));
  const auto state = tuner.state();
  const auto stored_definition = tuner.definition();

  SECTION(
      "accepted: exploration coefficient, max_depth, format, template, summary, number_of_games, "
      "colour") {
    auto cf = original;
    auto& s = mc(cf);
    s.exploration_coefficient = 2.0;
    s.max_depth = 4;
    s.parameters[0].format = "playouts=%s";
    s.candidate.command = {"/bin/other", "{pl}", "{c}"};
    s.summary_spec = {3, 3};
    s.number_of_games = 7;
    s.candidate_colour = rm::control::CandidateColour::White;
    s.log_tree_to_history_period = 5;
    McTuner changed(cf);
    CHECK(changed.definition() == stored_definition);
    CHECK_NOTHROW(check_mc_tuner_definition(stored_definition, changed.definition()));
    CHECK_NOTHROW(changed.restore(state));
    CHECK(changed.tree().root().visits == 3);
  }
  const auto refused = [&](rm::control::ControlFile cf, const std::string& expected) {
    McTuner changed(cf);
    CHECK_THROWS_WITH(check_mc_tuner_definition(stored_definition, changed.definition()),
                      Catch::Contains(expected));
    CHECK_THROWS_WITH(changed.restore(state), Catch::Contains(expected));
    CHECK_THROWS_AS(changed.restore(state), IncompatibleState);
  };
  SECTION("refused: a split") {
    auto cf = original;
    mc(cf).parameters[0].split = 6;
    refused(cf, "parameter 'pl': split changed from 5 to 6");
  }
  SECTION("refused: a scale, even when the first sample stays the same") {
    auto cf = original;
    // gomill would not notice: path0 is still 1 (LINEAR(0, 10) and LINEAR(0, 12) give 1 at 0.1).
    mc(cf).parameters[0].scale = rm::scales::make_linear(0, 12, true);
    refused(cf, "parameter 'pl': scale changed from");
  }
  SECTION("refused: a code") {
    auto cf = original;
    mc(cf).parameters[1].code = "d";
    refused(cf, "parameter 2: code changed from \"c\" to \"d\"");
  }
  SECTION("refused: the number of parameters") {
    auto cf = original;
    mc(cf).parameters.pop_back();
    mc(cf).candidate.parameters = mc(cf).parameters;
    mc(cf).candidate.command = {"/bin/ringbot", "{pl}"};
    refused(cf, "number of parameters changed from 2 to 1");
  }
  SECTION("refused: initial visits") {
    auto cf = original;
    mc(cf).initial_visits = 3;
    refused(cf, "initial_visits changed from 2 to 3");
  }
}

TEST_CASE("a malformed state is refused with IncompatibleState", "[mc_tuner][state]") {
  TempDir dir;
  McTuner tuner(make_control(dir.path()));
  auto state = tuner.state();
  CHECK_THROWS_AS(tuner.restore(nlohmann::json::object()), IncompatibleState);
  auto bad_tree = state;
  bad_tree["tree"]["c"].erase(0);
  CHECK_THROWS_WITH(tuner.restore(bad_tree), Catch::Contains("error loading competition state"));
  auto bad_numbers = state;
  bad_numbers["game_numbers"]["fixed"] = 5;
  CHECK_THROWS_AS(tuner.restore(bad_numbers), IncompatibleState);
  auto bad_path0 = state;
  bad_path0.erase("definition");
  bad_path0["path0"] = nlohmann::json::array({2});
  CHECK_THROWS_WITH(tuner.restore(bad_path0), Catch::Contains("candidate (0,)"));
  CHECK_NOTHROW(tuner.restore(state));
}
