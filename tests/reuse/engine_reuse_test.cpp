// The referee with engines kept alive between games: the same games as with fresh engines,
// a fresh engine after a crash, an error or restart_every, and no process left behind.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "ringmaster/game/engine_cache.hpp"
#include "ringmaster/game/referee.hpp"
#include "tests/game/process_scan.hpp"
#include "tests/support/scratch_files.hpp"
#include "tests/support/sgf_moves.hpp"

using namespace rm::game;
namespace fs = std::filesystem;

namespace {

const std::string kScripted = std::string(RM_BIN_DIR) + "/scripted_engine";
const std::string kRingbot = std::string(RM_BIN_DIR) + "/ringbot";

fs::path scratch(const std::string& name) {
  return rm::test::scratch_dir("rm_reuse_test", name);
}

PlayerSpec engine(const std::string& code, std::vector<std::string> argv, bool reuse = true) {
  PlayerSpec p;
  p.code = code;
  p.engine.name = code;
  p.engine.process.argv = std::move(argv);
  p.engine.process.stderr_mode = rm::process::StderrMode::Discard;
  p.engine.timeouts.startup_s = 10;
  p.engine.timeouts.genmove_s = 10;
  p.engine.timeouts.other_s = 10;
  p.engine.timeouts.quit_s = 2;
  p.reuse = reuse;
  return p;
}

PlayerSpec scripted(const std::string& code, std::vector<std::string> flags = {},
                    bool reuse = true) {
  std::vector<std::string> argv{kScripted};
  argv.insert(argv.end(), flags.begin(), flags.end());
  return engine(code, argv, reuse);
}

PlayerSpec ringbot(const std::string& code, const std::string& seed, bool reuse) {
  return engine(code, {kRingbot, "--playouts", "6", "--seed", seed}, reuse);
}

struct Setup {
  int size;
  double komi;
  bool swap;
};

GameJob job_for(const std::string& id, const PlayerSpec& a, const PlayerSpec& b, const Setup& s,
                const fs::path& sgf_dir) {
  GameJob job;
  job.game_id = id;
  job.competition_code = "reuse";
  job.sgf_event = "reuse";
  job.black = s.swap ? b : a;
  job.white = s.swap ? a : b;
  job.settings.board_size = s.size;
  job.settings.komi = s.komi;
  job.settings.move_limit = 400;
  job.settings.scorer = Scorer::Internal;
  job.sgf_dir = sgf_dir.string();
  return job;
}

std::string slurp(const fs::path& p) {
  return rm::test::read_whole_file(p);
}

using rm::test::moves_and_result;

void check_nothing_left() {
  std::string left;
  for (const auto& p : rm::game::test::leftover_processes(3.0)) left += p + "; ";
  CHECK(left == "");
}

// Plays the setups in order with one id (ringbot mixes the game id into its seed: a kept
// engine keeps the id of the game it was started for, so the same id makes the two runs
// comparable), fresh engines or kept ones; returns each game's moves and result.
std::vector<std::string> play_series(const std::vector<Setup>& setups, bool reuse,
                                     const std::string& name, EngineCache* cache) {
  const std::string id = "series-" + std::to_string(::getpid());
  std::vector<std::string> records;
  const auto a = ringbot("a", "11", reuse), b = ringbot("b", "12", reuse);
  for (std::size_t i = 0; i < setups.size(); ++i) {
    const fs::path dir = scratch(name + std::to_string(i));
    GameResult r = play_game(job_for(id, a, b, setups[i], dir), nullptr, cache);
    REQUIRE_FALSE(r.is_void);
    records.push_back(moves_and_result(slurp(dir / (id + ".sgf"))));
    CHECK(r.black_cpu_s.has_value());
    CHECK(r.white_cpu_s.has_value());
  }
  return records;
}

}  // namespace

TEST_CASE("reuse: kept engines play exactly the games fresh engines play", "[reuse]") {
  // Board size, komi and colours change between games: boardsize, clear_board and komi
  // must reset a kept engine completely.
  const std::vector<Setup> setups{
      {7, 4.5, false}, {5, 0.5, true}, {7, 4.5, false}, {7, 6.5, true}, {5, 0.5, false}};
  const auto fresh = play_series(setups, false, "fresh", nullptr);
  std::vector<std::string> kept;
  {
    EngineCache cache;
    kept = play_series(setups, true, "kept", &cache);
    CHECK(cache.size() == 2);
  }
  CHECK(kept == fresh);
  CHECK_THAT(fresh[0], Catch::Contains("RE "));
  CHECK(fresh[0] != fresh[1]);  // the setups really differ
  check_nothing_left();
}

