// Golden-output tests for SGF records: fixed jobs and results rendered with a fixed date,
// compared byte for byte with tests/game/golden/*.sgf.
// Regenerate with RM_REGENERATE_GOLDEN=1 (then review the diff before committing).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "ringmaster/game/sgf_record.hpp"

using namespace rm::game;

namespace {

const char* kDate = "2024-03-05 14:07";

std::string golden_path(const std::string& name) {
  return std::string(RM_SOURCE_DIR) + "/tests/game/golden/" + name + ".sgf";
}

void check_golden(const std::string& name, const std::string& actual) {
  const std::string path = golden_path(name);
  if (std::getenv("RM_REGENERATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << actual;
    WARN("regenerated " << path);
    return;
  }
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::string expected;
  char buf[4096];
  while (in.read(buf, sizeof buf) || in.gcount() > 0)
    expected.append(buf, static_cast<std::size_t>(in.gcount()));
  CHECK(actual == expected);
}

GameJob base_job() {
  GameJob job;
  job.game_id = "0_12";
  job.competition_code = "overhead";
  job.sgf_event = "overhead";
  job.black.code = "py-a";
  job.white.code = "py-b";
  job.settings.board_size = 9;
  job.settings.komi = 7.5;
  return job;
}

GameResult base_result(const GameJob& job) {
  GameResult r;
  r.game_id = job.game_id;
  r.black_code = job.black.code;
  r.white_code = job.white.code;
  r.black_short_description = "randgtp:1.0";
  r.white_short_description = "randgtp:1.0";
  r.black_long_description = "randgtp:1.0";
  r.white_long_description = "randgtp:1.0";
  return r;
}

std::string render(const GameJob& job, const GameResult& r, const PlayedGame& g) {
  return render_sgf(make_sgf_record(job, r, g, kDate));
}

}  // namespace

TEST_CASE("golden SGF: scored game", "[game][sgf][golden]") {
  GameJob job = base_job();
  GameResult r = base_result(job);
  r.winner = "w";
  r.sgf_result = "W+9.5";
  r.margin = 9.5;
  r.move_count = 6;
  r.black_cpu_s = 0.02;
  r.white_cpu_s = 0.031;
  PlayedGame g;
  g.moves = {{'B', "ed", ""}, {'W', "ec", "best of 12 (0.51)"},
             {'B', "dd", ""}, {'W', "dc", ""},
             {'B', "tt", ""}, {'W', "tt", ""}};
  check_golden("scored", render(job, r, g));
}

TEST_CASE("golden SGF: handicap game with note, disagreement and escapes", "[game][sgf][golden]") {
  GameJob job = base_job();
  job.game_id = "17";
  job.competition_code = "tune";
  job.sgf_event = "tune [mc]";
  job.sgf_note = "Candidate parameters: pl: 300";
  job.white.sgf_player_name_from_gtp = false;  // PW is the code
  job.settings.handicap = 2;
  GameResult r = base_result(job);
  r.black_long_description = "Multi-line\ndescription with ] and \\";
  r.winner = "b";
  r.sgf_result = "B+";
  r.detail = "unknown margin";
  r.move_count = 2;
  PlayedGame g;
  g.handicap_points = {"cg", "gc"};
  g.moves = {{'W', "tt", ""}, {'B', "tt", ""}};
  g.scoring_lines = {"py-a final_score: B+3", "py-b final_score: B+5"};
  check_golden("handicap_disagreement", render(job, r, g));
}

TEST_CASE("golden SGF: forfeit on the first move with a late error", "[game][sgf][golden]") {
  GameJob job = base_job();
  GameResult r = base_result(job);
  r.winner = "b";
  r.sgf_result = "B+F";
  r.is_forfeit = true;
  r.detail = "forfeit by py-b: timeout after 2.0s waiting for response to 'genmove w'";
  r.forfeit_cause = "timeout";
  r.move_count = 1;
  r.late_errors = {"error closing player py-b:\nengine did not exit; killed"};
  PlayedGame g;
  g.moves = {{'B', "ee", ""}};
  check_golden("forfeit", render(job, r, g));
}

TEST_CASE("golden SGF: void game", "[game][sgf][golden]") {
  GameJob job = base_job();
  GameResult r = base_result(job);
  r.is_void = true;
  r.sgf_result = "Void";
  r.void_reason =
      "error reading response to 'genmove b' from player py-a:\nengine has closed the response "
      "channel";
  r.move_count = 2;
  PlayedGame g;
  g.moves = {{'B', "ee", ""}, {'W', "cc", ""}};
  g.error_message = "aborting game due to error:\n" + r.void_reason;
  check_golden("void", render(job, r, g));
}
