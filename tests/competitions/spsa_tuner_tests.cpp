// SpsaTuner without engines: the pairs' jobs, results taken as pentanomial outcomes, void
// games dropping their pair, the state restored mid-pair, and a state that does not grow.
#include <algorithm>
#include <catch2/catch.hpp>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_trajectory.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner.hpp"
#include "ringmaster/stats/elo.hpp"
#include "tests/support/temp_dir.hpp"

using rm::comp::SpsaTuner;

namespace {

std::string spsa_yaml(int games, const std::string& extra = "") {
  return "competition_type: spsa_tuner\n"
         "players:\n  x: {command: [engine]}\n"
         "board_size: 9\n"
         "komi: 7.5\n"
         "number_of_games: " +
         std::to_string(games) + "\n" + extra +
         "precision: 2\n"
         "seed: 5\n"
         "parameters:\n"
         "  - {code: a, lower: 0, upper: 1, elo: 5}\n"
         "  - {code: b, lower: 1, upper: 100, scale: LOG, integer: true, start: 80, elo: 5}\n"
         "candidate:\n"
         "  command: [engine, '{a}', '{b}']\n";
}

// `winner_code` wins the game (empty: jigo).
rm::game::GameResult result_of(const rm::game::GameJob& job, const std::string& winner_code) {
  rm::game::GameResult r = rm::game::result_for(job);
  if (winner_code.empty()) {
    r.is_jigo = true;
    r.sgf_result = "0";
  } else {
    r.winner = winner_code == job.black.code ? "b" : "w";
    r.sgf_result = r.winner == "b" ? "B+R" : "W+R";
  }
  return r;
}

rm::game::GameResult void_of(const rm::game::GameJob& job) {
  return rm::game::void_result_for(job, "test");
}

}  // namespace

TEST_CASE("spsa_tuner: a pair is two games of #n+ v #n- with colours swapped", "[spsa_tuner]") {
  rm::test::TempDir dir;
  const auto cf = rm::comp::load_control_file(dir.write("spsa.yaml", spsa_yaml(100)));
  SpsaTuner tuner(cf);
  auto a = tuner.next_job();
  auto b = tuner.next_job();
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->job.game_id == "0a");
  CHECK(b->job.game_id == "0b");
  CHECK(a->job.black.code == b->job.white.code);
  CHECK(a->job.white.code == b->job.black.code);
  REQUIRE(a->job.candidate);
  REQUIRE(a->job.opponent_candidate);
  CHECK(a->job.candidate->code == "#0+");
  CHECK(a->job.opponent_candidate->code == "#0-");
  CHECK(tuner.search().pairs_in_flight().size() == 1);
  // #0+ wins both: a pentanomial 4 moves theta.
  const auto theta_before = tuner.search().theta();
  CHECK(tuner.games_remaining() == 100);
  tuner.on_result(result_of(a->job, "#0+"));
  CHECK(tuner.search().games() == 0);    // waiting for the pair's other game
  CHECK(tuner.games_remaining() == 99);  // the finished game counts, as in the games table
  tuner.on_result(result_of(b->job, "#0+"));
  CHECK(tuner.search().games() == 2);
  CHECK(tuner.games_remaining() == 98);
  CHECK(tuner.search().theta() != theta_before);
  CHECK(tuner.json_report().at("pentanomial") == nlohmann::json::array({0, 0, 0, 0, 1}));
}

