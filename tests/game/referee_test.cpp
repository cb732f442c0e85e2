// Real games between real engine processes (tests/engines' scripted_engine, GNU Go when
// installed): every outcome of the referee, and no process left behind after any of them.
#include "ringmaster/game/referee.hpp"

#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "process_scan.hpp"
#include "tests/support/scratch_files.hpp"
#include "tests/support/scripted_player.hpp"

using namespace rm::game;
namespace fs = std::filesystem;

namespace {

const std::string& kScripted = rm::test::kScriptedEngine;
const std::string kGnugo = "/usr/games/gnugo";

bool have(const std::string& path) {
  return ::access(path.c_str(), X_OK) == 0;
}

#define REQUIRE_SCRIPTED()                               \
  do {                                                   \
    if (!have(kScripted)) {                              \
      WARN("skipped: " << kScripted << " is not built"); \
      return;                                            \
    }                                                    \
  } while (false)

// A fresh scratch directory per test.
fs::path scratch(const std::string& name) {
  return rm::test::scratch_dir("rm_game_test", name);
}

PlayerSpec scripted(const std::string& code, std::vector<std::string> flags = {}) {
  return rm::test::scripted_player(code, std::move(flags));
}

GameJob job_for(const std::string& id, PlayerSpec black, PlayerSpec white, int size = 9) {
  GameJob job;
  job.game_id = id;
  job.competition_code = "test";
  job.sgf_event = "test";
  job.black = std::move(black);
  job.white = std::move(white);
  job.settings.board_size = size;
  job.settings.komi = 7.5;
  job.settings.move_limit = 1000;
  return job;
}

std::string read_file(const fs::path& p) {
  return rm::test::read_whole_file(p);
}

// Every referee test ends here: no descendant (live or zombie) and no process carrying this
// game's GOMILL_GAME_ID anywhere (catches engines' children re-parented to init).
void check_nothing_left(const GameJob& job) {
  // The lists themselves are compared (not INFO'd) so a failure shows what was left; INFO
  // inside a helper called from SECTIONs crashed Catch 2.13 at -O2.
  auto joined = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += x + "; ";
    return s;
  };
  CHECK(joined(rm::game::test::leftover_processes(3.0)) == "");
  CHECK(joined(rm::game::test::processes_with_game_id(job.game_id)) == "");
}

std::string unique_id(const std::string& base) {
  return base + "-" + std::to_string(::getpid());
}

}  // namespace

TEST_CASE("referee: resignation", "[game][referee]") {
  REQUIRE_SCRIPTED();
  auto dir = scratch("resign");
  GameJob job =
      job_for(unique_id("resign"), scripted("one"), scripted("two", {"--resign-after", "3"}));
  job.sgf_dir = (dir / "games").string();
  GameResult r = play_game(job);
  CHECK_FALSE(r.is_void);
  CHECK(r.sgf_result == "B+R");
  CHECK(r.winner == "b");
  CHECK(r.winning_code() == "one");
  CHECK(r.detail.empty());
  CHECK(r.describe() == "one beat two B+R");
  CHECK(r.sgf_path == (dir / "games" / (job.game_id + ".sgf")).string());
  std::string sgf = read_file(r.sgf_path);
  CHECK(sgf.find("RE[B+R]") != std::string::npos);
  CHECK(sgf.find("GN[test " + job.game_id + "]") != std::string::npos);
  check_nothing_left(job);
  fs::remove_all(dir);
}

TEST_CASE("referee: internal scorer on a passed-out game", "[game][referee]") {
  REQUIRE_SCRIPTED();
  GameJob job = job_for(unique_id("internal"), scripted("one", {"--pass-after", "10"}),
                        scripted("two", {"--pass-after", "10"}));
  job.settings.scorer = Scorer::Internal;
  job.settings.move_limit = 1000;
  GameResult r = play_game(job);
  CHECK_FALSE(r.is_void);
  CHECK(r.move_count >= 2);
  CHECK(r.move_count == 22);  // 10 stones each, then two passes
  CHECK((r.winner == "b" || r.winner == "w" || r.is_jigo));
  if (!r.is_jigo) CHECK(r.margin);
  check_nothing_left(job);
}

