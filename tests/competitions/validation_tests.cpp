// Validation games of the recommended candidate (the `validation` setting), shared by the
// three tuners: when rounds start, what they play, that they never reach the tuner's
// statistics, their state across a restore, void games, reports and JSON.
#include <catch2/catch.hpp>

#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"
#include "tests/competitions/tuner_fixture.hpp"

using namespace rm::comp;
using namespace rm::comp::test;

namespace {

// Plays every job one at a time until the competition has none; the candidate wins the
// tuning games of pl 5 and every validation game with an even index. Returns the game ids.
std::vector<std::string> play_out(Competition& c,
                                  std::vector<rm::game::GameResult>* committed = nullptr,
                                  int limit = 1000) {
  std::vector<std::string> ids;
  while (static_cast<int>(ids.size()) < limit) {
    auto request = c.next_job();
    if (!request) break;
    const auto& job = request->job;
    ids.push_back(job.game_id);
    const auto& candidate = job.black.code == "opp" ? job.white : job.black;
    bool wins = false;
    if (job.game_id[0] == 'v')
      wins = std::stoi(job.game_id.substr(job.game_id.find('#') + 1)) % 2 == 0;
    else
      wins = candidate.engine.process.argv.back() == "5";
    const auto r = result_for(job, wins);
    if (committed) committed->push_back(r);
    c.on_result(r);
  }
  return ids;
}

std::vector<std::string> numbers(int from, int to) {
  std::vector<std::string> out;
  for (int i = from; i < to; ++i) out.push_back(std::to_string(i));
  return out;
}

std::vector<std::string> round_ids(int round, int games) {
  std::vector<std::string> out;
  for (int i = 0; i < games; ++i)
    out.push_back("v" + std::to_string(round) + "#" + std::to_string(i));
  return out;
}

template <typename... Lists>
std::vector<std::string> concat(Lists... lists) {
  std::vector<std::string> out;
  (out.insert(out.end(), lists.begin(), lists.end()), ...);
  return out;
}

rm::control::ControlFile mc_with_validation(const std::string& dir, int every, int games,
                                            int at_end, int number_of_games = 20) {
  auto cf = make_control(dir);
  mc(cf).number_of_games = number_of_games;
  mc(cf).validation = {every, games, at_end};
  return cf;
}

}  // namespace

TEST_CASE("validation: rounds every K tuning games and at the end, in order", "[validation]") {
  TempDir dir;
  McTuner tuner(mc_with_validation(dir.path(), 8, 3, 5));
  CHECK(tuner.games_remaining() == 20 + 2 * 3 + 5);
  const auto ids = play_out(tuner);
  CHECK(ids == concat(numbers(0, 8), round_ids(1, 3), numbers(8, 16), round_ids(2, 3),
                      numbers(16, 20), round_ids(3, 5)));
  CHECK(tuner.finished());
  CHECK(tuner.games_remaining() == 0);
  const auto& rounds = tuner.validation().rounds();
  REQUIRE(rounds.size() == 3);
  CHECK(rounds[0].after_games == 8);
  CHECK(rounds[1].after_games == 16);
  CHECK_FALSE(rounds[1].at_end);
  CHECK(rounds[2].at_end);
  CHECK(rounds[2].after_games == 20);
  CHECK(rounds[2].values == *tuner.recommended_values());
  CHECK(rounds[2].parameters == "pl: 5");
  CHECK(rounds[2].wdl.wins == 3);  // indices 0, 2, 4
  CHECK(rounds[2].wdl.losses == 2);
  // Not fed to the tree: 20 tuning games only.
  CHECK(tuner.tree().root().visits - 2 == 20);
  CHECK(tuner.game_numbers().fixed() == 20);
  CHECK(tuner.json_report().at("pool").at("games_played") == 20);
}

TEST_CASE(
    "validation: a periodic round on the last game is left to the final round, none without at_end",
    "[validation]") {
  TempDir dir;
  McTuner with_end(mc_with_validation(dir.path(), 10, 2, 4));
  CHECK(with_end.games_remaining() == 20 + 2 + 4);
  CHECK(play_out(with_end) ==
        concat(numbers(0, 10), round_ids(1, 2), numbers(10, 20), round_ids(2, 4)));
  McTuner periodic_only(mc_with_validation(dir.path(), 10, 2, 0));
  CHECK(periodic_only.games_remaining() == 20 + 2 + 2);
  CHECK(play_out(periodic_only) ==
        concat(numbers(0, 10), round_ids(1, 2), numbers(10, 20), round_ids(2, 2)));
  CHECK(periodic_only.finished());
  McTuner off(mc_with_validation(dir.path(), 0, 0, 0));
  CHECK(play_out(off) == numbers(0, 20));
  CHECK(off.json_report().contains("validation") == false);
  CHECK(off.state().contains("validation") == false);
}

