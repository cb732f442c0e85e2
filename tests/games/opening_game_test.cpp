// Games that start from an opening: both engines are told it, the record holds it, and the
// game goes on from it with the right colour to move.
#include <catch2/catch.hpp>

#include "ringmaster/game/referee.hpp"
#include "tests/games/games_support.hpp"

using namespace rm::game;
using namespace rm::games_test;

namespace {
constexpr auto B = rm::go::Colour::Black;
constexpr auto W = rm::go::Colour::White;
}  // namespace

TEST_CASE("an opening's moves are played to both engines and recorded", "[games][opening]") {
  if (!have(kScripted)) return;
  auto dir = scratch("opening_moves");
  GameJob job = job_for("1", scripted("one", {"--pass-after", "1"}),
                        scripted("two", {"--pass-after", "1"}), dir);
  Opening o;
  o.name = "lines.sgf";
  o.moves = {{B, "C3"}, {W, "D4"}, {B, "B2"}};
  job.opening = o;
  GameResult r = play_game(job);
  REQUIRE_FALSE(r.is_void);
  CHECK(r.opening == "lines.sgf");
  const std::string sgf = slurp(dir / "1.sgf");
  // The opening, then white (to move after the opening) plays.
  CHECK_THAT(sgf, Catch::Contains(";B[cc]") && Catch::Contains(";W[db]") &&
                      Catch::Contains(";B[bd]C[end of opening lines.sgf]"));
  CHECK(sgf.find(";B[cc]") < sgf.find(";W[db]"));
  CHECK_THAT(sgf, Catch::Contains("Opening lines.sgf"));
  const std::string gtp = slurp(dir / "1.gtp");
  CHECK_THAT(gtp, Catch::Contains(">> b: play b C3") && Catch::Contains(">> w: play b C3"));
  CHECK_THAT(gtp, Catch::Contains(">> w: play w D4") && Catch::Contains(">> w: genmove w"));
  // The opening's moves count towards the move count (and the move limit).
  CHECK(r.move_count >= 4);
}

TEST_CASE("a black-only setup goes as set_free_handicap and white moves first",
          "[games][opening]") {
  if (!have(kScripted)) return;
  auto dir = scratch("opening_setup");
  GameJob job = job_for("2", scripted("one", {"--pass-after", "0"}),
                        scripted("two", {"--pass-after", "0"}), dir);
  Opening o;
  o.name = "stones.sgf";
  o.free_handicap = {"B2", "D4"};
  job.opening = o;
  GameResult r = play_game(job);
  REQUIRE_FALSE(r.is_void);
  const std::string sgf = slurp(dir / "2.sgf");
  CHECK_THAT(sgf, Catch::Contains("AB[bd][db]"));
  CHECK_THAT(sgf, !Catch::Contains("HA["));
  CHECK_THAT(sgf, Catch::Contains(";W[]") || Catch::Contains(";W[tt]"));
  CHECK_THAT(slurp(dir / "2.gtp"), Catch::Contains(">> w: set_free_handicap B2 D4"));
}

TEST_CASE("an engine that refuses the opening makes the game void, not a forfeit",
          "[games][opening]") {
  if (!have(kScripted)) return;
  auto dir = scratch("opening_refused");
  GameJob job = job_for("3", scripted("one"), scripted("two", {"--illegal-play-after", "1"}), dir);
  Opening o;
  o.name = "x.sgf";
  o.moves = {{B, "C3"}, {W, "D4"}, {B, "B2"}};
  job.opening = o;
  GameResult r = play_game(job);
  CHECK(r.is_void);
  CHECK_THAT(r.void_reason, Catch::StartsWith("error playing the opening x.sgf:"));
}