TEST_CASE("referee: players scorer agreement and disagreement", "[game][referee]") {
  REQUIRE_SCRIPTED();
  SECTION("agree") {
    GameJob job = job_for(unique_id("agree"),
                          scripted("one", {"--final-score", "B+12.5", "--pass-after", "4"}),
                          scripted("two", {"--final-score", "B+12.5", "--pass-after", "4"}));
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "B+12.5");
    CHECK(r.margin == Approx(12.5));
    check_nothing_left(job);
  }
  SECTION("disagree") {
    GameJob job = job_for(unique_id("disagree"),
                          scripted("one", {"--final-score", "B+3", "--pass-after", "4"}),
                          scripted("two", {"--final-score", "W+3", "--pass-after", "4"}));
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "?");
    CHECK(r.detail == "players disagreed");
    CHECK(r.winner.empty());
    check_nothing_left(job);
  }
  SECTION("unreliable scorer is not asked") {
    PlayerSpec white = scripted("two", {"--final-score", "W+3", "--pass-after", "4"});
    white.is_reliable_scorer = false;
    GameJob job = job_for(unique_id("unreliable"),
                          scripted("one", {"--final-score", "B+3", "--pass-after", "4"}), white);
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "B+3");
    check_nothing_left(job);
  }
}

TEST_CASE("referee: claim", "[game][referee]") {
  REQUIRE_SCRIPTED();
  PlayerSpec black = scripted("one", {"--claim-after", "2"});
  black.allow_claim = true;
  GameJob job = job_for(unique_id("claim"), black, scripted("two"));
  GameResult r = play_game(job);
  CHECK(r.sgf_result == "B+");
  CHECK(r.detail == "claim");
  CHECK(r.describe() == "one beat two B+ (claim)");
  check_nothing_left(job);
}

