// What the tuner shell does for every tuner (tuner_shell.hpp): the state envelope, a restore
// that reads the whole state before it changes anything, validation's part of every report,
// and the startup check's candidate. Each case runs over the four tuners.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "tests/competitions/tuner_fixture.hpp"

using namespace rm::comp;
using namespace rm::comp::test;

namespace {

const std::string kCommon =
    "players:\n"
    "  opp: {command: [/bin/true]}\n"
    "board_size: 9\n"
    "komi: 7.5\n"
    "opponent: opp\n"
    "candidate_colour: b\n"
    "seed: 7\n"
    "validation: {every: 4, games: 2, at_end: 2}\n";

// Each tuner, with validation rounds after every 4 tuning games.
struct TunerFile {
  std::string type, text;
};
std::vector<TunerFile> tuner_files() {
  return {
      {"mc_tuner", "competition_type: mc_tuner\n" + kCommon +
                       "number_of_games: 12\n"
                       "exploration_coefficient: 0.5\n"
                       "initial_visits: 2\n"
                       "initial_wins: 1\n"
                       "parameters:\n"
                       "  - {code: pl, scale: 'LINEAR(0, 10, integer)', split: 5,"
                       " format: 'pl: %d'}\n"
                       "candidate: {command: [/bin/true, '{pl}']}\n"},
      {"ce_tuner", "competition_type: ce_tuner\n" + kCommon +
                       "samples_per_generation: 3\n"
                       "batch_size: 2\n"
                       "number_of_generations: 2\n"
                       "elite_proportion: 0.4\n"
                       "step_size: 0.5\n"
                       "parameters:\n"
                       "  - {code: pl, initial_mean: 1, initial_variance: 0.1}\n"
                       "candidate: {command: [/bin/true, '{pl}']}\n"},
      {"model_tuner", "competition_type: model_tuner\n" + kCommon +
                          "number_of_games: 12\n"
                          "parameters:\n"
                          "  - {code: c, lower: -1, upper: 1}\n"
                          "candidate: {command: [/bin/true, '{c}']}\n"},
      {"spsa_tuner", "competition_type: spsa_tuner\n" + kCommon +
                         "mode: against_opponent\n"
                         "number_of_games: 12\n"
                         "precision: 2\n"
                         "parameters:\n"
                         "  - {code: a, lower: 0, upper: 1, elo: 5}\n"
                         "candidate: {command: [/bin/true, '{a}']}\n"},
  };
}

// Plays `games` jobs one at a time (the candidate wins every other); returns the last job
// left unplayed when `leave_one_running`.
std::optional<rm::game::GameJob> play(Competition& c, int games, bool leave_one_running) {
  for (int i = 0; i < games; ++i) {
    auto request = c.next_job();
    REQUIRE(request);
    c.on_result(result_for(request->job, i % 2 == 0));
  }
  if (!leave_one_running) return std::nullopt;
  auto request = c.next_job();
  REQUIRE(request);
  return request->job;
}

}  // namespace

TEST_CASE("tuner shell: the state envelope holds the format, the definition and the shell's part",
          "[tuner_shell]") {
  for (const auto& file : tuner_files()) {
    INFO(file.type);
    TempDir dir;
    auto tuner = make_competition(load_control_file(dir.write("t.yaml", file.text)));
    play(*tuner, 6, false);  // past the first validation round
    const nlohmann::json state = tuner->state();
    CHECK(state.at("format").is_number_integer());
    CHECK(state.at("definition") == tuner->definition());
    CHECK(state.at("opponent_description") == "Opponent Engine 1.0");
    CHECK(state.at("validation").at("rounds").size() == 1);
    auto restored = make_competition(load_control_file(dir.path() + "/t.yaml"));
    restored->restore(state);
    REQUIRE(restored->restore_statistics(tuner->statistics()));  // the pool, kept apart
    CHECK(restored->state() == state);
    CHECK(restored->short_report() == tuner->short_report());
  }
}

TEST_CASE("tuner shell: a state that cannot be read is refused and changes nothing",
          "[tuner_shell]") {
  for (const auto& file : tuner_files()) {
    INFO(file.type);
    TempDir dir;
    const std::string path = dir.write("t.yaml", file.text);
    auto played = make_competition(load_control_file(path));
    play(*played, 6, false);
    const nlohmann::json good = played->state();

    auto tuner = make_competition(load_control_file(path));
    play(*tuner, 2, false);
    const nlohmann::json before = tuner->state();
    // Formats that are not numbers were thrown past IncompatibleState by some tuners.
    for (const nlohmann::json& format :
         {nlohmann::json("1"), nlohmann::json(nullptr), nlohmann::json(99), nlohmann::json(1.5)}) {
      nlohmann::json bad = good;
      bad["format"] = format;
      CHECK_THROWS_WITH(tuner->restore(bad),
                        "error loading competition state: unknown " + file.type + " state format");
    }
    // The shell's part is good and the tuner's is not: neither is taken.
    for (const auto& [key, value] : good.items()) {
      if (key == "format" || key == "definition" || key == "opponent_description" ||
          key == "validation")
        continue;
      // The one-parameter model is refitted from the samples when its fit cannot be used.
      if (file.type == "model_tuner" && key == "surrogate") continue;
      nlohmann::json bad = good;
      bad[key] = "not this";
      INFO(key);
      CHECK_THROWS_AS(tuner->restore(bad), IncompatibleState);
      CHECK(tuner->state() == before);
    }
    nlohmann::json bad_validation = good;
    bad_validation["validation"] = "not this";
    CHECK_THROWS_AS(tuner->restore(bad_validation), IncompatibleState);
    CHECK(tuner->state() == before);
  }
}

TEST_CASE("tuner shell: every tuner's screen shows its validation games in progress",
          "[tuner_shell]") {
  for (const auto& file : tuner_files()) {
    INFO(file.type);
    TempDir dir;
    auto tuner = make_competition(load_control_file(dir.write("t.yaml", file.text)));
    const auto running = play(*tuner, 4, true);
    REQUIRE(running->game_id == "v1#0");
    CHECK_THAT(tuner->screen_report({running->game_id}),
               Catch::Contains("Validation in progress:\n"));
    CHECK_THAT(
        tuner->short_report(),
        Catch::Contains("\nvalidation (recommended candidate v opp):\nround 1 after 4 games"));
    CHECK(tuner->json_report().contains("validation"));
  }
}

TEST_CASE("tuner shell: the startup check starts the tuner's start, the mc_tuner's first point",
          "[tuner_shell]") {
  for (const auto& file : tuner_files()) {
    INFO(file.type);
    TempDir dir;
    auto tuner = make_competition(load_control_file(dir.write("t.yaml", file.text)));
    const auto players = tuner->players_to_check();
    REQUIRE(players.size() == 2);
    CHECK(players[0].first.code == "candidate");
    CHECK(players[1].first.code == "opp");
    const auto& argv = players[0].first.engine.process.argv;
    const std::string expected = file.type == "mc_tuner"     ? "1"
                                 : file.type == "ce_tuner"   ? "1.0"
                                 : file.type == "spsa_tuner" ? "0.5"
                                                             : "0.0";
    CHECK(argv.back() == expected);
  }
}
