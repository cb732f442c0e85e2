// The `reuse` and `restart_every` player settings: read from the control file, carried in the
// job JSON, and refused with file, line and setting when wrong.
#include <catch2/catch.hpp>
#include <fstream>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/config_error.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/game/game_job.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

std::string control(const std::string& player_settings) {
  return "competition_type: playoff\n"
         "players:\n"
         "  a:\n"
         "    command: ringbot\n" +
         player_settings +
         "  b: {command: ringbot}\n"
         "board_size: 9\n"
         "komi: 7.5\n"
         "matchups: [[a, b]]\n";
}

std::string load_error(const rm::test::TempDir& dir, const std::string& settings) {
  try {
    rm::comp::load_control_file(dir.write("r.yaml", control(settings)));
  } catch (const rm::control::ConfigError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("reuse settings: read into the player, default off", "[reuse][settings]") {
  rm::test::TempDir dir("rm-reuse-settings");
  auto cf = rm::comp::load_control_file(
      dir.write("r.yaml", control("    reuse: true\n    restart_every: 25\n")));
  CHECK(cf.players.at("a").reuse);
  CHECK(cf.players.at("a").restart_every == 25);
  CHECK_FALSE(cf.players.at("b").reuse);
  CHECK(cf.players.at("b").restart_every == 0);
}

TEST_CASE("reuse settings: errors name the file, line and setting", "[reuse][settings]") {
  rm::test::TempDir dir("rm-reuse-settings");
  CHECK_THAT(load_error(dir, "    restart_every: 5\n"),
             Catch::Contains("r.yaml:5:") && Catch::Contains("restart_every needs reuse: true"));
  CHECK_THAT(load_error(dir, "    reuse: true\n    restart_every: 0\n"),
             Catch::Contains("restart_every") && Catch::Contains("must be a positive integer"));
  CHECK_THAT(load_error(dir, "    reuse: sometimes\n"), Catch::Contains("reuse"));
}

TEST_CASE("reuse settings: carried in the job JSON", "[reuse][settings]") {
  rm::game::GameJob job;
  job.game_id = "g";
  job.black.code = "a";
  job.black.engine.process.argv = {"ringbot"};
  job.black.reuse = true;
  job.black.restart_every = 7;
  job.white.code = "b";
  job.white.engine.process.argv = {"ringbot"};
  job.settings.board_size = 9;
  auto back = rm::game::job_from_json(rm::game::to_json(job));
  CHECK(back.black.reuse);
  CHECK(back.black.restart_every == 7);
  CHECK_FALSE(back.white.reuse);
  auto j = rm::game::to_json(job);
  j["black"]["restart_every"] = -1;
  CHECK_THROWS_WITH(rm::game::job_from_json(j),
                    Catch::Contains("black.restart_every") && Catch::Contains("non-negative"));
}

TEST_CASE("reuse settings: not for a tuner's candidates (a new engine every game)",
          "[reuse][settings]") {
  rm::test::TempDir dir("rm-reuse-settings");
  const std::string yaml =
      "competition_type: mc_tuner\n"
      "players:\n"
      "  opp: {command: ringbot, reuse: true}\n"
      "board_size: 7\n"
      "komi: 4.5\n"
      "number_of_games: 10\n"
      "candidate_colour: w\n"
      "opponent: opp\n"
      "exploration_coefficient: 0.45\n"
      "initial_visits: 2\n"
      "initial_wins: 1\n"
      "parameters:\n"
      "  - {code: pl, scale: 'LOG(2, 40, integer)', split: 3, format: 'pl: %d'}\n"
      "candidate:\n"
      "  command: [ringbot, --playouts, '{pl}']\n";
  auto cf = rm::comp::load_control_file(dir.write("t.yaml", yaml));
  CHECK(cf.players.at("opp").reuse);  // the opponent may be kept
  std::string error = "no error";
  try {
    rm::comp::load_control_file(dir.write("t.yaml", yaml + "  reuse: true\n"));
  } catch (const rm::control::ConfigError& e) {
    error = e.what();
  }
  CHECK_THAT(error, Catch::Contains("t.yaml:16:") && Catch::Contains("reuse"));
}