TEST_CASE("referee: forfeits", "[game][referee]") {
  REQUIRE_SCRIPTED();
  SECTION("ill-formed move") {
    GameJob job = job_for(unique_id("illformed"), scripted("one", {"--ill-formed-move-after", "2"}),
                          scripted("two"));
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "W+F");
    CHECK(r.is_forfeit);
    CHECK(r.forfeit_cause == "ill_formed_move");
    CHECK_THAT(r.detail, Catch::StartsWith("forfeit by one: attempted ill-formed move"));
    CHECK(r.warnings.size() >= 1);
    check_nothing_left(job);
  }
  SECTION("illegal move (occupied point)") {
    GameJob job = job_for(unique_id("illegal"), scripted("one"),
                          scripted("two", {"--illegal-move-after", "2"}));
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "B+F");
    CHECK(r.forfeit_cause == "illegal_move");
    CHECK_THAT(r.detail, Catch::StartsWith("forfeit by two: attempted move to"));
    check_nothing_left(job);
  }
  SECTION("opponent says illegal move: the mover forfeits") {
    GameJob job = job_for(unique_id("claimsillegal"), scripted("one"),
                          scripted("two", {"--illegal-play-after", "2"}));
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "W+F");
    CHECK(r.forfeit_cause == "claims_illegal");
    CHECK(r.detail == "forfeit by one: two claims move E1 is illegal");
    check_nothing_left(job);
  }
  SECTION("opponent rejects play otherwise: the opponent forfeits") {
    GameJob job = job_for(unique_id("failplay"), scripted("one"),
                          scripted("two", {"--fail-command", "play"}));
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "B+F");
    CHECK(r.forfeit_cause == "failure_response");
    CHECK(r.detail ==
          "forfeit by two: failure response from 'play b A1' to player two:\nforced failure");
    check_nothing_left(job);
  }
  SECTION("opponent rejects play and hangs in the genmove pipelined after it") {
    // The genmove was sent in the same write as the failing play: the game ends as before,
    // and the unanswered genmove delays the close by at most quit_s (1 s here).
    PlayerSpec white = scripted("two", {"--fail-command", "play", "--hang-in-genmove-after", "0"});
    white.engine.timeouts.genmove_s = 60;
    GameJob job = job_for(unique_id("failplayhang"), scripted("one"), white);
    const auto t0 = std::chrono::steady_clock::now();
    GameResult r = play_game(job);
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(10));
    CHECK(r.sgf_result == "B+F");
    CHECK(r.forfeit_cause == "failure_response");
    CHECK(r.detail ==
          "forfeit by two: failure response from 'play b A1' to player two:\nforced failure");
    CHECK(r.late_errors.empty());
    check_nothing_left(job);
  }
  SECTION("failure response to genmove") {
    GameJob job = job_for(unique_id("failgen"), scripted("one", {"--fail-genmove-after", "1"}),
                          scripted("two"));
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "W+F");
    CHECK(r.forfeit_cause == "failure_response");
    CHECK_THAT(r.detail, Catch::StartsWith(
                             "forfeit by one: failure response from 'genmove b' to player one:"));
    check_nothing_left(job);
  }
  SECTION("timeout in genmove") {
    PlayerSpec black = scripted("one", {"--hang-in-genmove-after", "1"});
    black.engine.timeouts.genmove_s = 1.0;
    GameJob job = job_for(unique_id("timeout"), black, scripted("two"));
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "W+F");
    CHECK(r.forfeit_cause == "timeout");
    CHECK(r.detail == "forfeit by one: timeout after 1.0s waiting for response to 'genmove b'");
    CHECK_FALSE(r.is_void);
    check_nothing_left(job);
  }
}

TEST_CASE("referee: void games", "[game][referee]") {
  REQUIRE_SCRIPTED();
  auto dir = scratch("void");
  SECTION("crash at start") {
    GameJob job =
        job_for(unique_id("crashstart"), scripted("one"), scripted("two", {"--crash-at-start"}));
    job.void_sgf_dir = (dir / "void").string();
    GameResult r = play_game(job);
    CHECK(r.is_void);
    CHECK(r.sgf_result == "Void");
    CHECK_FALSE(r.void_reason.empty());
    CHECK(r.sgf_path.empty());  // no moves: no record
    check_nothing_left(job);
  }
  SECTION("crash mid-game: void, record kept in void_sgf_dir") {
    GameJob job = job_for(unique_id("crashmid"), scripted("one", {"--crash-after-moves", "3"}),
                          scripted("two"));
    job.void_sgf_dir = (dir / "void").string();
    GameResult r = play_game(job);
    CHECK(r.is_void);
    CHECK(r.move_count >= 1);
    CHECK_FALSE(r.void_reason.empty());
    REQUIRE_FALSE(r.sgf_path.empty());
    std::string sgf = read_file(r.sgf_path);
    CHECK(sgf.find("RE[Void]") != std::string::npos);
    CHECK(sgf.find("aborting game due to error:") != std::string::npos);
    check_nothing_left(job);
  }
  SECTION("closed stdout mid-game") {
    GameJob job = job_for(unique_id("closeout"), scripted("one"),
                          scripted("two", {"--close-stdout-after", "2"}));
    GameResult r = play_game(job);
    CHECK(r.is_void);
    check_nothing_left(job);
  }
  SECTION("protocol version 1") {
    GameJob job =
        job_for(unique_id("proto"), scripted("one", {"--protocol-version", "1"}), scripted("two"));
    GameResult r = play_game(job);
    CHECK(r.is_void);
    CHECK_THAT(r.void_reason, Catch::Contains("protocol version"));
    check_nothing_left(job);
  }
  SECTION("flood on stdout") {
    GameJob job = job_for(unique_id("flood"), scripted("one", {"--flood-stdout"}), scripted("two"));
    GameResult r = play_game(job);
    CHECK(r.is_void);
    check_nothing_left(job);
  }
  fs::remove_all(dir);
}

