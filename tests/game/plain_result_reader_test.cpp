// plain_result_from_json_text: the stored results' fast path reads exactly what
// result_from_json reads (tuners' candidate records too), and leaves to it everything else
// (unknown fields, wrong types, invalid values, nested values, invalid JSON).
#include "ringmaster/game/plain_result_reader.hpp"

#include <catch2/catch.hpp>

#include "ringmaster/game/game_result.hpp"

using namespace rm::game;

namespace {

GameResult plain_result() {
  GameResult r;
  r.game_id = "big_007";
  r.black_code = "ringbot-400";
  r.white_code = "ringbot-100";
  r.winner = "w";
  r.sgf_result = "W+21.5";
  r.margin = 21.5;
  r.move_count = 75;
  r.black_cpu_s = 0.009000000000000001;
  r.black_short_description = "a 1.0";
  r.white_long_description = "b \u00e9\u00e8\nline two \"quoted\"";
  r.warnings = {"one", "two"};
  r.late_errors = {"late"};
  r.sgf_path = "/tmp/x.games/big_007.sgf";
  r.opening = "opening 3";
  r.decided_by = "arbiter";
  return r;
}

// The document path's result, for comparison.
nlohmann::json through_document(const std::string& text) {
  return to_json(result_from_json(nlohmann::json::parse(text)));
}

}  // namespace

TEST_CASE("plain results are read as result_from_json reads them", "[game][json]") {
  GameResult forfeit = plain_result();
  forfeit.is_forfeit = true;
  forfeit.margin.reset();
  forfeit.winner = "b";
  forfeit.sgf_result = "B+F";
  forfeit.forfeit_cause = "timeout";
  GameResult void_game;
  void_game.game_id = "3";
  void_game.black_code = "a";
  void_game.white_code = "b";
  void_game.is_void = true;
  void_game.sgf_result = "Void";
  void_game.void_reason = "engine died";
  void_game.unwritten_sgf = "(;)";
  void_game.sgf_write_error = "cannot write";
  GameResult tuner = plain_result();
  tuner.candidate = CandidateRecord{"#17", "pl: 3; c: 0.45", {3, 0.45, "x", true, nullptr, -2}};
  tuner.opponent_candidate = CandidateRecord{"#18", "", nlohmann::json::array()};
  for (const GameResult& r : {plain_result(), forfeit, void_game, tuner}) {
    const std::string text = to_json(r).dump();
    INFO(text);
    const auto plain = plain_result_from_json_text(text);
    REQUIRE(plain);
    CHECK(to_json(*plain) == through_document(text));
  }
  // Written by hand: integers for numbers, nulls for absent values, a null candidate, keys
  // in any order, a repeated key (the last one counts, as in the document).
  const std::string by_hand =
      R"({"white_code": "w", "margin": 3, "black_cpu_s": null, "candidate": null,
          "game_id": "g", "black_code": "b", "is_void": false, "sgf_result": "B+3",
          "winner": "b", "move_count": 7, "warnings": ["x"], "warnings": []})";
  const auto plain = plain_result_from_json_text(by_hand);
  REQUIRE(plain);
  CHECK(to_json(*plain) == through_document(by_hand));
  CHECK(plain->warnings.empty());
  CHECK(plain->margin == 3.0);
}

TEST_CASE("anything but a plain valid result is left to result_from_json", "[game][json]") {
  const std::string base = to_json(plain_result()).dump();
  const auto with = [&](const std::string& field) { return "{" + field + "," + base.substr(1); };
  for (const std::string& text : std::vector<std::string>{
           with(R"("candidate": {"code": "#1", "extra": 1})"),   // refused by candidate_from_json
           with(R"("candidate": {"parameters": "pl: 3"})"),      //
           with(R"("candidate": {"code": "#1", "values": 3})"),  //
           with(R"("candidate": {"code": "#1", "values": null})"),   //
           with(R"("candidate": "#1")"),                             //
           with(R"("candidate": {"code": "#1", "values": [[1]]})"),  // nested values
           with(R"("extra_field": 1)"),                              // an unknown field
           with(R"("move_count": 1.5)"),                             // a wrong type
           with(R"("is_void": "no")"),                               //
           with(R"("game_id": null)"),                               //
           with(R"("margin": "3")"),                                 //
           with(R"("warnings": [1])"),                               //
           with(R"("warnings": "x")"),                               //
           with(R"("move_count": 3000000000)"),                      // out of range
           R"({"game_id": "g", "black_code": "b", "is_void": false, "sgf_result": "0"})",
           "[" + base + "]",                 // not an object
           base + "x",                       // invalid JSON
           base.substr(0, base.size() - 1),  //
           ""}) {
    INFO(text);
    CHECK_FALSE(plain_result_from_json_text(text));
  }
  // Values result_from_json refuses, after the last field: the fast path refuses them too.
  for (const std::string& field : std::vector<std::string>{
           R"("winner": "x")", R"("move_count": -1)", R"("detail": "a\u0000b")"}) {
    const std::string text = base.substr(0, base.size() - 1) + "," + field + "}";
    INFO(text);
    CHECK_FALSE(plain_result_from_json_text(text));
    CHECK_THROWS(result_from_json(nlohmann::json::parse(text)));
  }
}
