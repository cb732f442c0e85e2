#include "ringmaster/game/outcome.hpp"

#include <catch2/catch.hpp>

#include "ringmaster/game/number_format.hpp"

using namespace rm::game;

TEST_CASE("format_number prints integers without a fraction", "[game][outcome]") {
  CHECK(format_number(18.0) == "18");
  CHECK(format_number(4.5) == "4.5");
  CHECK(format_number(0.0) == "0");
  CHECK(format_number(-0.0) == "0");
  CHECK(format_number(-7.5) == "-7.5");
  CHECK(format_number(0.1) == "0.1");
}

TEST_CASE("internal scoring applies komi and handicap compensation", "[game][outcome]") {
  // gomill's test: a 13x13 game with 3 handicap stones, area difference 53, komi 0:
  // no -> B+53, full -> B+50, short -> B+51.
  int area_b = 111;
  int area_w = 58;
  CHECK(internal_score(area_b, area_w, 0.0, 3, HandicapCompensation::No).sgf_result == "B+53");
  CHECK(internal_score(area_b, area_w, 0.0, 3, HandicapCompensation::Full).sgf_result == "B+50");
  CHECK(internal_score(area_b, area_w, 0.0, 3, HandicapCompensation::Short).sgf_result == "B+51");
  // Without a handicap the compensation setting does nothing.
  for (auto style :
       {HandicapCompensation::No, HandicapCompensation::Full, HandicapCompensation::Short}) {
    auto o = internal_score(30, 49, 7.0, 0, style);
    CHECK(o.sgf_result == "W+26");
    CHECK(o.winner == rm::go::Colour::White);
    CHECK(o.margin == Approx(26.0));
  }
  auto even = internal_score(40, 33, 7.0, 0, HandicapCompensation::Full);
  CHECK(even.is_jigo);
  CHECK(even.sgf_result == "0");
  CHECK_FALSE(even.winner);
  CHECK(internal_score(41, 40, 0.5, 0, HandicapCompensation::Full).sgf_result == "B+0.5");
}

TEST_CASE("players' final scores combine as gomill does", "[game][outcome]") {
  SECTION("agreement") {
    auto o = combine_player_scores({{"one", "B+18"}, {"two", "b+18.0"}});
    CHECK(o.sgf_result == "B+18");
    CHECK(o.winner == rm::go::Colour::Black);
    CHECK(o.detail.empty());
    CHECK(disagreeing_score_lines({{"one", "B+18"}, {"two", "b+18.0"}}, o.sgf_result).empty());
  }
  SECTION("same winner, different margins: unknown margin") {
    std::vector<ScoreReport> reports{{"one", "W+3.5"}, {"two", "W+5.5"}};
    auto o = combine_player_scores(reports);
    CHECK(o.sgf_result == "W+");
    CHECK(o.winner == rm::go::Colour::White);
    CHECK_FALSE(o.margin);
    CHECK(o.detail == "unknown margin");
    auto lines = disagreeing_score_lines(reports, o.sgf_result);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "one final_score: W+3.5");
    CHECK(lines[1] == "two final_score: W+5.5");
  }
  SECTION("different winners: players disagreed") {
    auto o = combine_player_scores({{"one", "B+1"}, {"two", "W+1"}});
    CHECK(o.sgf_result == "?");
    CHECK_FALSE(o.winner);
    CHECK(o.detail == "players disagreed");
  }
  SECTION("jigo and ignored junk") {
    auto o = combine_player_scores({{"one", "0"}, {"two", "no idea"}});
    CHECK(o.is_jigo);
    CHECK(o.sgf_result == "0");
  }
  SECTION("nothing usable") {
    auto o = combine_player_scores({{"one", "B+abc"}});
    CHECK(o.sgf_result == "?");
    CHECK(o.detail == "no score reported");
    CHECK(combine_player_scores({}).detail == "no score reported");
  }
  SECTION("an infinite margin (or one beyond a double) is an unknown margin") {
    for (const char* score : {"B+inf", "B+1e400", "b+nan"}) {
      auto o = combine_player_scores({{"one", score}});
      CHECK(o.sgf_result == "B+");
      CHECK(o.detail == "unknown margin");
    }
  }
  SECTION("zero margin gives a winner with unknown margin") {
    auto o = combine_player_scores({{"one", "B+0"}});
    CHECK(o.sgf_result == "B+");
    CHECK(o.detail == "unknown margin");
  }
}

TEST_CASE("named outcomes have gomill's spellings", "[game][outcome]") {
  CHECK(resignation(rm::go::Colour::White).sgf_result == "W+R");
  CHECK(resignation(rm::go::Colour::White).detail.empty());
  auto c = claim(rm::go::Colour::Black);
  CHECK(c.sgf_result == "B+");
  CHECK(c.detail == "claim");
  auto f =
      forfeit(rm::go::Colour::Black, "two", "attempted move to occupied point D4", "illegal_move");
  CHECK(f.sgf_result == "B+F");
  CHECK(f.is_forfeit);
  CHECK(f.detail == "forfeit by two: attempted move to occupied point D4");
  CHECK(f.forfeit_cause == "illegal_move");
  auto m = move_limit_reached();
  CHECK(m.sgf_result == "Void");
  CHECK(m.detail == "hit move limit");
  CHECK_FALSE(m.winner);
}