TEST_CASE("referee: stderr flood does not stop the game", "[game][referee]") {
  REQUIRE_SCRIPTED();
  GameJob job = job_for(unique_id("flooderr"), scripted("one", {"--flood-stderr"}),
                        scripted("two", {"--resign-after", "5"}));
  GameResult r = play_game(job);
  CHECK_FALSE(r.is_void);
  CHECK(r.sgf_result == "B+R");
  check_nothing_left(job);
}

TEST_CASE("referee: engines that misbehave at close", "[game][referee]") {
  REQUIRE_SCRIPTED();
  SECTION("ignore quit: killed, result stands") {
    GameJob job = job_for(unique_id("ignorequit"), scripted("one", {"--ignore-quit"}),
                          scripted("two", {"--resign-after", "2"}));
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "B+R");
    CHECK_FALSE(r.is_void);
    check_nothing_left(job);
  }
  SECTION("forked hanging child is killed too") {
    GameJob job = job_for(unique_id("fork"), scripted("one", {"--fork-hanging-child"}),
                          scripted("two", {"--resign-after", "2"}));
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "B+R");
    check_nothing_left(job);
  }
}

TEST_CASE("referee: move limit", "[game][referee]") {
  REQUIRE_SCRIPTED();
  GameJob job = job_for(unique_id("limit"), scripted("one"), scripted("two"));
  job.settings.move_limit = 6;
  GameResult r = play_game(job);
  CHECK_FALSE(r.is_void);
  CHECK(r.sgf_result == "Void");
  CHECK(r.detail == "hit move limit");
  CHECK(r.move_count == 6);
  CHECK(r.describe() == "one vs two Void (hit move limit)");
  check_nothing_left(job);
}

TEST_CASE("referee: handicap", "[game][referee]") {
  REQUIRE_SCRIPTED();
  SECTION("fixed") {
    GameJob job =
        job_for(unique_id("fixedh"), scripted("one"), scripted("two", {"--resign-after", "2"}));
    job.settings.handicap = 4;
    job.settings.scorer = Scorer::Internal;
    auto dir = scratch("fixedh");
    job.sgf_dir = dir.string();
    GameResult r = play_game(job);
    CHECK_FALSE(r.is_void);
    REQUIRE_FALSE(r.sgf_path.empty());
    std::string sgf = read_file(r.sgf_path);
    CHECK(sgf.find("HA[4]") != std::string::npos);
    CHECK(sgf.find("AB[") != std::string::npos);
    CHECK(sgf.find(";W[") != std::string::npos);  // white moves first after handicap
    check_nothing_left(job);
    fs::remove_all(dir);
  }
  SECTION("free") {
    GameJob job =
        job_for(unique_id("freeh"), scripted("one"), scripted("two", {"--resign-after", "2"}));
    job.settings.handicap = 3;
    job.settings.handicap_style = HandicapStyle::Free;
    GameResult r = play_game(job);
    CHECK_FALSE(r.is_void);
    CHECK(r.sgf_result == "B+R");
    check_nothing_left(job);
  }
}

TEST_CASE("referee: abort kills the engines and voids the game", "[game][referee]") {
  REQUIRE_SCRIPTED();
  PlayerSpec black = scripted("one", {"--hang-in-genmove-after", "1"});
  black.engine.timeouts.genmove_s = 60;
  GameJob job = job_for(unique_id("abort"), black, scripted("two"));
  std::atomic<bool> abort{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    abort = true;
  });
  GameResult r = play_game(job, &abort);
  stopper.join();
  CHECK(r.is_void);
  CHECK(r.void_reason == "aborted");
  check_nothing_left(job);
}

