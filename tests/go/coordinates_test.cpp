#include "engine/go/coordinates.hpp"

#include "tests/go/diagram.hpp"

using namespace rm::go;

TEST_CASE("GTP letters skip I", "[coordinates]") {
  CHECK(gtp_column_letter(0) == 'A');
  CHECK(gtp_column_letter(7) == 'H');
  CHECK(gtp_column_letter(8) == 'J');
  CHECK(gtp_column_letter(24) == 'Z');
  CHECK(to_gtp(Move::at(Vertex{3, 3})) == "D4");
  CHECK(to_gtp(Move::at(Vertex{8, 18})) == "J19");
  CHECK(to_gtp(Move::at(Vertex{24, 24})) == "Z25");
  CHECK(to_gtp(Move::pass()) == "pass");
}

TEST_CASE("every vertex round-trips through GTP for sizes 2..25", "[coordinates]") {
  for (int size = 2; size <= 25; ++size)
    for (int row = 0; row < size; ++row)
      for (int col = 0; col < size; ++col) {
        const Move m = Move::at(Vertex{col, row});
        const std::string text = to_gtp(m);
        CHECK(text.find('I') == std::string::npos);
        auto parsed = parse_gtp_move(text, size);
        REQUIRE(parsed);
        CHECK(*parsed == m);
        // Lower case is accepted too.
        std::string lower = text;
        lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
        auto parsed_lower = parse_gtp_move(lower, size);
        REQUIRE(parsed_lower);
        CHECK(*parsed_lower == m);
      }
}

TEST_CASE("parsing GTP moves", "[coordinates]") {
  CHECK(parse_gtp_move("pass", 19) == Move::pass());
  CHECK(parse_gtp_move("PASS", 19) == Move::pass());
  CHECK(parse_gtp_move("Pass", 2) == Move::pass());
  CHECK(parse_gtp_move("d4", 19) == Move::at(Vertex{3, 3}));
  CHECK(parse_gtp_move("T19", 19) == Move::at(Vertex{18, 18}));
  CHECK(parse_gtp_move("A1", 2) == Move::at(Vertex{0, 0}));
  CHECK(parse_gtp_move("B2", 2) == Move::at(Vertex{1, 1}));
}

TEST_CASE("ill-formed or off-board GTP moves are rejected", "[coordinates]") {
  for (const char* bad : {"", "I5", "i5", "A0", "A", "5", "AA1", "A01", "A-1", "A1x", " A1", "A1 ",
                          "pas", "passs", "1A", "A100", "@1", "[1"}) {
    INFO(bad);
    CHECK_FALSE(parse_gtp_move(bad, 19));
  }
  CHECK_FALSE(parse_gtp_move("K10", 9));
  CHECK_FALSE(parse_gtp_move("A10", 9));
  CHECK_FALSE(parse_gtp_move("C1", 2));
  CHECK_FALSE(parse_gtp_move("Z26", 25));
  CHECK(parse_gtp_move("Z25", 25));
  CHECK_FALSE(parse_gtp_move("A1", 1));
  CHECK_FALSE(parse_gtp_move("A1", 26));
  CHECK_FALSE(parse_gtp_move("pass", 26));
}

TEST_CASE("SGF points count rows from the top", "[coordinates][sgf]") {
  CHECK(to_sgf(Move::at(Vertex{3, 3}), 19) == "dp");
  CHECK(to_sgf(Move::at(Vertex{0, 18}), 19) == "aa");
  CHECK(to_sgf(Move::at(Vertex{18, 0}), 19) == "ss");
  CHECK(to_sgf(Move::at(Vertex{2, 6}), 9) == "cc");
  CHECK(to_sgf(Move::at(Vertex{0, 0}), 2) == "ab");
  CHECK(to_sgf(Move::at(Vertex{24, 0}), 25) == "yy");
  CHECK(to_sgf(Move::at(Vertex{8, 8}), 25) == "iq");  // SGF uses i
  for (int size = 2; size <= 25; ++size) {
    CHECK(to_sgf(Move::pass(), size) == (size <= 19 ? "tt" : ""));
    for (int row = 0; row < size; ++row)
      for (int col = 0; col < size; ++col) {
        const std::string p = to_sgf(Move::at(Vertex{col, row}), size);
        REQUIRE(p.size() == 2);
        CHECK(p[0] == 'a' + col);
        CHECK(p[1] == 'a' + (size - 1 - row));
      }
  }
}