TEST_CASE("reuse: a kept ringbot is told each game's id and plays it as a fresh one would",
          "[reuse]") {
  // Different game ids, as in a real event: the kept engines must not replay one game.
  const Setup setup{7, 4.5, false};
  std::vector<std::string> fresh, kept;
  std::vector<GameResult> kept_results;
  EngineCache cache;
  for (bool reuse : {false, true}) {
    const auto a = ringbot("a", "11", reuse), b = ringbot("b", "12", reuse);
    for (int i = 0; i < 3; ++i) {
      const std::string id = "g" + std::to_string(i);
      const fs::path dir = scratch(std::string(reuse ? "ids-kept" : "ids-fresh") + id);
      GameResult r = play_game(job_for(id, a, b, setup, dir), nullptr, reuse ? &cache : nullptr);
      REQUIRE_FALSE(r.is_void);
      (reuse ? kept : fresh).push_back(moves_and_result(slurp(dir / (id + ".sgf"))));
      if (reuse) kept_results.push_back(r);
    }
  }
  CHECK(cache.size() == 2);
  CHECK(kept == fresh);
  CHECK(kept[0] != kept[1]);
  CHECK(kept[1] != kept[2]);
  for (const auto& r : kept_results) CHECK(r.warnings.empty());
  cache.close_all();
  check_nothing_left();
}

TEST_CASE("reuse: a kept engine that replays a game is reported, once per process", "[reuse]") {
  // scripted_engine plays the unused points in order: every game the same.
  const auto a = scripted("a"), b = scripted("b");
  EngineCache cache;
  std::vector<GameResult> results;
  for (int i = 0; i < 3; ++i) {
    const std::string id = "r" + std::to_string(i);
    results.push_back(
        play_game(job_for(id, a, b, {5, 0.5, false}, scratch("replay" + id)), nullptr, &cache));
    REQUIRE_FALSE(results.back().is_void);
  }
  CHECK(results[0].warnings.empty());
  REQUIRE(results[1].warnings.size() == 1);
  CHECK_THAT(results[1].warnings[0],
             Catch::StartsWith("game r1 has exactly the moves of game r0, played by the same kept "
                               "engine process (a and b, reuse: true)"));
  CHECK(results[2].warnings.empty());
  // Fresh engines are not checked: the same games are no replay of a kept process.
  const auto fa = scripted("a", {}, false), fb = scripted("b", {}, false);
  for (int i = 0; i < 2; ++i) {
    const std::string id = "f" + std::to_string(i);
    auto r =
        play_game(job_for(id, fa, fb, {5, 0.5, false}, scratch("fresh" + id)), nullptr, &cache);
    CHECK(r.warnings.empty());
  }
  cache.close_all();
  check_nothing_left();
}

TEST_CASE("reuse: the same processes serve the next game", "[reuse]") {
  const auto dir = scratch("same");
  EngineCache cache;
  const auto a = scripted("a"), b = scripted("b");
  CHECK_FALSE(play_game(job_for("s1", a, b, {5, 0.5, false}, dir), nullptr, &cache).is_void);
  auto pids = cache.pids();
  REQUIRE(pids.size() == 2);
  CHECK_FALSE(play_game(job_for("s2", a, b, {5, 0.5, true}, dir), nullptr, &cache).is_void);
  auto again = cache.pids();
  std::sort(pids.begin(), pids.end());
  std::sort(again.begin(), again.end());
  CHECK(again == pids);
  // A player that is not reused is closed after every game, as before.
  const auto fresh_b = scripted("b", {}, false);
  CHECK_FALSE(play_game(job_for("s3", a, fresh_b, {5, 0.5, false}, dir), nullptr, &cache).is_void);
  CHECK(cache.size() == 1);
  cache.close_all();
  CHECK(cache.size() == 0);
  check_nothing_left();
}

TEST_CASE("reuse: an engine that dies between games is replaced, the game is played normally",
          "[reuse]") {
  const auto dir = scratch("dies");
  const auto a = scripted("a"), b = scripted("b");
  // The fresh reference game.
  GameResult reference = play_game(job_for("ref", a, b, {5, 0.5, false}, dir));
  const std::string expected = moves_and_result(slurp(dir / "ref.sgf"));

  EngineCache cache;
  CHECK_FALSE(play_game(job_for("d1", a, b, {5, 0.5, false}, dir), nullptr, &cache).is_void);
  auto pids = cache.pids();
  REQUIRE(pids.size() == 2);
  for (int pid : pids) ::kill(pid, SIGKILL);  // both crash while idle
  GameResult r = play_game(job_for("d2", a, b, {5, 0.5, false}, dir), nullptr, &cache);
  CHECK_FALSE(r.is_void);
  CHECK(r.sgf_result == reference.sgf_result);
  CHECK(moves_and_result(slurp(dir / "d2.sgf")) == expected);
  auto now = cache.pids();
  REQUIRE(now.size() == 2);
  for (int pid : now) CHECK(std::find(pids.begin(), pids.end(), pid) == pids.end());
  cache.close_all();
  check_nothing_left();
}