TEST_CASE("referee: GTP transcript and cpu time", "[game][referee]") {
  REQUIRE_SCRIPTED();
  auto dir = scratch("gtplog");
  GameJob job = job_for(unique_id("gtplog"), scripted("one", {"--cpu-time", "1.5"}),
                        scripted("two", {"--resign-after", "2"}));
  job.gtp_log_path = (dir / "log" / "g.log").string();
  GameResult r = play_game(job);
  CHECK(r.black_cpu_s == Approx(1.5));
  CHECK(r.white_cpu_s.has_value());  // from rusage
  std::string log = read_file(job.gtp_log_path);
  CHECK(log.find(">> b: boardsize 9") != std::string::npos);
  CHECK(log.find(">> w: genmove w") != std::string::npos);
  CHECK(log.find("<< w: ") != std::string::npos);
  // Commands are pipelined, but each engine still receives gomill's sequence, and every
  // command has its response (all one-line here) in the transcript.
  std::istringstream lines(log);
  std::vector<std::string> white_commands;
  int commands[2] = {0, 0}, responses[2] = {0, 0};
  for (std::string line; std::getline(lines, line);) {
    const int channel = line.compare(3, 2, "b:") == 0 ? 0 : 1;
    if (line.rfind(">> ", 0) == 0) ++commands[channel];
    if (line.rfind("<< ", 0) == 0) ++responses[channel];
    if (line.rfind(">> w: ", 0) == 0) white_commands.push_back(line.substr(6));
  }
  CHECK(commands[0] == responses[0]);
  CHECK(commands[1] == responses[1]);
  const std::vector<std::string> white_expected = {"protocol_version",
                                                   "name",
                                                   "version",
                                                   "known_command gomill-describe_engine",
                                                   "boardsize 9",
                                                   "clear_board",
                                                   "komi 7.5",
                                                   "known_command gomill-explain_last_move",
                                                   "known_command gomill-cpu_time",
                                                   "play b A1",
                                                   "genmove w",
                                                   "play b C1",
                                                   "genmove w",
                                                   "play b E1",
                                                   "genmove w",
                                                   "quit"};
  CHECK(white_commands == white_expected);
  check_nothing_left(job);
  fs::remove_all(dir);
}

TEST_CASE("referee: GNU Go self-play on 9x9 with the players scorer", "[game][referee][gnugo]") {
  if (!have(kGnugo)) {
    WARN("skipped: " << kGnugo << " not installed");
    return;
  }
  auto gnugo = [](const std::string& code) {
    PlayerSpec p;
    p.code = code;
    p.engine.name = code;
    p.engine.process.argv = {kGnugo,    "--mode", "gtp", "--chinese-rules", "--capture-all-dead",
                             "--level", "0"};
    return p;
  };
  auto dir = scratch("gnugo");
  GameJob job = job_for(unique_id("gnugo"), gnugo("g1"), gnugo("g2"));
  job.sgf_dir = dir.string();
  GameResult r = play_game(job);
  CHECK_FALSE(r.is_void);
  CHECK((r.winner == "b" || r.winner == "w"));
  CHECK(r.margin.has_value());  // both GNU Go instances count the same area score
  CHECK(r.black_short_description.rfind("GNU Go:", 0) == 0);
  REQUIRE_FALSE(r.sgf_path.empty());
  CHECK(read_file(r.sgf_path).find("PB[GNU Go:") != std::string::npos);
  check_nothing_left(job);

  // The record loads back into GNU Go.
  PlayerSpec loader = gnugo("loader");
  GameJob load_job = job_for(unique_id("gnugo-load"), loader, gnugo("unused"));
  (void)load_job;
  auto started = rm::gtp::Controller::start(loader.engine);
  REQUIRE(std::holds_alternative<std::unique_ptr<rm::gtp::Controller>>(started));
  auto& ctl = std::get<std::unique_ptr<rm::gtp::Controller>>(started);
  auto loaded = ctl->send("loadsgf", {r.sgf_path});
  CHECK(std::holds_alternative<std::string>(loaded));
  ctl->close();
  ctl.reset();
  check_nothing_left(job);
  fs::remove_all(dir);
}