TEST_CASE("spsa_tuner: a void game drops its pair, the other game's result is not used",
          "[spsa_tuner]") {
  rm::test::TempDir dir;
  const auto cf = rm::comp::load_control_file(dir.write("spsa.yaml", spsa_yaml(4)));
  SpsaTuner tuner(cf);
  auto a0 = tuner.next_job();
  auto b0 = tuner.next_job();
  auto a1 = tuner.next_job();
  auto b1 = tuner.next_job();
  REQUIRE(b1);
  CHECK_FALSE(tuner.next_job());  // the budget is in flight
  tuner.on_result(result_of(a0->job, ""));
  CHECK(tuner.on_void(void_of(a1->job)));  // the first void after a result: carry on
  CHECK(tuner.search().pairs_in_flight().size() == 1);
  const auto lines = tuner.on_result(result_of(b1->job, "#1+"));
  CHECK_THAT(lines.history_line, Catch::Contains("dropped"));
  tuner.on_result(result_of(b0->job, "#0-"));
  CHECK(tuner.search().games() == 2);
  CHECK(tuner.json_report().at("pairs").at("dropped_void") == 1);
  // Another pair takes the dropped one's place.
  auto a2 = tuner.next_job();
  REQUIRE(a2);
  CHECK(a2->job.game_id == "2a");
  CHECK_FALSE(tuner.finished());
  // Two void games in a row halt the run.
  auto b2 = tuner.next_job();
  CHECK(tuner.on_void(void_of(a2->job)));
  auto a3 = tuner.next_job();
  REQUIRE(a3);
  CHECK_FALSE(tuner.on_void(void_of(a3->job)));
  (void)b2;
}

TEST_CASE("spsa_tuner: a state stored with a pair half finished continues exactly",
          "[spsa_tuner]") {
  rm::test::TempDir dir;
  const auto cf = rm::comp::load_control_file(dir.write("spsa.yaml", spsa_yaml(40)));
  SpsaTuner uninterrupted(cf);
  SpsaTuner killed(cf);
  int played = 0;
  // As the run loop does: the archive chunk is taken after each result, before the state.
  std::vector<nlohmann::json> archive, unused;
  const auto play = [&played](SpsaTuner& tuner, const rm::game::GameJob& job,
                              std::vector<nlohmann::json>& chunks) {
    const std::string& winner = played++ % 3 == 0 ? job.white.code : job.black.code;
    tuner.on_result(result_of(job, winner));
    if (auto chunk = tuner.archive_chunk()) chunks.push_back(*chunk);
  };
  for (int i = 0; i < 7; ++i) play(uninterrupted, uninterrupted.next_job()->job, unused);
  played = 0;
  for (int i = 0; i < 7; ++i) play(killed, killed.next_job()->job, archive);
  REQUIRE_FALSE(archive.empty());
  // "Killed" with game 3b in progress: a new tuner restored from the last commit replays it.
  const auto in_progress = killed.next_job();
  REQUIRE(in_progress->job.game_id == "3b");
  SpsaTuner resumed(cf);
  resumed.restore_archive(archive);
  resumed.restore(nlohmann::json::parse(killed.state().dump()));
  CHECK(resumed.json_report().at("trajectory") == killed.json_report().at("trajectory"));
  const auto replayed = resumed.next_job();
  REQUIRE(replayed);
  CHECK(replayed->job.game_id == "3b");
  CHECK(replayed->job.black.engine.process.argv == in_progress->job.black.engine.process.argv);
  const int before = played;
  for (int i = 0; i < 33; ++i) play(uninterrupted, uninterrupted.next_job()->job, unused);
  played = before;
  play(resumed, replayed->job, archive);
  for (int i = 1; i < 33; ++i) play(resumed, resumed.next_job()->job, archive);
  CHECK(uninterrupted.finished());
  CHECK(resumed.finished());
  CHECK(resumed.state() == uninterrupted.state());
  CHECK(resumed.json_report().at("trajectory") == uninterrupted.json_report().at("trajectory"));
  // An archive that does not match the state is refused, not half used.
  SpsaTuner mismatched(cf);
  archive.pop_back();
  mismatched.restore_archive(archive);
  CHECK_THROWS_AS(mismatched.restore(resumed.state()), rm::comp::IncompatibleState);
}

