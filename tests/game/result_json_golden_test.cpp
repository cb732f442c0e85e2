// A result's JSON is what the databases store: these texts were written by the code before
// winners and void reasons were typed, and must still be read and written byte for byte.
#include <catch2/catch.hpp>

#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"

using namespace rm::game;
using rm::go::Colour;

namespace {

const char* const kForfeit =
    R"({"black_code":"one","black_cpu_s":0.25,"black_long_description":"","black_short_description":"",)"
    R"("detail":"forfeit by two: failure response from 'genmove w' to player two:\nillegal move",)"
    R"("forfeit_cause":"failure_response","game_id":"0_003","is_forfeit":true,"is_jigo":false,)"
    R"("is_void":false,"late_errors":["error closing player two:\nkilled"],"margin":null,)"
    R"("move_count":17,"sgf_path":"","sgf_result":"B+F","void_reason":"","warnings":["w1"],)"
    R"("white_code":"two","white_cpu_s":null,"white_long_description":"",)"
    R"("white_short_description":"","winner":"b"})";
const char* const kScored =
    R"({"black_code":"a","black_cpu_s":null,"black_long_description":"","black_short_description":"",)"
    R"("decided_by":"internal scorer","detail":"","forfeit_cause":"","game_id":"1",)"
    R"("is_forfeit":false,"is_jigo":false,"is_void":false,"late_errors":[],"margin":4.5,)"
    R"("move_count":0,"opening":"lines.sgf","sgf_path":"","sgf_result":"W+4.5","void_reason":"",)"
    R"("warnings":[],"white_code":"b","white_cpu_s":null,"white_long_description":"",)"
    R"("white_short_description":"","winner":"w"})";
const char* const kAborted =
    R"({"black_code":"a","black_cpu_s":null,"black_long_description":"","black_short_description":"",)"
    R"("detail":"","forfeit_cause":"","game_id":"2","is_forfeit":false,"is_jigo":false,)"
    R"("is_void":true,"late_errors":[],"margin":null,"move_count":0,"sgf_path":"",)"
    R"("sgf_result":"Void","void_reason":"aborted","warnings":[],"white_code":"b",)"
    R"("white_cpu_s":null,"white_long_description":"","white_short_description":"","winner":""})";
const char* const kJigo =
    R"({"black_code":"a","black_cpu_s":null,"black_long_description":"","black_short_description":"",)"
    R"("detail":"","forfeit_cause":"","game_id":"3","is_forfeit":false,"is_jigo":true,)"
    R"("is_void":false,"late_errors":[],"margin":0.0,"move_count":0,"sgf_path":"",)"
    R"("sgf_result":"0","void_reason":"","warnings":[],"white_code":"b","white_cpu_s":null,)"
    R"("white_long_description":"","white_short_description":"","winner":""})";

GameResult players(const std::string& id, const std::string& black, const std::string& white) {
  GameResult r;
  r.game_id = id;
  r.black_code = black;
  r.white_code = white;
  return r;
}

}  // namespace

TEST_CASE("stored result JSON reads and writes back byte for byte", "[game][json]") {
  for (const char* text : {kForfeit, kScored, kAborted, kJigo})
    CHECK(to_json(result_from_json(nlohmann::json::parse(text))).dump() == text);
}

TEST_CASE("results write the JSON they wrote before winners were typed", "[game][json]") {
  GameResult f = players("0_003", "one", "two");
  f.winner = "b";
  f.sgf_result = "B+F";
  f.is_forfeit = true;
  f.detail = "forfeit by two: failure response from 'genmove w' to player two:\nillegal move";
  f.forfeit_cause = "failure_response";
  f.move_count = 17;
  f.black_cpu_s = 0.25;
  f.warnings = {"w1"};
  f.late_errors = {"error closing player two:\nkilled"};
  CHECK(to_json(f).dump() == kForfeit);

  GameResult s = players("1", "a", "b");
  s.winner = "w";
  s.sgf_result = "W+4.5";
  s.margin = 4.5;
  s.opening = "lines.sgf";
  s.decided_by = "internal scorer";
  CHECK(to_json(s).dump() == kScored);

  GameResult j = players("3", "a", "b");
  j.is_jigo = true;
  j.sgf_result = "0";
  j.margin = 0.0;
  CHECK(to_json(j).dump() == kJigo);
}

TEST_CASE("the stored winner reads as a colour", "[game][result]") {
  CHECK(result_from_json(nlohmann::json::parse(kForfeit)).winner_colour() == Colour::Black);
  const GameResult scored = result_from_json(nlohmann::json::parse(kScored));
  CHECK(scored.winner_colour() == Colour::White);
  CHECK(scored.winning_code() == "b");
  CHECK(scored.losing_code() == "a");
  for (const char* text : {kAborted, kJigo}) {
    const GameResult r = result_from_json(nlohmann::json::parse(text));
    CHECK_FALSE(r.winner_colour());
    CHECK(r.winning_code().empty());
    CHECK(r.losing_code().empty());
  }
}

TEST_CASE("every fixed void reason round-trips through its text", "[game][result]") {
  for (VoidReason r : {VoidReason::Aborted, VoidReason::NoWorkerLeft})
    CHECK(void_reason_from_text(void_reason_text(r)) == r);
  CHECK(void_reason_text(VoidReason::Aborted) == "aborted");
  CHECK(void_reason_text(VoidReason::NoWorkerLeft) == "no worker left to play it");
  for (const char* text : {"", "Aborted", "aborted ", "internal error: aborted",
                           "error reading response to 'genmove b' from player x"})
    CHECK_FALSE(void_reason_from_text(text));
}

TEST_CASE("a void result for a fixed reason is stored as before", "[game][json]") {
  GameJob job;
  job.game_id = "2";
  job.black.code = "a";
  job.white.code = "b";
  const GameResult aborted = void_result_for(job, VoidReason::Aborted);
  CHECK(to_json(aborted).dump() == kAborted);
  CHECK(aborted.known_void_reason() == VoidReason::Aborted);
  CHECK(result_from_json(nlohmann::json::parse(kAborted)).known_void_reason() ==
        VoidReason::Aborted);
  CHECK(void_result_for(job, VoidReason::NoWorkerLeft).void_reason == "no worker left to play it");
  // Free text (an engine's error) is no fixed reason, and a game that counts has none.
  CHECK_FALSE(void_result_for(job, "engine exited").known_void_reason());
  CHECK_FALSE(result_from_json(nlohmann::json::parse(kScored)).known_void_reason());
}
