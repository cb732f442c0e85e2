#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <sstream>

#include "tests/competitions/tuner_fixture.hpp"

using namespace rm::comp;
using namespace rm::comp::test;

TEST_CASE("jobs: ids, candidate code and player, colour, event, note", "[mc_tuner]") {
  TempDir dir;
  McTuner tuner(make_control(dir.path()));
  auto request = tuner.next_job();
  REQUIRE(request.has_value());
  const auto& job = request->job;
  CHECK(job.game_id == "0");
  CHECK(job.competition_code == "tune");
  CHECK(job.sgf_event == "tune");
  CHECK(job.black.code == "#0");
  CHECK(job.white.code == "opp");
  const auto path = tuner.outstanding_path(0).value();
  REQUIRE(path.size() == 1);
  const std::string value = std::to_string(1 + 2 * path[0]);  // 1, 3, 5, 7, 9
  CHECK(job.sgf_note == "Candidate parameters: pl: " + value);
  CHECK(job.black.engine.process.argv ==
        std::vector<std::string>{"/bin/ringbot", "--playouts", value});
  CHECK(request->description == "game 0: pl: " + value + " [(" + std::to_string(path[0]) + ",)]");
  CHECK(job.settings.board_size == 9);
  CHECK(job.settings.komi == 7.5);
  CHECK(job.sgf_dir == dir.path() + "/tune.games");
  CHECK(job.void_sgf_dir == dir.path() + "/tune.void");
  CHECK(tuner.next_job()->job.game_id == "1");

  auto cf = make_control(dir.path());
  mc(cf).candidate_colour = rm::control::CandidateColour::White;
  cf.common.record_games = false;
  McTuner white(cf);
  const auto white_job = white.next_job()->job;
  CHECK(white_job.white.code == "#0");
  CHECK(white_job.black.code == "opp");
  CHECK(white_job.sgf_dir.empty());
}

TEST_CASE("random candidate colour comes from the seeded generator", "[mc_tuner]") {
  TempDir dir;
  auto cf = make_control(dir.path(), 99);
  mc(cf).candidate_colour = rm::control::CandidateColour::Random;
  McTuner a(cf), b(cf);
  int black = 0;
  for (int i = 0; i < 60; ++i) {
    const auto ja = a.next_job()->job;
    const auto jb = b.next_job()->job;
    CHECK(ja.black.code == jb.black.code);
    if (ja.black.code != "opp") ++black;
  }
  CHECK(black > 10);
  CHECK(black < 50);
}

TEST_CASE("results update the tree: only the opponent losing is a candidate win", "[mc_tuner]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  mc(cf).exploration_coefficient = 0.0;
  McTuner tuner(cf);
  const auto job0 = tuner.next_job()->job;
  const auto path0 = tuner.outstanding_path(0).value();
  const auto lines = tuner.on_result(result_for(job0, true));
  const std::string described = tuner.describe_path(path0);
  CHECK(lines.history_line == described + " won");
  CHECK(lines.screen_line == "game 0: " + described + " won B+R");
  CHECK(tuner.tree().node_at(path0).wins == 2);
  CHECK(tuner.tree().node_at(path0).visits == 3);

  const auto job1 = tuner.next_job()->job;  // E = 0: the winner again
  CHECK(tuner.outstanding_path(1).value() == path0);
  CHECK(tuner.on_result(result_for(job1, false, true)).history_line ==
        described + " lost");  // jigo: a loss
  const auto job2 = tuner.next_job()->job;
  auto no_result = result_for(job2, false);
  no_result.winner.clear();
  no_result.sgf_result = "?";
  tuner.on_result(no_result);  // unknown result: a loss
  const auto job3 = tuner.next_job()->job;
  tuner.on_result(result_for(job3, false));
  CHECK(tuner.tree().root().visits == 2 + 4);
  CHECK(tuner.tree().root().wins == 1 + 1);
  CHECK(tuner.game_numbers().fixed() == 4);
  CHECK(tuner.games_remaining() == 96);
  CHECK_THROWS_AS(tuner.on_result(result_for(job3, true)), std::logic_error);  // already processed
}

TEST_CASE("void games: skipped, and the halting rule of gomill", "[mc_tuner]") {
  TempDir dir;
  SECTION("the first game to finish in a run is void: halt") {
    McTuner tuner(make_control(dir.path()));
    const auto job = tuner.next_job()->job;
    CHECK_FALSE(tuner.on_void(void_for(job)));
    CHECK(tuner.game_numbers().fixed() == 1);
    CHECK(tuner.tree().root().visits == 2);  // nothing counted
  }
  SECTION("one void after a result carries on; two in a row halt") {
    McTuner tuner(make_control(dir.path()));
    const auto j0 = tuner.next_job()->job;
    const auto j1 = tuner.next_job()->job;
    const auto j2 = tuner.next_job()->job;
    const auto j3 = tuner.next_job()->job;
    const auto j4 = tuner.next_job()->job;
    tuner.on_result(result_for(j0, true));
    CHECK(tuner.on_void(void_for(j1)));
    tuner.on_result(result_for(j2, true));
    CHECK(tuner.on_void(void_for(j3)));
    CHECK_FALSE(tuner.on_void(void_for(j4)));
    CHECK(tuner.tree().root().visits == 4);
    CHECK(tuner.game_numbers().fixed() == 5);
    CHECK(tuner.next_job()->job.game_id == "5");  // void numbers are not replayed
    // The text report counts as gomill does (void numbers included), the JSON report the
    // games with a result.
    CHECK_THAT(tuner.full_report(), Catch::Contains("\n5/100 games played\n"));
    CHECK(tuner.json_report().at("games_played") == 2);
  }
}

