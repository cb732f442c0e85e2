#include <catch2/catch.hpp>
#include <fstream>

#include "ringmaster/report/exports/csv_export.hpp"
#include "ringmaster/report/exports/sgf_collection.hpp"
#include "tests/report/fixtures.hpp"
#include "tests/support/temp_dir.hpp"

TEST_CASE("CSV fields are quoted only when they must be", "[csv]") {
  CHECK(rm::report::csv_field("plain") == "plain");
  CHECK(rm::report::csv_field("pl: 20; c: 0.2") == "pl: 20; c: 0.2");
  CHECK(rm::report::csv_field("a,b") == "\"a,b\"");
  CHECK(rm::report::csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(rm::report::csv_field("two\nlines") == "\"two\nlines\"");
}

TEST_CASE("the CSV has one row per game and the tuner's parameters", "[csv]") {
  const std::string csv = rm::report::csv_export(rm::test::mc_tuner_fixture());
  std::size_t rows = 0;
  for (char c : csv) rows += c == '\n';
  CHECK(rows == 1 + 6 + 1);  // header, six games, one void game
  CHECK(csv.rfind("game_id,black,white,winner,winner_colour,result", 0) == 0);
  CHECK(csv.find(",parameters,pl,c\r\n") != std::string::npos);
  CHECK(csv.find("2,opp,#2,#2,w,W+3.5,,0,0,,0,,60,0.25,0.5,/comp/fixture.games/2.sgf,,,0,#2,w,1,"
                 "pl: 200; c: 0.2,200,0.2\r\n") != std::string::npos);
}

TEST_CASE("the CSV has the opening and who decided, and no binary noise in numbers", "[csv]") {
  const std::string csv = rm::report::csv_export(rm::test::playoff_fixture());
  CHECK(csv.find(",sgf_path,opening,decided_by\r\n") != std::string::npos);
  CHECK(csv.find(",openings/a.sgf,resign adjudication\r\n") != std::string::npos);
  CHECK(csv.find(",0.3,0.2,/comp/fixture.games/m_2.sgf,openings/b.sgf,arbiter gnugo\r\n") !=
        std::string::npos);
  CHECK(csv.find("0000000") == std::string::npos);
}

TEST_CASE("the SGF collection joins the records in order and names the missing", "[sgf]") {
  rm::test::TempDir dir("rm-sgf-collection");
  std::vector<rm::report::GameRecord> games(4);
  games[0].result.game_id = "0";
  games[0].result.sgf_path = dir.write("0.sgf", "(;GM[1]FF[4]SZ[7];B[aa])\n");
  games[1].result.game_id = "1";
  games[1].result.sgf_path = dir.file("gone.sgf");  // the file was removed
  games[2].result.game_id = "2";
  games[2].result.sgf_write_error = "disk full";
  games[2].result.unwritten_sgf = "(;GM[1]FF[4]SZ[7];W[bb])";
  games[3].result.game_id = "3";
  games[3].result.sgf_path = dir.write("3.sgf", "not an sgf");
  const auto collection = rm::report::sgf_collection(games);
  CHECK(collection.text == "(;GM[1]FF[4]SZ[7];B[aa])\n(;GM[1]FF[4]SZ[7];W[bb])\n");
  CHECK(collection.games == 2);
  CHECK(collection.missing == std::vector<std::string>{"1", "3"});
}
