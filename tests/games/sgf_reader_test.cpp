// The SGF reader and the openings made from SGF records: main lines, setup stones, and
// refusals that point at the line and column.
#include "ringmaster/game/sgf_reader.hpp"

#include <catch2/catch.hpp>

#include "ringmaster/game/opening_from_sgf.hpp"

using namespace rm::game;

namespace {

Opening opening_of(const std::string& sgf, int size = 9, std::optional<int> moves = std::nullopt) {
  return opening_from_sgf(read_sgf_collection(sgf).front(), size, moves, "t.sgf");
}

std::string opening_error(const std::string& sgf, int size = 9) {
  try {
    opening_of(sgf, size);
  } catch (const OpeningError& e) {
    return e.what();
  } catch (const SgfSyntaxError& e) {
    return std::string("syntax: ") + e.what();
  }
  return "no error";
}

std::string moves_text(const Opening& o) {
  std::string s;
  for (const auto& m : o.moves)
    s += std::string(s.empty() ? "" : " ") + std::string(rm::go::colour_letter(m.colour)) + " " +
         m.vertex;
  return s;
}

}  // namespace

TEST_CASE("the reader follows the main line and keeps every game tree", "[games][sgf]") {
  auto trees = read_sgf_collection(
      "junk before\n(;FF[4]SZ[9]C[a \\] b];B[cc](;W[gg];B[cg])(;W[dd]))\n(;SZ[9];B[ee])");
  REQUIRE(trees.size() == 2);
  REQUIRE(trees[0].main_line.size() == 4);
  CHECK(trees[0].main_line[0].find("C")->values.front() == "a ] b");
  CHECK(trees[0].main_line[2].find("W")->values.front() == "gg");
  CHECK(trees[0].main_line[3].find("B")->values.front() == "cg");
  CHECK(trees[1].main_line[1].find("B")->position.line == 3);
}

TEST_CASE("syntax errors name line and column", "[games][sgf]") {
  CHECK_THROWS_WITH(read_sgf_collection("hello"),
                    "line 1 column 6: not SGF: no game tree ('(') found");
  CHECK_THROWS_WITH(read_sgf_collection("(;SZ[9]\n;B[cc"),
                    Catch::Contains("line 2 column 3: value not closed"));
  CHECK_THROWS_WITH(read_sgf_collection("(;SZ[9];B[cc]"), Catch::Contains("missing ')'"));
  CHECK_THROWS_WITH(read_sgf_collection("(;SZ[9]B[aa]B[bb])"),
                    "line 1 column 13: property B repeated in one node");
}

TEST_CASE("an opening is the record's moves, in GTP form, up to the limit", "[games][opening]") {
  const std::string sgf = "(;SZ[9];B[cc];W[gg];B[cg];W[gc])";
  CHECK(moves_text(opening_of(sgf)) == "b C7 w G3 b C3 w G7");
  CHECK(moves_text(opening_of(sgf, 9, 2)) == "b C7 w G3");
  CHECK(opening_of(sgf).setup_moves == 0);
  // White first in the record: black passes first, so that the colours alternate.
  CHECK(moves_text(opening_of("(;SZ[9];W[ee];W[cc])")) == "b pass w E5 b pass w C7");
}

TEST_CASE("black setup stones alone are a free handicap, mixed setup is played with passes",
          "[games][opening]") {
  Opening h = opening_of("(;SZ[9]AB[cc][gg])");
  CHECK(h.free_handicap == std::vector<std::string>{"C7", "G3"});
  CHECK(h.moves.empty());
  Opening h2 = opening_of("(;SZ[9]AB[cc][gg];B[ee])");
  CHECK(moves_text(h2) == "w pass b E5");

  Opening mixed = opening_of("(;SZ[9]AB[cc][gg][cg]AW[ee];W[gc])");
  CHECK(mixed.free_handicap.empty());
  CHECK(moves_text(mixed) == "b C7 w E5 b G3 w pass b C3 w G7");
  CHECK(mixed.setup_moves == 5);
  // A rectangle of points, FF[4] style.
  CHECK(moves_text(opening_of("(;SZ[9]AB[aa:ab]AW[ii])")) == "b A8 w J1 b A9");
  // PL says who moves after the setup.
  CHECK(moves_text(opening_of("(;SZ[9]AB[aa]AW[ii]PL[W])")) == "b A9 w J1 b pass");
}