TEST_CASE("spsa_tuner: a state of format 1 (the trajectory in the state) is still read",
          "[spsa_tuner]") {
  rm::test::TempDir dir;
  const auto cf = rm::comp::load_control_file(dir.write("spsa.yaml", spsa_yaml(40)));
  SpsaTuner tuner(cf);
  // Format 1 kept the points (normalised theta) in the state: made here from the chunks.
  nlohmann::json points =
      nlohmann::json::array({{{"games", 0}, {"theta", tuner.search().theta()}}});
  for (int i = 0; i < 12; ++i) {
    const auto job = tuner.next_job();
    tuner.on_result(result_of(job->job, job->job.black.code));
    if (auto chunk = tuner.archive_chunk())
      for (const auto& p : chunk->at("trajectory")) points.push_back(p);
  }
  nlohmann::json old = tuner.state();
  old["format"] = 1;
  old.erase("archived_points");
  old["trajectory"] = {{"stride", 2}, {"points", points}};
  SpsaTuner resumed(cf);
  resumed.restore(old);
  CHECK(resumed.json_report().at("trajectory") == tuner.json_report().at("trajectory"));
  // Its points go to the archive with the next commit.
  const auto chunk = resumed.archive_chunk();
  REQUIRE(chunk);
  CHECK(chunk->at("trajectory").size() == tuner.json_report().at("trajectory").size() - 1);
}

TEST_CASE("spsa_tuner: the state does not grow with the games", "[spsa_tuner]") {
  rm::test::TempDir dir;
  const auto cf = rm::comp::load_control_file(dir.write("spsa.yaml", spsa_yaml(20000)));
  SpsaTuner tuner(cf);
  std::size_t size_at_2000 = 0;
  for (int game = 0; game < 20000; ++game) {
    const auto job = tuner.next_job();
    REQUIRE(job);
    tuner.on_result(result_of(job->job, game % 3 == 0 ? job->job.black.code : job->job.white.code));
    if (game == 1999) size_at_2000 = tuner.state().dump().size();
  }
  CHECK(tuner.finished());
  // The trajectory has its 64 points by then; the numbers' digits vary a little.
  CHECK(tuner.state().dump().size() < size_at_2000 + 200);
  CHECK(tuner.json_report().at("trajectory").size() <= rm::comp::spsa::Trajectory::kMaxPoints);
}

TEST_CASE("spsa_tuner: the trajectory keeps at most 64 points, spread over the run",
          "[spsa_tuner]") {
  rm::comp::spsa::Trajectory t({0.0});
  for (long games = 2; games <= 100000; games += 2) t.note(games, {static_cast<double>(games)});
  CHECK(t.points().size() <= rm::comp::spsa::Trajectory::kMaxPoints);
  CHECK(t.points().size() >= rm::comp::spsa::Trajectory::kMaxPoints / 2);
  CHECK(t.points().front().games == 0);
  CHECK(t.points().back().games > 95000);
  for (const auto& p : t.points()) CHECK(p.games % t.stride() == 0);
}

TEST_CASE("spsa_tuner: the trajectory's archived points replay into the same trajectory",
          "[spsa_tuner]") {
  rm::comp::spsa::Trajectory t({0.0});
  std::vector<rm::comp::spsa::Trajectory::Point> archived;
  for (long games = 2; games <= 100000; games += 2) {
    t.note(games, {static_cast<double>(games)});
    if (games % 14 == 0)
      for (auto& p : t.take_new_points()) archived.push_back(std::move(p));
  }
  for (auto& p : t.take_new_points()) archived.push_back(std::move(p));
  // A few hundred points in all, far fewer than the games.
  CHECK(archived.size() < 1000);
  rm::comp::spsa::Trajectory replayed({0.0});
  for (const auto& p : archived) replayed.replay(p);
  CHECK(replayed.points() == t.points());
  CHECK(replayed.stride() == t.stride());
}

