// Rating lists in tournament reports, and the gauntlet shorthand for a playoff.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <string>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/tournaments/allplayall.hpp"
#include "ringmaster/competitions/tournaments/playoff.hpp"
#include "ringmaster/competitions/tournaments/tournament_settings.hpp"
#include "ringmaster/control/config_error.hpp"
#include "tests/competitions/tuner_fixture.hpp"

namespace {

using rm::comp::test::TempDir;

rm::control::ControlFile load(const TempDir& dir, const std::string& type,
                              const std::string& yaml) {
  const std::string path = dir.path() + "/r.yaml";
  std::ofstream(path) << "competition_type: " << type << "\n"
                      << "players:\n"
                         "  a: {command: [ringbot]}\n"
                         "  b: {command: [ringbot]}\n"
                         "  c: {command: [ringbot]}\n"
                         "  d: {command: [ringbot]}\n"
                         "board_size: 9\n"
                         "komi: 7.5\n"
                      << yaml;
  return rm::comp::load_control_file(path);
}

std::string load_error(const TempDir& dir, const std::string& type, const std::string& yaml) {
  try {
    load(dir, type, yaml);
  } catch (const rm::control::ConfigError& e) {
    return e.what();
  }
  return "no error";
}

// Plays every job; `winner` chooses the winner's code from (black, white).
template <class Winner>
void play_all(rm::comp::Competition& c, Winner winner) {
  while (auto request = c.next_job()) {
    const auto& job = request->job;
    rm::game::GameResult r;
    r.game_id = job.game_id;
    r.black_code = job.black.code;
    r.white_code = job.white.code;
    r.winner = winner(job.black.code, job.white.code) == job.black.code ? "b" : "w";
    r.sgf_result = r.winner == "b" ? "B+R" : "W+R";
    c.on_result(r);
  }
}

// a beats everyone 3 of 4; b beats c 3 of 4 (counts per pair of games decided by number).
struct Strength {
  std::map<std::string, int> rank{{"a", 0}, {"b", 1}, {"c", 2}, {"d", 3}};
  std::map<std::string, int> played;
  std::string operator()(const std::string& black, const std::string& white) {
    const std::string key = black < white ? black + white : white + black;
    const int n = played[key]++;
    const bool upset = n % 4 == 3;
    const std::string& better = rank[black] < rank[white] ? black : white;
    const std::string& worse = &better == &black ? white : black;
    return upset ? worse : better;
  }
};

}  // namespace

TEST_CASE("allplayall: the rating list ranks every competitor from all games",
          "[rating_list][allplayall]") {
  TempDir dir;
  auto cf = load(dir, "allplayall", "competitors: [a, b, c]\nrounds: 4\nanchor_rating: 1000\n");
  rm::comp::AllPlayAll t(cf);
  CHECK(t.json_report()["rating_list"].is_null());  // no games yet
  play_all(t, Strength{});
  const auto report = t.short_report();
  CHECK_THAT(report, Catch::Contains("rating list (Bradley-Terry maximum likelihood; a fixed at "
                                     "1000.0; 95% intervals):"));
  const auto json = t.json_report()["rating_list"];
  CHECK(json["anchor"] == "a");
  CHECK(json["anchor_rating"] == 1000.0);
  CHECK(json["prior_draws"] == 0.0);
  REQUIRE(json["players"].size() == 3);
  CHECK(json["players"][0]["code"] == "a");
  CHECK(json["players"][0]["rating"] == 1000.0);
  CHECK(json["players"][0]["rank"] == 1);
  CHECK(json["players"][1]["code"] == "b");
  CHECK(json["players"][2]["code"] == "c");
  // Every pair scores 3-1 for the better player, so the list is evenly spaced: b is
  // 400 log10(3) below a's... in a consistent world; here a-c is also 3-1, so the maximum
  // puts b exactly midway between a and c.
  const double ra = json["players"][0]["rating"], rb = json["players"][1]["rating"],
               rc = json["players"][2]["rating"];
  CHECK(ra - rb == Approx(rb - rc).epsilon(1e-6));
  CHECK(json["players"][1]["error"].get<double>() > 0);
  CHECK(json["players"][1]["games"] == 8.0);
  CHECK(json["players"][1]["points"] == 4.0);
  // The live display shows it under the grid.
  CHECK_THAT(t.screen_report({}), Catch::Contains("rating list"));
}

