// A fifth tuner, written as a new one would be: only the hooks the shell requires (next game,
// result, void game, progress, recommendation, short and JSON reports, state out and in, and
// the definition every competition has). The shell gives it everything else: candidates,
// colours, jobs, validation rounds and validation's part of every report, the live screen, the
// state envelope and a restore that changes nothing when it fails. If a change makes a tuner
// implement more than this, this file stops compiling.
#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner_settings.hpp"
#include "ringmaster/competitions/tuner_shell.hpp"
#include "tests/competitions/tuner_fixture.hpp"

using namespace rm::comp;
using namespace rm::comp::test;

namespace {

// Its settings are a model_tuner's (one parameter, number_of_games): a real fifth tuner would
// register its own type and settings in one line of competition_types.cpp.
const ModelTunerSettings& settings_of(const rm::control::ControlFile& cf) {
  return *cf.settings_if<ModelTunerSettings>();
}

// Plays each game at a random point of the one parameter; recommends the mean of the points
// whose games the candidate won (the middle of the range before any win).
class RandomSearchTuner final : public TunerShell {
 public:
  explicit RandomSearchTuner(const rm::control::ControlFile& cf)
      : TunerShell(cf, settings_of(cf), settings_of(cf).engine_parameters(), 1),
        games_(*settings_of(cf).number_of_games) {}

  nlohmann::json definition() const override {
    return {{"competition_type", "random_search"}, {"games", games_}};
  }

 private:
  std::optional<JobRequest> next_tuning_job() override {
    if (next_ >= games_) return std::nullopt;
    const int n = next_++;
    GameRng rng(seed_, static_cast<std::uint64_t>(n));
    const double u = rng.unit();
    playing_[n] = u;
    const auto values = values_at(u);
    const bool black =
        candidate_is_black(static_cast<std::uint64_t>(n), [&rng] { return rng.below(2) == 0; });
    return make_job("r" + std::to_string(n), static_cast<std::uint64_t>(n),
                    candidate_named(values, "#" + std::to_string(n)), values, black, text(values),
                    "game " + std::to_string(n));
  }
  ResultLines on_tuning_result(const rm::game::GameResult& r) override {
    const int n = std::stoi(r.game_id.substr(1));
    const double u = playing_.at(n);
    playing_.erase(n);
    ++done_;
    const bool won = r.losing_code() == tuner_.opponent;
    if (won) {
      ++wins_;
      won_sum_ += u;
    }
    const std::string line = text(values_at(u)) + (won ? " won" : " lost");
    return {"game " + std::to_string(n) + ": " + line, line};
  }
  bool on_tuning_void(const rm::game::GameResult& r) override {
    playing_.erase(std::stoi(r.game_id.substr(1)));
    ++done_;  // not replayed: its number is skipped
    return true;
  }
  TuningProgress tuning_progress() const override {
    return {done_, games_ - done_, done_ >= games_};
  }
  std::vector<rm::scales::Value> recommendation() const override {
    return values_at(wins_ == 0 ? 0.5 : won_sum_ / wins_);
  }
  std::string tuner_short_report() const override {
    return games_played_text(done_, std::to_string(wins_) + " won") + "\nrecommended " +
           text(recommendation()) + "\n";
  }
  nlohmann::json tuner_json_report() const override { return {{"games", done_}, {"wins", wins_}}; }
  nlohmann::json tuner_state() const override {
    return {{"done", done_}, {"wins", wins_}, {"won_sum", won_sum_}};
  }
  StateCommit read_tuner_state(const nlohmann::json& state, int format,
                               const std::vector<nlohmann::json>& archive) override {
    (void)format;
    (void)archive;
    const int done = state.at("done").get<int>();
    const int wins = state.at("wins").get<int>();
    const double won_sum = state.at("won_sum").get<double>();
    // Games in progress when the run stopped are played again under the same numbers.
    return [this, done, wins, won_sum] {
      done_ = next_ = done;
      wins_ = wins;
      won_sum_ = won_sum;
      playing_.clear();
    };
  }

  std::vector<rm::scales::Value> values_at(double u) const { return {parameters_[0].scale->at(u)}; }
  std::string text(const std::vector<rm::scales::Value>& values) const {
    return rm::scales::format_engine_parameters(parameters_, values);
  }