TEST_CASE("referee: engines that take one command at a time play with gtp_pipelining off",
          "[game][referee]") {
  REQUIRE_SCRIPTED();
  // --wait-for-stdin engines never see a second command that arrives in the same write.
  PlayerSpec one = scripted("one", {"--wait-for-stdin", "--pass-after", "20"});
  PlayerSpec two = scripted("two", {"--wait-for-stdin", "--pass-after", "20"});
  one.engine.pipelining = false;
  two.engine.pipelining = false;
  GameJob job = job_for(unique_id("onebyone"), one, two);
  job.settings.scorer = rm::game::Scorer::Internal;
  GameResult r = play_game(job);
  INFO(r.void_reason << r.detail);
  CHECK_FALSE(r.is_void);
  CHECK_FALSE(r.is_forfeit);
  CHECK(r.move_count == 42);  // 20 moves each, then two passes
  check_nothing_left(job);
}

TEST_CASE("referee: a player that resigns or forfeits has its final message in the record",
          "[game][referee][sgf]") {
  REQUIRE_SCRIPTED();
  auto dir = scratch("final_message");
  SECTION("resignation") {
    GameJob job = job_for(unique_id("finalresign"), scripted("one"),
                          scripted("two", {"--explain", "--resign-after", "2"}));
    job.sgf_dir = (dir / "games").string();
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "B+R");
    std::string sgf = read_file(r.sgf_path);
    CHECK(sgf.find("one beat two B+R\n\nfinal message from w: <<<\nmove ") != std::string::npos);
    CHECK(sgf.find(" by scripted\n>>>]") != std::string::npos);
    check_nothing_left(job);
  }
  SECTION("forfeit by an ill-formed move") {
    GameJob job =
        job_for(unique_id("finalforfeit"),
                scripted("one", {"--explain", "--ill-formed-move-after", "1"}), scripted("two"));
    job.sgf_dir = (dir / "games").string();
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "W+F");
    std::string sgf = read_file(r.sgf_path);
    CHECK(sgf.find("final message from b: <<<\nmove ") != std::string::npos);
    check_nothing_left(job);
  }
  SECTION("no message from an engine without gomill-explain_last_move") {
    GameJob job =
        job_for(unique_id("finalnone"), scripted("one"), scripted("two", {"--resign-after", "2"}));
    job.sgf_dir = (dir / "games").string();
    GameResult r = play_game(job);
    CHECK(read_file(r.sgf_path).find("final message") == std::string::npos);
  }
  fs::remove_all(dir);
}

TEST_CASE("referee: suicide is allowed by default (gomill's board) and can be made a forfeit",
          "[game][referee][suicide]") {
  REQUIRE_SCRIPTED();
  // White surrounds A1 with B1 and A2; Black's third move, A1, is a one-stone suicide.
  auto make = [](const std::string& id) {
    return job_for(unique_id(id), scripted("one", {"--moves", "E5,E4,A1"}),
                   scripted("two", {"--moves", "B1,A2", "--resign-after", "2"}), 5);
  };
  SECTION("allowed: the stone is removed and the game goes on") {
    GameJob job = make("suicideok");
    GameResult r = play_game(job);
    CHECK_FALSE(r.is_void);
    CHECK(r.sgf_result == "B+R");
    CHECK(r.move_count == 5);
    check_nothing_left(job);
  }
  SECTION("forfeit") {
    GameJob job = make("suicidef");
    job.settings.suicide = SuicideRule::Forfeit;
    GameResult r = play_game(job);
    CHECK(r.sgf_result == "W+F");
    CHECK(r.detail == "forfeit by one: attempted suicide at A1");
    check_nothing_left(job);
  }
}
