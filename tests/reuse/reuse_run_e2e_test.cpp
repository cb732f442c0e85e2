// Whole runs with `reuse: true`: the same records as with fresh engines, fewer engine
// starts, and no engine left after the run ends, after `stop` and after SIGINT.
#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/e2e_support.hpp"
#include "tests/support/sgf_moves.hpp"

using namespace std::chrono_literals;

namespace {

using rm::test::CompetitionDir;

const std::string kScripted = std::string(RM_BIN_DIR) + "/scripted_engine";

// Engines without state across games (a move counter would make --resign-after N count
// over all the games a kept engine plays): each plays the unused points in order.
std::string playoff(bool reuse, int games, const std::string& extra_flags = "") {
  const std::string keep = reuse ? "    reuse: true\n" : "";
  return "competition_type: playoff\n"
         "players:\n"
         "  a:\n"
         "    command: [" +
         kScripted + ", --name, a" + extra_flags + "]\n" + keep +
         "  b:\n"
         "    command: [" +
         kScripted + ", --name, b" + extra_flags + "]\n" + keep +
         "board_size: 5\n"
         "komi: 0.5\n"
         "scorer: internal\n"
         "matchups:\n"
         "  - {player_1: a, player_2: b, alternating: true, number_of_games: " +
         std::to_string(games) + "}\n";
}

using rm::test::moves_and_result;

// game id -> moves and result, from the SGF records.
std::map<std::string, std::string> records(const CompetitionDir& c) {
  std::map<std::string, std::string> out;
  for (const auto& g : c.games()) out[g.game_id] = moves_and_result(rm::test::slurp(g.sgf_path));
  return out;
}

// Engines started: every start sends `name`; a kept engine is only probed.
int engine_starts(const CompetitionDir& c) {
  int starts = 0;
  for (const auto& entry : std::filesystem::directory_iterator(c.file(".gtplogs"))) {
    const std::string log = rm::test::slurp(entry.path().string());
    for (std::size_t at = 0; (at = log.find(": name\n", at)) != std::string::npos; ++at) ++starts;
  }
  return starts;
}

}  // namespace