TEST_CASE("bad openings are refused with the position in the file", "[games][opening]") {
  CHECK(opening_error("(;SZ[19];B[cc])") ==
        "line 1 column 2: board size 19 does not match the competition's board_size 9");
  CHECK(opening_error("(;B[cc])") ==
        "line 1 column 2: board size 19 does not match the competition's board_size 9");
  CHECK(opening_error("(;SZ[9]\n;B[cc]\n;W[cc])") ==
        "line 3 column 2: move W C7 is illegal (occupied point)");
  CHECK(opening_error("(;SZ[9];B[zz])") == "line 1 column 9: B[zz] is not a move on the board");
  CHECK(opening_error("(;SZ[9];B[cc];AB[dd])") ==
        "line 1 column 15: setup stones (AB) after the first move are not supported");
  CHECK(opening_error("(;SZ[9]C[nothing])") ==
        "line 1 column 2: the record has no setup stones and no moves");
  // A suicide is illegal in an opening.
  CHECK(opening_error("(;SZ[9];B[ba];W[aa])") == "no error");
  CHECK(opening_error("(;SZ[9]AB[ba][ab];W[aa])") ==
        "line 1 column 19: move W A9 is illegal (suicide)");
}

TEST_CASE("variations nested 200,000 deep are read without overflowing the stack",
          "[games][sgf][hostile]") {
  constexpr int kDepth = 200000;
  std::string sgf = "(;SZ[9];B[cc]";
  for (int i = 0; i < kDepth; ++i) sgf += "(;W[dd]";
  for (int i = 0; i < kDepth; ++i) sgf += ")";
  sgf += "(;W[gg]))";
  auto trees = read_sgf_collection(sgf);
  REQUIRE(trees.size() == 1);
  // The main line takes the first variation at every branch.
  REQUIRE(trees[0].main_line.size() == kDepth + 2);
  CHECK(trees[0].main_line.back().find("W")->values.front() == "dd");
  // Unclosed, the same nesting is a syntax error, not a crash.
  CHECK_THROWS_WITH(read_sgf_collection(sgf.substr(0, sgf.size() - kDepth)),
                    Catch::Contains("missing ')'"));
}

TEST_CASE("setup stones that fill the board or repeat a point name the property",
          "[games][opening][hostile]") {
  // Once "internal error: handicap stone without liberty".
  CHECK(opening_error("(;SZ[9]AB[aa:ii])") ==
        "line 1 column 8: AB: the setup stones fill the board (black stone J9 would have no "
        "liberty)");
  // Once blamed on the black stone; E5 is given to white where AB already gave it.
  CHECK(opening_error("(;SZ[9]AB[aa:ii]AW[ee])") ==
        "line 1 column 17: AW: point E5 is already given in AB");
  CHECK(opening_error("(;SZ[9]AW[cc]\n;AB[dd][cc])") ==
        "line 2 column 2: AB: point C7 is already given in AW");
  CHECK(opening_error("(;SZ[9]AB[cc][gg][cc])") == "line 1 column 8: AB: point C7 given twice");
  // A rectangle repeated a million times stops at the first repeat, without the memory.
  std::string many = "(;SZ[19]AB";
  for (int i = 0; i < 1000000; ++i) many += "[aa:ss]";
  CHECK(opening_error(many + ")", 19) == "line 1 column 9: AB: point A1 given twice");
  // Eight rows of nine leave a liberty: a free handicap of 72 stones.
  CHECK(opening_of("(;SZ[9]AB[aa:ih])").free_handicap.size() == 72);
}