TEST_CASE(
    "validation: games are the recommended candidate against the opponent, recorded as others",
    "[validation]") {
  TempDir dir;
  auto cf = mc_with_validation(dir.path(), 4, 2, 0);
  mc(cf).candidate_colour = rm::control::CandidateColour::Random;
  McTuner tuner(cf);
  play_out(tuner, nullptr, 4);
  auto request = tuner.next_job();
  REQUIRE(request);
  const auto& job = request->job;
  CHECK(job.game_id == "v1#0");
  const bool black_is_candidate = job.white.code == "opp";
  const auto& candidate = black_is_candidate ? job.black : job.white;
  CHECK(candidate.code == "#v1");
  CHECK(candidate.engine.process.argv ==
        std::vector<std::string>{"/bin/ringbot", "--playouts",
                                 rm::scales::python_str(tuner.validation().rounds()[0].values[0])});
  CHECK(job.sgf_note ==
        "Validation round 1, candidate parameters: " + tuner.validation().rounds()[0].parameters);
  CHECK(job.sgf_dir == dir.path() + "/tune.games");
  CHECK(request->description ==
        "game v1#0: validation 1: " + tuner.validation().rounds()[0].parameters);
  CHECK_THAT(tuner.screen_report({"v1#0"}),
             Catch::Contains("Validation in progress:\ngame v1#0: validation 1: "));
  // Random colours are repeatable for the seed.
  McTuner again(cf);
  play_out(again, nullptr, 4);
  auto same = again.next_job();
  REQUIRE(same);
  CHECK(same->job.black.code == job.black.code);
}

TEST_CASE("validation: a restore mid-round reissues its games and ends as an uninterrupted run",
          "[validation]") {
  TempDir dir;
  const auto cf = mc_with_validation(dir.path(), 6, 4, 5);
  McTuner whole(cf);
  const auto whole_ids = play_out(whole);

  McTuner first(cf);
  std::vector<rm::game::GameResult> committed;
  play_out(first, &committed, 8);  // 6 tuning games, v1#0, v1#1
  auto in_flight = first.next_job();
  REQUIRE(in_flight);
  CHECK(in_flight->job.game_id == "v1#2");
  const nlohmann::json saved = first.state();  // v1#2 in flight: not committed
  CHECK(saved.at("validation").at("rounds").size() == 1);

  McTuner second(cf);
  second.restore(saved);
  second.restore_games(committed);  // as the run does on resume: validation games are skipped
  const auto rest = play_out(second);
  CHECK(rest.front() == "v1#2");
  std::vector<std::string> resumed_ids(whole_ids.begin(), whole_ids.begin() + 8);
  resumed_ids.insert(resumed_ids.end(), rest.begin(), rest.end());
  CHECK(resumed_ids == whole_ids);
  CHECK(second.state() == whole.state());
  CHECK(second.json_report() == whole.json_report());
  CHECK(second.full_report() == whole.full_report());
}

TEST_CASE("validation: a void game is skipped and counted, a bad state is refused",
          "[validation]") {
  TempDir dir;
  McTuner tuner(mc_with_validation(dir.path(), 2, 2, 0, 4));
  play_out(tuner, nullptr, 2);
  auto request = tuner.next_job();
  REQUIRE(request);
  CHECK(request->job.game_id == "v1#0");
  CHECK(tuner.on_void(void_for(request->job)));
  CHECK_THROWS_AS(tuner.on_result(result_for(request->job, true)), std::logic_error);
  play_out(tuner);
  CHECK(tuner.finished());
  const auto& round = tuner.validation().rounds()[0];
  CHECK(round.void_games == 1);
  CHECK(round.wdl.games() == 1);
  CHECK_THAT(tuner.full_report(), Catch::Contains("1/2 games (1 void)"));

  nlohmann::json bad = tuner.state();
  bad["validation"]["rounds"][0]["wins"] = 7;
  McTuner other(mc_with_validation(dir.path(), 2, 2, 0, 4));
  CHECK_THROWS_WITH(other.restore(bad),
                    Catch::Contains("validation round 1 has impossible counts"));
}

TEST_CASE("validation: text report and JSON", "[validation]") {
  TempDir dir;
  McTuner tuner(mc_with_validation(dir.path(), 0, 0, 4, 10));
  play_out(tuner);
  const std::string report = tuner.full_report();
  CHECK_THAT(report, Catch::Contains("validation (recommended candidate v opp):\n"
                                     "final round 1 after 10 games: pl: 5\n"
                                     "  4/4 games: 2 won 50.0% (95% CI 15.0% to 85.0%), Elo +0.0"));
  const auto j = tuner.json_report().at("validation");
  CHECK(j.at("at_end") == 4);
  CHECK(j.at("every") == 0);
  const auto& round = j.at("rounds").at(0);
  CHECK(round.at("round") == 1);
  CHECK(round.at("at_end") == true);
  CHECK(round.at("after_games") == 10);
  CHECK(round.at("parameters") == "pl: 5");
  CHECK(round.at("values") == nlohmann::json::array({5}));
  CHECK(round.at("played") == 4);
  CHECK(round.at("wins") == 2);
  CHECK(round.at("losses") == 2);
  CHECK(round.at("win_rate") == 0.5);
  CHECK(round.at("win_rate_ci").size() == 2);
  CHECK(round.at("elo").at("elo") == 0.0);
}