TEST_CASE("reuse: an engine that crashes in a reused game voids that game only", "[reuse]") {
  const auto dir = scratch("crash");
  // Two moves and a resignation in the first game; its 4th move request (in the second
  // game) crashes it.
  const auto a = scripted("a", {"--crash-after-moves", "3", "--resign-after", "2"});
  const auto b = scripted("b");
  EngineCache cache;
  GameResult first = play_game(job_for("c1", a, b, {5, 0.5, false}, dir), nullptr, &cache);
  CHECK(first.sgf_result == "W+R");
  CHECK(cache.size() == 2);
  GameResult second = play_game(job_for("c2", a, b, {5, 0.5, false}, dir), nullptr, &cache);
  CHECK(second.is_void);
  CHECK_THAT(second.void_reason, Catch::Contains("player a"));
  CHECK(cache.size() == 0);  // nothing is kept after a void game
  GameResult third = play_game(job_for("c3", a, b, {5, 0.5, false}, dir), nullptr, &cache);
  CHECK(third.sgf_result == "W+R");  // a fresh engine counts its moves from 0 again
  cache.close_all();
  check_nothing_left();
}

TEST_CASE("reuse: a GTP error or a timeout ends an engine's reuse", "[reuse]") {
  const auto dir = scratch("errors");
  EngineCache cache;
  SECTION("failure response") {
    const auto a = scripted("a", {"--fail-genmove-after", "2"});
    GameResult r =
        play_game(job_for("e1", a, scripted("b"), {5, 0.5, false}, dir), nullptr, &cache);
    CHECK(r.is_forfeit);
    CHECK(cache.size() == 1);  // only b is kept
  }
  SECTION("timeout") {
    auto a = scripted("a", {"--hang-in-genmove-after", "2"});
    a.engine.timeouts.genmove_s = 0.5;
    GameResult r =
        play_game(job_for("e2", a, scripted("b"), {5, 0.5, false}, dir), nullptr, &cache);
    CHECK(r.forfeit_cause == "timeout");
    CHECK(cache.size() == 1);
  }
  SECTION("aborted") {
    std::atomic<bool> abort{true};
    GameResult r = play_game(job_for("e3", scripted("a"), scripted("b"), {5, 0.5, false}, dir),
                             &abort, &cache);
    CHECK(r.is_void);
    CHECK(cache.size() == 0);
  }
  cache.close_all();
  check_nothing_left();
}

TEST_CASE("reuse: restart_every and changed settings start a new process", "[reuse]") {
  const auto dir = scratch("restart");
  EngineCache cache;
  auto a = scripted("a");
  a.restart_every = 2;
  const auto b = scripted("b");
  play_game(job_for("r1", a, b, {5, 0.5, false}, dir), nullptr, &cache);
  CHECK(cache.size() == 2);
  play_game(job_for("r2", a, b, {5, 0.5, false}, dir), nullptr, &cache);
  CHECK(cache.size() == 1);          // a has played its 2 games: closed
  const auto before = cache.pids();  // b's
  // b with another command line is another engine: the kept b is closed, a new one started.
  const auto b2 = scripted("b", {"--name", "other"});
  play_game(job_for("r3", a, b2, {5, 0.5, false}, dir), nullptr, &cache);
  const auto after = cache.pids();
  CHECK(after.size() == 2);
  for (int pid : before) CHECK(std::find(after.begin(), after.end(), pid) == after.end());
  CHECK(EngineCache::key_of(b) != EngineCache::key_of(b2));
  // GOMILL_GAME_ID is not part of an engine's identity.
  auto b3 = b;
  b3.engine.process.environ["GOMILL_GAME_ID"] = "x";
  CHECK(EngineCache::key_of(b) == EngineCache::key_of(b3));
  cache.close_all();
  check_nothing_left();
}

TEST_CASE("reuse: engines kept by worker threads are closed when the threads end", "[reuse]") {
  const auto dir = scratch("threads");
  {
    WorkerEngines engines;
    std::thread worker([&] {
      auto& cache = engines.for_slot(0);
      play_game(job_for("t1", scripted("a"), scripted("b"), {5, 0.5, false}, dir), nullptr, &cache);
      CHECK(cache.size() == 2);
    });
    worker.join();
    check_nothing_left();  // closed by the thread itself, before WorkerEngines goes
  }
  check_nothing_left();
}