TEST_CASE("gauntlet: one player against each opponent, ids the opponents' codes",
          "[rating_list][gauntlet]") {
  TempDir dir;
  auto cf = load(dir, "playoff",
                 "alternating: true\nnumber_of_games: 4\n"
                 "gauntlet: {player: a, opponents: [b, c, d]}\n");
  const auto& s = cf.settings<rm::comp::PlayoffSettings>();
  REQUIRE(s.matchups.size() == 3);
  CHECK(s.matchups[1].id == "c");
  CHECK(s.matchups[1].player_1 == "a");
  CHECK(s.matchups[1].player_2 == "c");
  CHECK(s.matchups[1].alternating);
  CHECK(s.matchups[1].number_of_games == 4);
  CHECK(s.gauntlet_player == "a");
  rm::comp::Playoff p(cf);
  play_all(p, Strength{});
  const auto json = p.json_report();
  CHECK(json["gauntlet_player"] == "a");
  CHECK(json["games_played"] == 12);
  CHECK(json["rating_list"]["anchor"] == "a");
  CHECK(json["rating_list"]["players"].size() == 4);
  CHECK_THAT(p.short_report(), Catch::Contains("rating list"));
  CHECK_THAT(p.short_report(), Catch::Contains("a v d (4/4 games)"));
}

TEST_CASE("playoff: two players show no rating list unless an anchor is given",
          "[rating_list][playoff]") {
  TempDir dir;
  auto two = load(dir, "playoff", "matchups: [[a, b]]\nnumber_of_games: 4\n");
  rm::comp::Playoff p(two);
  play_all(p, Strength{});
  CHECK(p.json_report()["rating_list"].is_null());
  CHECK_THAT(p.short_report(), !Catch::Contains("rating list"));
  CHECK(p.json_report()["gauntlet_player"].is_null());

  auto anchored =
      load(dir, "playoff", "matchups: [[a, b]]\nnumber_of_games: 4\nrating_anchor: b\n");
  rm::comp::Playoff q(anchored);
  play_all(q, Strength{});
  const auto list = q.json_report()["rating_list"];
  CHECK(list["anchor"] == "b");
  CHECK(list["players"][0]["code"] == "a");
  CHECK(list["players"][0]["rating"].get<double>() == Approx(400 * std::log10(3.0)));
}

TEST_CASE("gauntlet and rating settings: errors name the setting", "[rating_list][gauntlet]") {
  TempDir dir;
  CHECK_THAT(
      load_error(dir, "playoff", "gauntlet: {player: a, opponents: [b]}\nmatchups: [[a, b]]\n"),
      Catch::Contains("give either matchups or gauntlet, not both"));
  CHECK_THAT(load_error(dir, "playoff", "gauntlet: {player: a, opponents: [b, a]}\n"),
             Catch::Contains("cannot be its own opponent"));
  CHECK_THAT(load_error(dir, "playoff", "gauntlet: {player: a, opponents: [b, b]}\n"),
             Catch::Contains("duplicate opponent 'b'"));
  CHECK_THAT(load_error(dir, "playoff", "gauntlet: {player: a, opponents: []}\n"),
             Catch::Contains("empty list"));
  CHECK_THAT(load_error(dir, "playoff", "gauntlet: {player: x, opponents: [b]}\n"),
             Catch::Contains("unknown player x"));
  CHECK_THAT(load_error(dir, "playoff", "gauntlet: {player: a, rivals: [b]}\n"),
             Catch::Contains("rivals"));
  CHECK_THAT(load_error(dir, "playoff", "matchups: [[a, b]]\nrating_anchor: c\n"),
             Catch::Contains("the rating anchor must play in one of the matchups"));
  CHECK_THAT(load_error(dir, "allplayall", "competitors: [a, b]\nrating_anchor: c\n"),
             Catch::Contains("the rating anchor must be one of the competitors"));
  CHECK_THAT(load_error(dir, "allplayall", "competitors: [a, b]\nanchor_rating: lots\n"),
             Catch::Contains("anchor_rating"));
  // Errors carry the file, line and column.
  CHECK_THAT(load_error(dir, "playoff", "gauntlet: {player: a, opponents: [b, b]}\n"),
             Catch::Contains("r.yaml:"));
}
