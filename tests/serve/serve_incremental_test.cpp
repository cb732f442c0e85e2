// serve's incremental read (a RecentGameWindow kept between reads, reading only the games
// committed since the last one) pinned to the full read: the same JSON and the same page
// after more games, after a reset and a new run, and with a window smaller than the games.
#include <catch2/catch.hpp>

#include "ringmaster/run/recent_game_window.hpp"
#include "ringmaster/serve/snapshot.hpp"
#include "ringmaster/store/store.hpp"
#include "tests/serve/serve_support.hpp"

using namespace rm::test;

namespace {

// The snapshot through `window` and a fresh full one agree on everything a page shows.
void check_same_as_full(const rm::serve::FoundCompetition& found,
                        rm::run::RecentGameWindow& window) {
  const auto incremental = rm::serve::take_snapshot(found, &window);
  const auto full = rm::serve::take_snapshot(found);
  REQUIRE(full.status != "error");
  CHECK(incremental.status == full.status);
  CHECK(incremental.games_played == full.games_played);
  CHECK(incremental.headline == full.headline);
  CHECK(incremental.report == full.report);
  CHECK(incremental.report_html == full.report_html);
}

std::vector<std::string> ids(const std::vector<rm::report::GameRecord>& games) {
  std::vector<std::string> out;
  for (const auto& g : games) out.push_back(g.result.game_id);
  return out;
}

std::vector<std::string> ids(const std::vector<rm::game::GameResult>& games) {
  std::vector<std::string> out;
  for (const auto& g : games) out.push_back(g.game_id);
  return out;
}

}  // namespace

TEST_CASE("serve: a snapshot read incrementally is the full read's, games added or reset",
          "[serve][e2e]") {
  TempDir dir("rm-serve-incremental");
  const std::string tag = unique_tag("serve-incremental");
  const bool tuner = GENERATE(false, true);
  const std::string code = tuner ? "tune" : "duel";
  const std::string control =
      dir.write(code + ".yaml", tuner ? small_tuner_yaml(40) : small_playoff_yaml(40));
  const rm::serve::FoundCompetition found{code, code, control};
  const auto run_games = [&](int games) {
    REQUIRE(run_ringmaster(dir.path(), {control, "run", "-q", "-g", std::to_string(games)}, tag)
                .exit_status == 0);
  };
  rm::run::RecentGameWindow window(rm::run::kHtmlReportGames);

  run_games(3);
  check_same_as_full(found, window);  // the first read: every game
  check_same_as_full(found, window);  // nothing new
  run_games(4);
  check_same_as_full(found, window);  // only the four new ones read
  // Reset and run again: the same game ids at the same seqs, other games.
  REQUIRE(run_ringmaster(dir.path(), {control, "reset"}, tag).exit_status == 0);
  run_games(8);
  check_same_as_full(found, window);
}

TEST_CASE("serve: a window smaller than the games keeps the store's last ones", "[serve][e2e]") {
  TempDir dir("rm-serve-window");
  const std::string tag = unique_tag("serve-window");
  const std::string control = dir.write("duel.yaml", small_playoff_yaml(40));
  const std::string db = dir.file("duel.db");
  const auto run_games = [&](int games) {
    REQUIRE(run_ringmaster(dir.path(), {control, "run", "-q", "-g", std::to_string(games)}, tag)
                .exit_status == 0);
  };
  rm::run::RecentGameWindow window(3);
  const auto check = [&](std::size_t expected) {
    auto store = rm::store::Store::open_read_only(db);
    window.update(*store, "");
    auto games = window.lend();
    CHECK(games.size() == expected);
    CHECK(ids(games) == ids(store->recent_games(3)));
    window.give_back(std::move(games));
  };
  run_games(2);
  check(2);
  run_games(2);  // one of the two held drops out
  check(3);
  run_games(5);  // more new games than the window holds
  check(3);
  // Lent and not given back: read again whole.
  {
    auto store = rm::store::Store::open_read_only(db);
    window.update(*store, "");
    (void)window.lend();
  }
  check(3);
}

TEST_CASE("serve: the first read takes the last games, then the whole window in the background",
          "[serve][e2e]") {
  TempDir dir("rm-serve-first-read");
  const std::string tag = unique_tag("serve-first-read");
  const std::string control = dir.write("duel.yaml", small_playoff_yaml(40));
  REQUIRE(run_ringmaster(dir.path(), {control, "run", "-q", "-g", "5"}, tag).exit_status == 0);
  const rm::serve::FoundCompetition found{"duel", "duel", control};
  const auto full = rm::serve::take_snapshot(found);
  REQUIRE(full.status == "stopped");

  rm::serve::SnapshotCache cache(2);
  const auto first = cache.get(found);
  CHECK(first->report == full.report);
  CHECK(first->report_html.find("The plots over games show the last 2 of the 5 games.") !=
        std::string::npos);
  // Nothing changed on disk, yet the whole window comes: read in the background.
  auto later = first;
  const auto deadline = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(60));
  while (later->version == first->version && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    later = cache.get(found);
  }
  CHECK(later->report == full.report);
  CHECK(later->report_html == full.report_html);
}