TEST_CASE("validation: ce_tuner validates its mean, not feeding the samples",
          "[validation][ce_tuner]") {
  TempDir dir;
  const std::string path = dir.write("ce.yaml",
                                     "competition_type: ce_tuner\n"
                                     "players:\n"
                                     "  opp: {command: [/bin/true]}\n"
                                     "board_size: 9\n"
                                     "komi: 7.5\n"
                                     "candidate_colour: b\n"
                                     "opponent: opp\n"
                                     "samples_per_generation: 3\n"
                                     "batch_size: 2\n"
                                     "number_of_generations: 2\n"
                                     "elite_proportion: 0.4\n"
                                     "step_size: 0.5\n"
                                     "seed: 3\n"
                                     "validation: {every: 6, games: 2, at_end: 3}\n"
                                     "parameters:\n"
                                     "  - {code: pl, initial_mean: 1, initial_variance: 0.1}\n"
                                     "candidate: {command: [/bin/true, '{pl}']}\n");
  CeTuner tuner(rm::comp::load_control_file(path));
  CHECK(tuner.games_remaining() == 12 + 2 + 3);
  std::vector<std::string> ids;
  while (auto request = tuner.next_job()) {
    ids.push_back(request->job.game_id);
    tuner.on_result(result_for(request->job, ids.size() % 3 == 0));
  }
  REQUIRE(ids.size() == 17);
  CHECK(std::vector<std::string>(ids.begin() + 6, ids.begin() + 8) == round_ids(1, 2));
  CHECK(std::vector<std::string>(ids.end() - 3, ids.end()) == round_ids(2, 3));
  CHECK(tuner.finished());
  CHECK(tuner.history().size() == 2);
  for (const auto& record : tuner.history()) {
    int games = 0;
    for (int g : record.games) games += g;
    CHECK(games == 6);
  }
  CHECK(tuner.validation().rounds()[1].values == *tuner.recommended_values());
  CeTuner restored(rm::comp::load_control_file(path));
  restored.restore(tuner.state());
  CHECK(restored.finished());
  CHECK(restored.json_report().at("validation") == tuner.json_report().at("validation"));
  CHECK(restored.full_report() != "");
}

TEST_CASE("validation: model_tuner validates its estimate, not feeding the model",
          "[validation][model_tuner]") {
  TempDir dir;
  const std::string path = dir.write("model.yaml",
                                     "competition_type: model_tuner\n"
                                     "players:\n"
                                     "  opp: {command: [/bin/true]}\n"
                                     "board_size: 9\n"
                                     "komi: 7.5\n"
                                     "number_of_games: 60\n"
                                     "candidate_colour: random\n"
                                     "opponent: opp\n"
                                     "seed: 5\n"
                                     "validation: {every: 25, games: 3, at_end: 4}\n"
                                     "parameters:\n"
                                     "  - {code: c, lower: -1, upper: 1}\n"
                                     "candidate: {command: [/bin/true, '{c}']}\n");
  ModelTuner tuner(rm::comp::load_control_file(path));
  std::vector<std::string> ids;
  std::vector<rm::game::GameResult> committed;
  while (auto request = tuner.next_job()) {
    ids.push_back(request->job.game_id);
    committed.push_back(result_for(request->job, ids.size() % 2 == 0));
    tuner.on_result(committed.back());
  }
  REQUIRE(ids.size() == 60 + 2 * 3 + 4);
  CHECK(std::vector<std::string>(ids.begin() + 25, ids.begin() + 28) == round_ids(1, 3));
  CHECK(std::vector<std::string>(ids.begin() + 53, ids.begin() + 56) == round_ids(2, 3));
  CHECK(std::vector<std::string>(ids.end() - 4, ids.end()) == round_ids(3, 4));
  CHECK(tuner.finished());
  CHECK(tuner.json_report().at("results").at("games") == 60);
  ModelTuner restored(rm::comp::load_control_file(path));
  restored.restore(tuner.state());
  restored.restore_games(committed);
  CHECK(restored.json_report().at("pool") == tuner.json_report().at("pool"));
  CHECK(restored.json_report().at("pool").at("games_played") == 60);
  CHECK(restored.json_report().at("validation") == tuner.json_report().at("validation"));
}