TEST_CASE(
    "spsa_tuner: against an opponent, the Elo gained is the last window's against the first's",
    "[spsa_tuner]") {
  rm::test::TempDir dir;
  // 1,000 games: windows of 100 games.
  const auto cf = rm::comp::load_control_file(
      dir.write("spsa.yaml", spsa_yaml(1000, "mode: against_opponent\nopponent: x\n")));
  SpsaTuner tuner(cf);
  CHECK(tuner.json_report().at("elo_gained").is_null());
  CHECK_THAT(tuner.short_report(), Catch::Contains("Elo gained: measured once 200 games"));
  for (int game = 0; game < 300; ++game) {
    const auto job = tuner.next_job();
    REQUIRE(job);
    // The candidates win 3 games in 10 at first, 7 in 10 from game 200 on.
    const bool won = game < 200 ? game % 10 < 3 : game % 10 < 7;
    const std::string candidate =
        job->job.black.code == "x" ? job->job.white.code : job->job.black.code;
    tuner.on_result(result_of(job->job, won ? candidate : std::string("x")));
    if (game == 198) CHECK(tuner.json_report().at("elo_gained").is_null());
  }
  const auto gained = tuner.json_report().at("elo_gained");
  REQUIRE(gained.is_object());
  const double expected = 2 * rm::stats::score_to_elo(0.7);  // from 30% to 70%
  CHECK(gained.at("elo").get<double>() == Approx(expected).margin(1e-9));
  CHECK(gained.at("window") == 100);
  CHECK(gained.at("margin").get<double>() > 50);
  CHECK_THAT(tuner.short_report(), Catch::Contains("Elo gained: +294 +- "));
  // Restored, the windows continue: the same figure.
  SpsaTuner resumed(cf);
  resumed.restore(tuner.state());
  CHECK(resumed.json_report().at("elo_gained") == gained);
}

TEST_CASE("spsa_tuner: head to head, the report says the Elo gained needs the confirmation match",
          "[spsa_tuner]") {
  rm::test::TempDir dir;
  const auto cf = rm::comp::load_control_file(dir.write("spsa.yaml", spsa_yaml(100)));
  SpsaTuner tuner(cf);
  CHECK(tuner.json_report().at("elo_gained").is_null());
  CHECK_THAT(tuner.full_report(), Catch::Contains("not measured by head-to-head pairs"));
}

TEST_CASE(
    "spsa_tuner: head to head, validation rounds play the recommendation against the start and "
    "give the Elo gained",
    "[spsa_tuner]") {
  rm::test::TempDir dir;
  const auto cf = rm::comp::load_control_file(
      dir.write("spsa.yaml", spsa_yaml(40, "validation: {every: 20, games: 10}\n")));
  SpsaTuner tuner(cf);
  CHECK(tuner.json_report().at("elo_gained").is_null());
  CHECK_THAT(tuner.short_report(), Catch::Contains("measured when the first validation round"));
  int validation_games = 0;
  while (auto job = tuner.next_job()) {
    const auto& j = job->job;
    if (j.game_id[0] == 'v') {
      ++validation_games;
      // The recommendation (#v1) against the start, both recorded with their values.
      const std::string other =
          j.black.code == "#v1" || j.black.code == "#v2" ? j.white.code : j.black.code;
      CHECK(other == "start");
      REQUIRE(j.opponent_candidate);
      CHECK(j.opponent_candidate->code == "start");
      CHECK(j.opponent_candidate->parameters == "a: 0.5; b: 80");
      const auto& start_argv = (j.black.code == "start" ? j.black : j.white).engine.process.argv;
      CHECK(std::find(start_argv.begin(), start_argv.end(), std::string("80")) != start_argv.end());
      // The recommendation wins 7 games in 10.
      const std::string candidate = other == j.black.code ? j.white.code : j.black.code;
      tuner.on_result(result_of(j, (validation_games - 1) % 10 < 7 ? candidate : other));
    } else {
      tuner.on_result(result_of(j, j.black.code));
    }
  }
  CHECK(tuner.finished());
  CHECK(validation_games == 20);  // a round after 20 games and one after 40
  const auto gained = tuner.json_report().at("elo_gained");
  REQUIRE(gained.is_object());
  CHECK(gained.at("measured_by") == "validation");
  CHECK(gained.at("round") == 2);
  CHECK(gained.at("after_games") == 40);
  CHECK(gained.at("elo").get<double>() == Approx(rm::stats::score_to_elo(0.7)).margin(1e-9));
  CHECK_THAT(tuner.short_report(),
             Catch::Contains("Elo gained: the recommendation after 40 games against the start "
                             "(validation round 2, 10 games): Elo +147"));
  CHECK_THAT(tuner.full_report(), Catch::Contains("validation (recommended candidate v start):"));
  // Restored, the same figure.
  SpsaTuner resumed(cf);
  resumed.restore(tuner.state());
  CHECK(resumed.json_report().at("elo_gained") == gained);
}
