// The helpers every tuner uses on a finished game.
#include <catch2/catch.hpp>

#include "ringmaster/competitions/tuner_results.hpp"

using rm::comp::note_opponent_description;
using rm::comp::parse_game_number;

TEST_CASE("tuner results: game numbers", "[tuners]") {
  CHECK(parse_game_number("0") == 0);
  CHECK(parse_game_number("17") == 17);
  CHECK(parse_game_number("999999999") == 999999999);
  for (const char* bad : {"", "-1", "+1", "1x", " 1", "v0#1", "1234567890", "g0#1r0"})
    CHECK_FALSE(parse_game_number(bad));
}

TEST_CASE("tuner results: the opponent's description", "[tuners]") {
  rm::game::GameResult r;
  r.black_code = "opp";
  r.white_code = "#3";
  std::string description = "earlier";
  note_opponent_description(description, r, "opp");
  CHECK(description == "earlier");  // neither given: kept
  r.black_short_description = "short";
  note_opponent_description(description, r, "opp");
  CHECK(description == "short");
  r.black_long_description = "long";
  r.white_long_description = "the candidate's";
  note_opponent_description(description, r, "opp");
  CHECK(description == "long");
}