  const int games_;
  int next_ = 0, done_ = 0, wins_ = 0;
  double won_sum_ = 0.0;
  std::map<int, double> playing_;  // game number -> its point
};

const std::string kFile =
    "competition_type: model_tuner\n"
    "players:\n"
    "  opp: {command: [/bin/true]}\n"
    "board_size: 9\n"
    "komi: 7.5\n"
    "opponent: opp\n"
    "candidate_colour: random\n"
    "seed: 7\n"
    "validation: {every: 4, games: 2, at_end: 2}\n"
    "number_of_games: 8\n"
    "parameters:\n"
    "  - {code: c, lower: 0, upper: 10, integer: true}\n"
    "candidate: {command: [/bin/true, '{c}']}\n";

// Plays every game there is, the candidate winning every other.
int play_all(Competition& c) {
  int games = 0;
  while (auto request = c.next_job()) c.on_result(result_for(request->job, games++ % 2 == 0));
  return games;
}

}  // namespace

TEST_CASE("fifth tuner: the shell plays its games and validation rounds", "[tuner_shell]") {
  TempDir dir;
  RandomSearchTuner tuner(load_control_file(dir.write("t.yaml", kFile)));
  // A round after 4 tuning games and one at the end (none after the 8th: the final one is).
  CHECK(tuner.games_remaining() == 8 + 2 * 2);
  CHECK(play_all(tuner) == 12);
  CHECK(tuner.finished());
  CHECK(tuner.validation().rounds().size() == 2);
  const std::string report = tuner.short_report();
  CHECK(report.find("12/12 games played (tuning 8/8: 4 won; validation 4/4)\n") == 0);
  CHECK(report.find("\nvalidation") != std::string::npos);
  // The live screen is the short report by default, then validation's part.
  CHECK(tuner.screen_report({}).find("12/12 games played") == 0);
  // Candidates rendered by the shell, under the tuner's codes.
  TempDir other;
  RandomSearchTuner again(load_control_file(other.write("t.yaml", kFile)));
  const auto first = again.next_job();
  REQUIRE(first);
  REQUIRE(first->job.candidate);
  CHECK(first->job.candidate->code == "#0");
  CHECK((first->job.black.code == "#0" || first->job.white.code == "#0"));
}

TEST_CASE("fifth tuner: without a start the startup check starts its recommendation",
          "[tuner_shell]") {
  TempDir dir;
  const RandomSearchTuner tuner(load_control_file(dir.write("t.yaml", kFile)));
  const auto players = tuner.players_to_check();
  REQUIRE(players.size() == 2);  // the candidate and the opponent
  CHECK(players[0].first.code == "candidate");
  // The middle of 0..10 before any win: the command renders {c} as 5.
  CHECK(players[0].first.engine.process.argv == std::vector<std::string>{"/bin/true", "5"});
  CHECK(players[1].first.code == "opp");
}

TEST_CASE("fifth tuner: stopped with a game in progress and resumed, it ends as one run",
          "[tuner_shell]") {
  TempDir dir;
  const std::string path = dir.write("t.yaml", kFile);
  RandomSearchTuner whole(load_control_file(path));
  play_all(whole);

  RandomSearchTuner first(load_control_file(path));
  for (int i = 0; i < 5; ++i) {  // 4 tuning games and a validation game
    auto request = first.next_job();
    REQUIRE(request);
    first.on_result(result_for(request->job, i % 2 == 0));
  }
  REQUIRE(first.next_job());  // in progress when the run stops: not in the state
  const nlohmann::json state = first.state();
  CHECK(state.at("format") == 1);
  CHECK(state.at("definition") == first.definition());

  RandomSearchTuner resumed(load_control_file(path));
  // A state it cannot read changes nothing.
  nlohmann::json bad = state;
  bad["wins"] = "many";
  const nlohmann::json before = resumed.state();
  CHECK_THROWS_AS(resumed.restore(bad), IncompatibleState);
  CHECK(resumed.state() == before);
  bad = state;
  bad["format"] = 2;
  CHECK_THROWS_WITH(resumed.restore(bad),
                    "error loading competition state: unknown model_tuner state format");

  resumed.restore(state);
  int games = 5;
  while (auto request = resumed.next_job())
    resumed.on_result(result_for(request->job, games++ % 2 == 0));
  CHECK(games == 12);
  CHECK(resumed.state() == whole.state());
  CHECK(resumed.short_report() == whole.short_report());
}