TEST_CASE("number_of_games limits the numbers issued", "[mc_tuner]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  mc(cf).number_of_games = 3;
  McTuner tuner(cf);
  std::vector<rm::game::GameJob> jobs;
  while (auto request = tuner.next_job()) jobs.push_back(request->job);
  CHECK(jobs.size() == 3);
  CHECK_FALSE(tuner.finished());
  for (const auto& job : jobs) tuner.on_result(result_for(job, false));
  CHECK(tuner.finished());
  CHECK(tuner.games_remaining() == 0);

  mc(cf).number_of_games.reset();
  McTuner unlimited(cf);
  CHECK_FALSE(unlimited.games_remaining().has_value());
  CHECK_FALSE(unlimited.finished());
}

TEST_CASE("the toy bandit: the tuner converges to the best arm", "[mc_tuner]") {
  TempDir dir;
  auto cf = make_control(dir.path(), 2024);
  mc(cf).number_of_games = 1500;
  mc(cf).exploration_coefficient = 0.3;
  McTuner tuner(cf);
  const double win_probability[] = {0.2, 0.35, 0.75, 0.4, 0.1};  // arm (2,) is best
  std::mt19937 outcomes(11);
  std::bernoulli_distribution coin[] = {std::bernoulli_distribution(win_probability[0]),
                                        std::bernoulli_distribution(win_probability[1]),
                                        std::bernoulli_distribution(win_probability[2]),
                                        std::bernoulli_distribution(win_probability[3]),
                                        std::bernoulli_distribution(win_probability[4])};
  while (auto request = tuner.next_job()) {
    const int arm = tuner.outstanding_path(std::stoi(request->job.game_id)).value().at(0);
    tuner.on_result(result_for(request->job, coin[arm](outcomes)));
  }
  CHECK(tuner.tree().best_path() == std::vector<int>{2});
  CHECK(tuner.tree().node_at({2}).visits - 2 > 1000);  // most games went to the best arm
}

TEST_CASE("candidate template files are written once per candidate, in its own directory",
          "[mc_tuner]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  auto& s = mc(cf);
  s.exploration_coefficient = 0.0;
  s.candidate.command = {"/bin/ringbot", "--config", "{files_dir}/engine.cfg"};
  s.candidate.files = {
      rm::control::TemplateFile{"engine.cfg", dir.path() + "/engine.cfg.in", "playouts = {pl}\n"}};
  McTuner tuner(cf);
  const auto job = tuner.next_job()->job;
  const int choice = tuner.outstanding_path(0).value().at(0);
  const std::string files_dir = dir.path() + "/tune.candidates/" + std::to_string(choice);
  CHECK(tuner.candidate_dir({choice}) == files_dir);
  CHECK(job.black.engine.process.argv.at(2) == files_dir + "/engine.cfg");
  std::ifstream in(files_dir + "/engine.cfg");
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() == "playouts = " + std::to_string(1 + 2 * choice) + "\n");
  // Once per candidate: a changed file is not rewritten for the next game of that candidate.
  { std::ofstream(files_dir + "/engine.cfg") << "edited\n"; }
  tuner.on_result(result_for(job, true));
  tuner.next_job();
  REQUIRE(tuner.outstanding_path(1).value().at(0) == choice);  // E = 0: the winner again
  std::ifstream again(files_dir + "/engine.cfg");
  std::string line;
  std::getline(again, line);
  CHECK(line == "edited");
}

TEST_CASE("players to check: the candidate at (0,) coded 'candidate' and the opponent",
          "[mc_tuner]") {
  TempDir dir;
  McTuner tuner(make_control(dir.path()));
  const auto checks = tuner.players_to_check();
  REQUIRE(checks.size() == 2);
  CHECK(checks[0].first.code == "candidate");
  CHECK(checks[0].first.engine.process.argv ==
        std::vector<std::string>{"/bin/ringbot", "--playouts", "1"});
  CHECK(checks[1].first.code == "opp");
  CHECK(checks[1].second.board_size == 9);
}

TEST_CASE("make_competition builds an mc_tuner and refuses a mismatched or unknown type",
          "[mc_tuner]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  CHECK(make_competition(cf) != nullptr);
  cf.competition_type = "playoff";  // but the settings are an mc_tuner's
  CHECK_THROWS_WITH(make_competition(cf), Catch::Contains("not a playoff control file"));
  cf.competition_type = "nope";
  CHECK_THROWS_WITH(make_competition(cf), Catch::Contains("'nope' is not supported"));
  auto bad = make_control(dir.path());
  mc(bad).opponent = "nobody";
  CHECK_THROWS_WITH(McTuner(bad), Catch::Contains("opponent: unknown player nobody"));
}
