#include <catch2/catch.hpp>

#include "ringmaster/game/game_result.hpp"

using namespace rm::game;

namespace {

GameResult sample_result() {
  GameResult r;
  r.game_id = "0_003";
  r.black_code = "one";
  r.white_code = "two";
  r.winner = "b";
  r.sgf_result = "B+F";
  r.is_forfeit = true;
  r.detail = "forfeit by two: timeout after 2.0s waiting for response to 'genmove w'";
  r.forfeit_cause = "timeout";
  r.move_count = 17;
  r.black_cpu_s = 0.25;
  r.black_short_description = "scripted:1";
  r.black_long_description = "scripted engine\nline two";
  r.warnings = {"forfeit by two: timeout"};
  r.late_errors = {"error closing player two:\nkilled"};
  r.sgf_path = "/tmp/x.sgf";
  return r;
}

bool same(const GameResult& a, const GameResult& b) {
  return to_json(a) == to_json(b);
}

}  // namespace

TEST_CASE("GameResult JSON round trip", "[game][json]") {
  GameResult r = sample_result();
  GameResult back = result_from_json(nlohmann::json::parse(to_json(r).dump()));
  CHECK(same(r, back));
  CHECK(back.black_cpu_s == r.black_cpu_s);
  CHECK_FALSE(back.white_cpu_s);
  CHECK_FALSE(back.margin);
  CHECK(back.late_errors == r.late_errors);

  GameResult scored;
  scored.game_id = "1";
  scored.black_code = "a";
  scored.white_code = "b";
  scored.winner = "w";
  scored.sgf_result = "W+4.5";
  scored.margin = 4.5;
  GameResult back2 = result_from_json(to_json(scored));
  CHECK(back2.margin == 4.5);
  CHECK(same(scored, back2));
}

TEST_CASE("GameResult JSON errors name the field", "[game][json]") {
  nlohmann::json j = to_json(sample_result());
  SECTION("missing") {
    j.erase("sgf_result");
    CHECK_THROWS_WITH(result_from_json(j), "sgf_result: missing");
  }
  SECTION("wrong type") {
    j["move_count"] = "seventeen";
    CHECK_THROWS_WITH(result_from_json(j), "move_count: expected an integer");
  }
  SECTION("bad winner") {
    j["winner"] = "black";
    CHECK_THROWS_WITH(result_from_json(j), Catch::Contains("winner: expected"));
  }
  SECTION("not an object") {
    CHECK_THROWS_WITH(result_from_json(nlohmann::json::array()),
                      Catch::Contains("expected a JSON object"));
  }
  SECTION("bad list item") {
    j["warnings"] = nlohmann::json::array({"ok", 3});
    CHECK_THROWS_WITH(result_from_json(j), "warnings[1]: expected a string");
  }
}

TEST_CASE("GameResult describe and codes", "[game][result]") {
  GameResult r;
  r.black_code = "one";
  r.white_code = "two";
  r.winner = "b";
  r.sgf_result = "B+18";
  CHECK(r.describe() == "one beat two B+18");
  CHECK(r.winning_code() == "one");
  CHECK(r.losing_code() == "two");
  r.winner = "w";
  r.sgf_result = "W+F";
  r.detail = "forfeit by one: attempted move to occupied point D4";
  CHECK(r.describe() == "two beat one W+F (forfeit by one: attempted move to occupied point D4)");
  GameResult j;
  j.black_code = "one";
  j.white_code = "two";
  j.is_jigo = true;
  j.sgf_result = "0";
  CHECK(j.describe() == "one vs two jigo");
  CHECK(j.winning_code().empty());
  GameResult m;
  m.black_code = "one";
  m.white_code = "two";
  m.sgf_result = "Void";
  m.detail = "hit move limit";
  CHECK(m.describe() == "one vs two Void (hit move limit)");
  GameResult v;
  v.black_code = "one";
  v.white_code = "two";
  v.is_void = true;
  v.sgf_result = "Void";
  v.void_reason = "aborted";
  CHECK(v.describe() == "one vs two Void (aborted)");
}

TEST_CASE("GameResult JSON: a game between two candidates keeps both records",
          "[game_result][json]") {
  GameResult r = sample_result();
  r.candidate = CandidateRecord{"#3+", "c: 0.5", nlohmann::json::array({0.5})};
  r.opponent_candidate = CandidateRecord{"#3-", "c: 0.3", nlohmann::json::array({0.3})};
  const GameResult back = result_from_json(to_json(r));
  REQUIRE(back.opponent_candidate);
  CHECK(*back.opponent_candidate == *r.opponent_candidate);
  CHECK(same(back, r));
  // A result stored before the field existed has none, and writes none.
  r.opponent_candidate.reset();
  CHECK_FALSE(to_json(r).contains("opponent_candidate"));
  CHECK_FALSE(result_from_json(to_json(r)).opponent_candidate);
}