TEST_CASE("reuse run: the same records as fresh engines, with fewer starts", "[reuse][e2e]") {
  CompetitionDir fresh("fresh", playoff(false, 8));
  auto f = fresh.run({"run", "-j", "2", "-q", "--log-gtp"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CompetitionDir kept("kept", playoff(true, 8));
  auto k = kept.run({"run", "-j", "2", "-q", "--log-gtp"});
  INFO(k.err);
  REQUIRE(k.exit_status == 0);
  const auto a = records(fresh), b = records(kept);
  CHECK(a.size() == 8);
  CHECK(a == b);
  CHECK(engine_starts(fresh) == 16);
  CHECK(engine_starts(kept) <= 4);  // two workers, two players each
  // These engines replay the same game for ever: the run says so (screen and log), once per
  // kept process.
  CHECK_THAT(k.err, Catch::Contains("has exactly the moves of game"));
  CHECK_THAT(rm::test::slurp(kept.file(".log")), Catch::Contains("has exactly the moves of game"));
  CHECK_THAT(f.err, !Catch::Contains("has exactly the moves"));
  CHECK(rm::test::tagged_processes_after(fresh.tag(), 5s).empty());
  CHECK(rm::test::tagged_processes_after(kept.tag(), 5s).empty());
}

TEST_CASE("reuse run: no engine is left after stop or SIGINT", "[reuse][e2e]") {
  const std::string slow = ", --sleep-before-move, '0.02'";
  SECTION("stop") {
    CompetitionDir c("stop", playoff(true, 400, slow));
    auto running = c.start({"run", "-j", "2", "-q"});
    REQUIRE(c.wait_for_games(3));
    auto stop = c.run({"stop"});
    CHECK(stop.exit_status == 0);
    auto f = running->wait(60s);
    REQUIRE(f);
    CHECK(f->exit_status == 0);
    CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
    // Resuming after a stop is an ordinary run.
    auto more = c.run({"run", "-q", "--max-games", "2"});
    CHECK(more.exit_status == 0);
    CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
  }
  SECTION("SIGINT") {
    CompetitionDir c("sigint", playoff(true, 400, slow));
    auto running = c.start({"run", "-j", "2", "-q"});
    REQUIRE(c.wait_for_games(3));
    running->send(SIGINT);
    auto f = running->wait(60s);
    REQUIRE(f);
    CHECK(f->exit_status == 3);
    CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
  }
}

TEST_CASE(
    "reuse run: an engine that crashes in a later game: that game is void and replayed "
    "with a fresh engine, the records are the fresh engines' ones",
    "[reuse][e2e]") {
  CompetitionDir fresh("fresh-ref", playoff(false, 6));
  REQUIRE(fresh.run({"run", "-q"}).exit_status == 0);
  // A game of 5x5 asks a player for at most 14 moves: a fresh engine never reaches its 20th,
  // a kept one does in its second game.
  CompetitionDir kept("crashing", playoff(true, 6, ", --crash-after-moves, '20'"));
  auto k = kept.run({"run", "-q"});
  INFO(k.err);
  REQUIRE(k.exit_status == 0);
  CHECK(records(kept) == records(fresh));
  auto store = rm::store::Store::open_read_only(kept.file(".db"));
  CHECK(store->void_game_count() >= 1);
  CHECK_THAT(rm::test::slurp(kept.file(".log")), Catch::Contains("crashing after 20 moves"));
  CHECK(rm::test::tagged_processes_after(kept.tag(), 5s).empty());
}

namespace {
// control_examples/reuse_ringbot.yaml with fewer games.
std::string reuse_example(int games) {
  std::string yaml =
      rm::test::slurp(std::string(RM_SOURCE_DIR) + "/control_examples/reuse_ringbot.yaml");
  const std::string forty = "number_of_games: 40";
  const auto at = yaml.find(forty);
  REQUIRE(at != std::string::npos);
  return yaml.replace(at, forty.size(), "number_of_games: " + std::to_string(games));
}
}  // namespace

TEST_CASE("reuse run: the shipped example plays different games, the same with -j and resume",
          "[reuse][e2e]") {
  constexpr int kGames = 12;
  CompetitionDir two("example-j2", reuse_example(kGames));
  auto t = two.run({"run", "-j", "2", "-q"});
  INFO(t.err);
  REQUIRE(t.exit_status == 0);
  const auto games = records(two);
  REQUIRE(games.size() == static_cast<std::size_t>(kGames));
  std::set<std::string> distinct;
  for (const auto& [id, record] : games) distinct.insert(record);
  CHECK(distinct.size() == games.size());
  CHECK_THAT(t.err, !Catch::Contains("has exactly the moves"));

  // One worker, stopped after 5 games and resumed: every game the same as with two workers.
  CompetitionDir one("example-j1", reuse_example(kGames));
  REQUIRE(one.run({"run", "-q", "--max-games", "5"}).exit_status == 0);
  REQUIRE(one.run({"run", "-q"}).exit_status == 0);
  CHECK(records(one) == games);
}

namespace {
// The lines --count-starts wrote: "start <pid> <GOMILL_GAME_ID> <GOMILL_SLOT>", one per start.
std::vector<std::string> start_lines(const std::string& path) {
  std::vector<std::string> lines;
  std::istringstream in(std::filesystem::exists(path) ? rm::test::slurp(path) : std::string());
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}
}  // namespace

TEST_CASE("reuse run: the startup check's engine plays the games (issue 47)", "[reuse][e2e]") {
  SECTION("reuse, -j 1: each engine starts once, for the check and every game") {
    CompetitionDir c("check-kept", "");
    const std::string starts = c.file(".starts");
    c.write(playoff(true, 4, ", --count-starts, '" + starts + "'"));
    auto f = c.run({"run", "-j", "1", "-q", "--log-gtp"});
    INFO(f.err);
    REQUIRE(f.exit_status == 0);
    CHECK(records(c).size() == 4);
    const auto lines = start_lines(starts);
    INFO(rm::test::slurp(starts));
    CHECK(lines.size() == 2);  // a and b, each once
    // Started as worker 0 starts its engines, for the startup check.
    for (const auto& line : lines) CHECK_THAT(line, Catch::EndsWith(" startup-check 0"));
    CHECK(engine_starts(c) == 0);  // no game started an engine: each was handed its
    CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
    // The same records as fresh engines.
    CompetitionDir fresh("check-kept-ref", playoff(false, 4));
    REQUIRE(fresh.run({"run", "-q"}).exit_status == 0);
    CHECK(records(c) == records(fresh));
  }
  SECTION("without reuse: unchanged, the check's engines are closed and each game starts two") {
    CompetitionDir c("check-fresh", "");
    const std::string starts = c.file(".starts");
    c.write(playoff(false, 4, ", --count-starts, '" + starts + "'"));
    auto f = c.run({"run", "-j", "1", "-q"});
    INFO(f.err);
    REQUIRE(f.exit_status == 0);
    CHECK(start_lines(starts).size() == 2 + 4 * 2);
    CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
  }
  SECTION("reuse, no game played (--max-games 0): the check's engines are closed at the end") {
    CompetitionDir c("check-unused", "");
    const std::string starts = c.file(".starts");
    c.write(playoff(true, 4, ", --count-starts, '" + starts + "'"));
    auto f = c.run({"run", "-q", "--max-games", "0"});
    INFO(f.err);
    REQUIRE(f.exit_status == 0);
    CHECK(start_lines(starts).size() == 2);
    CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
  }
  SECTION("reuse, a later player fails its check: the kept engine is closed, no file is left") {
    CompetitionDir c("check-fails",
                     "competition_type: playoff\n"
                     "players:\n"
                     "  a: {command: ['" +
                         kScripted + "', --stderr-message, hello], reuse: true}\n" +
                         "  b: {command: ['" + kScripted + "', --crash-at-start], reuse: true}\n" +
                         "board_size: 7\nkomi: 4.5\n"
                         "matchups: [[a, b]]\nnumber_of_games: 2\n");
    auto f = c.run({"run", "-q"});
    CHECK(f.exit_status == 1);
    CHECK_THAT(f.err, Catch::Contains("player b failed startup check"));
    for (const char* suffix : {".db", ".db-wal", ".db-shm", ".lock", ".log", ".hist", ".games"})
      CHECK_FALSE(std::filesystem::exists(c.file(suffix)));
    CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
  }
  SECTION("reuse, SIGINT during the first game: no engine is left") {
    CompetitionDir c("check-sigint", "");
    const std::string gate = c.file(".gate");
    c.write(playoff(true, 4, ", --wait-for-file, '" + gate + "'"));
    auto running = c.start({"run", "-q", "--log-gtp"});
    // The first game has begun: its transcript exists.
    const auto log = c.file(".gtplogs");
    for (int i = 0; i < 400 && !(std::filesystem::exists(log) && !std::filesystem::is_empty(log));
         ++i)
      std::this_thread::sleep_for(25ms);
    running->send(SIGINT);
    auto f = running->wait(60s);
    REQUIRE(f);
    CHECK(f->exit_status == 3);
    CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
  }
}

namespace {
// control_examples/reuse_network_engine.yaml with a short load, `games` games, its slow engine
// counting its starts in `starts`, and `reuse` as given on both players.
std::string network_example(int games, const std::string& starts, bool reuse) {
  std::string yaml =
      rm::test::slurp(std::string(RM_SOURCE_DIR) + "/control_examples/reuse_network_engine.yaml");
  auto replace = [&yaml](const std::string& from, const std::string& to) {
    const auto at = yaml.find(from);
    REQUIRE(at != std::string::npos);
    yaml.replace(at, from.size(), to);
  };
  replace("\"--sleep-at-start\", \"3\"",
          "\"--sleep-at-start\", \"0.1\", \"--count-starts\", \"" + starts + "\"");
  replace("number_of_games: 20", "number_of_games: " + std::to_string(games));
  if (!reuse)
    for (std::size_t at; (at = yaml.find("reuse: true")) != std::string::npos;)
      yaml.replace(at, 11, "reuse: false");
  return yaml;
}
}  // namespace

TEST_CASE("reuse run: the network-engine example skips its banner and starts it once a worker",
          "[reuse][e2e]") {
  constexpr int kGames = 8;
  SECTION("reuse, -j 2: two starts (the startup check's, kept by worker 0, and worker 1's)") {
    CompetitionDir c("network-kept", "");
    const std::string starts = c.file(".starts");
    c.write(network_example(kGames, starts, true));
    auto f = c.run({"run", "-j", "2", "-q"});
    INFO(f.err);
    REQUIRE(f.exit_status == 0);
    const auto games = c.games();
    REQUIRE(games.size() == static_cast<std::size_t>(kGames));
    for (const auto& game : games) {
      INFO(game.game_id << ": " << game.detail);
      CHECK_FALSE(game.is_void);
      CHECK_FALSE(game.is_forfeit);
      CHECK(game.winner != "");
    }
    CHECK(start_lines(starts).size() == 2);
    CHECK_THAT(f.err, !Catch::Contains("has exactly the moves"));
    CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
  }
  SECTION("without reuse: the check's start and one per game") {
    CompetitionDir c("network-fresh", "");
    const std::string starts = c.file(".starts");
    c.write(network_example(kGames, starts, false));
    auto f = c.run({"run", "-j", "2", "-q"});
    INFO(f.err);
    REQUIRE(f.exit_status == 0);
    for (const auto& game : c.games()) CHECK_FALSE(game.is_forfeit);
    CHECK(start_lines(starts).size() == 1 + kGames);
  }
}
