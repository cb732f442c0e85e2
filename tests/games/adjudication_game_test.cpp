// Adjudication in real games: the arbiter (internal scorer, GNU Go) decides when the players'
// scorers disagree; resign adjudication; scoring at the move limit.
#include <catch2/catch.hpp>

#include "ringmaster/game/referee.hpp"
#include "tests/games/games_support.hpp"

using namespace rm::game;
using namespace rm::games_test;

namespace {

// Both pass at once: an empty board, where area scoring gives W+7.5 (komi).
GameJob disputed_job(const std::string& id, const std::filesystem::path& dir) {
  return job_for(id, scripted("bob", {"--pass-after", "0", "--final-score", "B+3"}),
                 scripted("wendy", {"--pass-after", "0", "--final-score", "W+5"}), dir);
}

}  // namespace

TEST_CASE("without an arbiter, disagreeing scorers leave the result unknown",
          "[games][adjudication]") {
  if (!have(kScripted)) return;
  auto dir = scratch("no_arbiter");
  GameResult r = play_game(disputed_job("1", dir));
  CHECK(r.sgf_result == "?");
  CHECK(r.decided_by.empty());
}

TEST_CASE("the internal arbiter decides when the scorers disagree", "[games][adjudication]") {
  if (!have(kScripted)) return;
  auto dir = scratch("internal_arbiter");
  GameJob job = disputed_job("2", dir);
  job.settings.adjudication.arbiter = ArbiterKind::Internal;
  GameResult r = play_game(job);
  CHECK(r.sgf_result == "W+7.5");
  CHECK(r.decided_by == "internal scorer");
  CHECK(r.detail == "decided by internal scorer");
  const std::string sgf = slurp(dir / "2.sgf");
  CHECK_THAT(sgf, Catch::Contains("RE[W+7.5]") && Catch::Contains("Decided by internal scorer"));
  CHECK_THAT(sgf, Catch::Contains("bob final_score: B+3"));
}

TEST_CASE("an engine arbiter (GNU Go) is given the game with loadsgf and asked final_score",
          "[games][adjudication]") {
  if (!have(kScripted) || !have(kGnugo)) {
    WARN("skipped: GNU Go is not installed");
    return;
  }
  auto dir = scratch("gnugo_arbiter");
  GameJob job = disputed_job("3", dir);
  job.settings.adjudication.arbiter = ArbiterKind::Engine;
  job.settings.adjudication.arbiter_code = "gnugo";
  job.settings.adjudication.arbiter_engine = gnugo_engine();
  GameResult r = play_game(job);
  CHECK(r.sgf_result == "W+7.5");
  CHECK(r.decided_by == "arbiter gnugo");
  const std::string sgf = slurp(dir / "3.sgf");
  CHECK_THAT(sgf, Catch::Contains("gnugo final_score: W+7.5"));
  const std::string gtp = slurp(dir / "3.gtp");
  CHECK_THAT(gtp,
             Catch::Contains(">> arbiter: loadsgf ") && Catch::Contains(">> arbiter: final_score"));

  SECTION("with clean-up moves") {
    auto dir2 = scratch("gnugo_cleanup");
    GameJob j2 = disputed_job("4", dir2);
    j2.settings.adjudication = job.settings.adjudication;
    j2.settings.adjudication.cleanup_moves = 2;
    GameResult r2 = play_game(j2);
    CHECK(r2.decided_by == "arbiter gnugo");
    CHECK((r2.winner == "b" || r2.winner == "w"));
    CHECK_THAT(slurp(dir2 / "4.sgf"), Catch::Contains("arbiter clean-up: 2 moves"));
    CHECK_THAT(slurp(dir2 / "4.gtp"), Catch::Contains(">> arbiter: kgs-genmove_cleanup b"));
  }
}

TEST_CASE("an arbiter that cannot start leaves the result unknown, with a note",
          "[games][adjudication]") {
  if (!have(kScripted)) return;
  auto dir = scratch("broken_arbiter");
  GameJob job = disputed_job("5", dir);
  job.settings.adjudication.arbiter = ArbiterKind::Engine;
  job.settings.adjudication.arbiter_code = "ghost";
  job.settings.adjudication.arbiter_engine = scripted("ghost", {"--crash-at-start"}).engine;
  GameResult r = play_game(job);
  CHECK(r.sgf_result == "?");
  CHECK_THAT(slurp(dir / "5.sgf"), Catch::Contains("arbiter ghost could not start"));
}

TEST_CASE("resign adjudication ends a game one side has clearly lost", "[games][adjudication]") {
  if (!have(kScripted)) return;
  auto dir = scratch("resign");
  // White only passes: black's first stone makes the whole empty board black's by area.
  GameJob job = job_for("6", scripted("player"), scripted("passer", {"--pass-after", "0"}), dir);
  job.settings.adjudication.resign_score = 10;
  job.settings.adjudication.resign_moves = 2;
  GameResult r = play_game(job);
  CHECK(r.sgf_result == "B+R");
  CHECK(r.decided_by == "resign adjudication");
  CHECK(r.move_count == 2);
  CHECK_THAT(r.detail, Catch::StartsWith("resign adjudication: white behind by 17.5"));
}

TEST_CASE("at the move limit the position can be scored instead of left without result",
          "[games][adjudication]") {
  if (!have(kScripted)) return;
  auto dir = scratch("move_limit");
  GameJob job = job_for("7", scripted("one"), scripted("two"), dir);
  job.settings.move_limit = 4;
  job.settings.adjudication.score_at_move_limit = true;
  GameResult r = play_game(job);
  CHECK(r.decided_by == "internal scorer");
  CHECK(r.detail == "move limit; scored by internal scorer");
  CHECK(r.sgf_result != "Void");
  CHECK(r.move_count == 4);
}
