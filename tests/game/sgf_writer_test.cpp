#include "ringmaster/game/sgf_writer.hpp"

#include <catch2/catch.hpp>

using namespace rm::game;

TEST_CASE("SGF text values are escaped", "[game][sgf]") {
  CHECK(escape_sgf_text("a]b\\c") == "a\\]b\\\\c");
  CHECK(escape_sgf_text("plain [text]") == "plain [text\\]");
}

TEST_CASE("SGF root properties: FF first, then alphabetical", "[game][sgf]") {
  SgfGameRecord r;
  r.application = "ringmaster:test";
  r.board_size = 9;
  r.komi = 7.5;
  r.date = "2024-01-02";
  r.result = "B+R";
  r.player_black = "a]b";
  r.player_white = "w";
  r.moves = {{'B', "ee", ""}, {'W', "tt", "thinking"}};
  r.final_comment = "one beat two B+R";
  std::string sgf = render_sgf(r);
  CHECK(sgf.rfind("(;FF[4]AP[ringmaster:test]CA[UTF-8]DT[2024-01-02]GM[1]KM[7.5]PB[a\\]b]PW[w]",
                  0) == 0);
  CHECK(sgf.find("RE[B+R]SZ[9];B[ee];C[thinking\n\none beat two B+R]W[tt])") != std::string::npos);
  CHECK(sgf.back() == '\n');
}

TEST_CASE("SGF with no moves puts the final comment in the root", "[game][sgf]") {
  SgfGameRecord r;
  r.application = "x";
  r.root_comment = "Game id 1";
  r.final_comment = "late";
  r.handicap = 2;
  r.handicap_points = {"cc", "gg"};
  std::string sgf = render_sgf(r);
  CHECK(sgf.rfind("(;FF[4]AB[cc][gg]AP[x]C[Game id 1\n\nlate]", 0) == 0);
  CHECK(sgf.find("HA[2]") != std::string::npos);
}

TEST_CASE("SGF lines are wrapped", "[game][sgf]") {
  SgfGameRecord r;
  r.application = "x";
  for (int i = 0; i < 100; ++i) r.moves.push_back({i % 2 ? 'W' : 'B', "aa", ""});
  std::string sgf = render_sgf(r);
  std::size_t start = 0;
  while (start < sgf.size()) {
    auto nl = sgf.find('\n', start);
    if (nl == std::string::npos) nl = sgf.size();
    CHECK(nl - start <= 79);
    start = nl + 1;
  }
}
