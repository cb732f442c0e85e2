// `ringmaster-play --serve` as a real process over pipes: one result line per job line, engines
// kept alive between games with `reuse` (the same games as fresh engines), its own failures
// reported, and a clean exit with no engine left on the end of input or SIGTERM.
#include <signal.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "engine/process/process.hpp"
#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"
#include "ringmaster/game/job_stream.hpp"
#include "ringmaster/game/line_pieces.hpp"
#include "ringmaster/game/referee.hpp"
#include "ringmaster/run/executor/worker_messages.hpp"
#include "tests/game/process_scan.hpp"
#include "tests/support/sgf_moves.hpp"
#include "tests/support/time_scale.hpp"

using namespace rm::game;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

const std::string kPlay = std::string(RM_BIN_DIR) + "/ringmaster-play";
const std::string kRingbot = std::string(RM_BIN_DIR) + "/ringbot";

PlayerSpec ringbot(const std::string& code, const std::string& seed, int playouts, bool reuse) {
  PlayerSpec p;
  p.code = code;
  p.engine.name = code;
  p.engine.process.argv = {kRingbot, "--playouts", std::to_string(playouts), "--seed", seed};
  p.engine.timeouts.startup_s = 20;
  p.engine.timeouts.genmove_s = 20;
  p.engine.timeouts.other_s = 20;
  p.engine.timeouts.quit_s = 2;
  p.reuse = reuse;
  return p;
}

GameJob job_for(const std::string& id, int size, int playouts, bool reuse) {
  GameJob job;
  job.game_id = id;
  job.competition_code = "serve";
  job.sgf_event = "serve";
  job.black = ringbot("a", "11", playouts, reuse);
  job.white = ringbot("b", "12", playouts, reuse);
  job.settings.board_size = size;
  job.settings.komi = 4.5;
  job.settings.move_limit = 400;
  job.settings.scorer = Scorer::Internal;
  job.return_sgf = true;
  job.sgf_dir = std::filesystem::temp_directory_path().string();  // returned, not written there
  return job;
}

// The worker's direct children (its engines), from /proc.
std::set<int> children_of(int pid) {
  std::set<int> pids;
  std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
  for (int child; in >> child;) pids.insert(child);
  return pids;
}

struct Worker {
  std::unique_ptr<rm::process::Process> process;

  Worker() {
    rm::process::ProcessSpec spec;
    spec.argv = {kPlay, "--serve"};
    spec.stderr_mode = rm::process::StderrMode::Discard;
    auto spawned = rm::process::Process::spawn(spec);
    REQUIRE(std::holds_alternative<std::unique_ptr<rm::process::Process>>(spawned));
    process = std::move(std::get<std::unique_ptr<rm::process::Process>>(spawned));
  }
  std::string line() {
    auto r = rm::run::receive_message(*process, Clock::now() + 60s, 64 << 20, nullptr);
    REQUIRE(r.status == rm::process::IoStatus::Ok);
    return r.line;
  }
  void send(const std::string& text) {
    REQUIRE(rm::run::send_message(*process, text, Clock::now() + 60s, nullptr).status ==
            rm::process::IoStatus::Ok);
  }
  GameResult play(const GameJob& job) {
    send(to_json(job).dump());
    return result_from_json(nlohmann::json::parse(line()));
  }
};

// Waits until the worker is in a game (its two engines started); false after the limit.
bool engines_running(const Worker& worker) {
  const auto deadline = Clock::now() + 20s;
  while (children_of(worker.process->pid()).size() < 2 && Clock::now() < deadline)
    std::this_thread::sleep_for(10ms);
  return children_of(worker.process->pid()).size() == 2;
}

void check_no_engine_left(const std::string& game_id) {
  const auto deadline = Clock::now() + 10s;
  while (!rm::game::test::processes_with_game_id(game_id).empty() && Clock::now() < deadline)
    std::this_thread::sleep_for(50ms);
  CHECK(rm::game::test::processes_with_game_id(game_id).empty());
}

}  // namespace

TEST_CASE("serve: one result line per job, engines kept alive, the same games as fresh engines",
          "[workers][serve]") {
  Worker worker;
  const auto ready = rm::game::read_worker_ready_line(worker.line());
  REQUIRE(ready);
  CHECK(ready->protocol == rm::game::kWorkerProtocol);
  CHECK_FALSE(ready->version.empty());
  const std::vector<int> sizes{7, 5, 7};
  std::set<int> engines;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const GameJob job = job_for("s" + std::to_string(i), sizes[i], 6, true);
    const GameResult served = worker.play(job);
    REQUIRE_FALSE(served.is_void);
    CHECK(served.game_id == job.game_id);
    // The same game as a fresh pair of engines plays in this process.
    GameJob fresh = job;
    fresh.black.reuse = fresh.white.reuse = false;
    const GameResult here = play_game(fresh);
    REQUIRE_FALSE(served.sgf_text.empty());
    CHECK(rm::test::moves_and_result(served.sgf_text) == rm::test::moves_and_result(here.sgf_text));
    // Kept alive: the same two engine processes play every game.
    const auto now = children_of(worker.process->pid());
    CHECK(now.size() == 2);
    if (i == 0) engines = now;
    CHECK(now == engines);
  }
  // A line that is not a job is answered, and the worker goes on.
  worker.send("this is not a job");
  const auto answer = nlohmann::json::parse(worker.line());
  CHECK_THAT(answer.value("error", ""), Catch::Contains("bad job: invalid JSON"));
  CHECK_FALSE(worker.play(job_for("s9", 5, 6, true)).is_void);
  // The end of input: it closes its engines and exits of its own accord.
  const auto closed = worker.process->close({10.0, 1.0});
  CHECK(closed.exit.exited_normally);
  CHECK(closed.exit.exit_code == 0);
  CHECK_FALSE(closed.was_terminated);
  check_no_engine_left("s0");
}

TEST_CASE("serve: a long result goes piece by piece, each sent only once the last is answered",
          "[workers][serve]") {
  // Slurm's I/O forwarding holds the second of two unanswered messages for up to 40 ms
  // (line_pieces.hpp): the worker must never send a piece before the previous one's answer.
  Worker worker;
  worker.line();
  GameJob job = job_for("pieces", 19, 6, false);  // a long game: a long SGF record
  // The job is long too (a long description in its SGF event), though it packs small.
  job.sgf_event = std::string(3000, 'e');
  worker.send(to_json(job).dump());
  rm::game::PieceJoiner joiner(64 << 20);
  int pieces = 0;
  for (;;) {
    auto piece = worker.process->read_line(Clock::now() + 60s, 64 << 20);
    REQUIRE(piece.status == rm::process::IoStatus::Ok);
    if (piece.line == rm::game::kHeartbeatLine && pieces == 0) continue;  // the game is on
    CHECK(piece.line.size() <= rm::game::kPieceBytes + 1);
    REQUIRE_FALSE(piece.line.empty());
    ++pieces;
    const auto kind = joiner.add(piece.line);
    if (kind == rm::game::PieceJoiner::Kind::Message) break;
    REQUIRE(kind == rm::game::PieceJoiner::Kind::Piece);
    // Nothing more comes until this piece is answered.
    CHECK(worker.process->read_line(Clock::now() + 200ms, 64 << 20).status ==
          rm::process::IoStatus::Timeout);
    REQUIRE(worker.process->write_line("").status == rm::process::IoStatus::Ok);
  }
  const GameResult played = result_from_json(nlohmann::json::parse(joiner.take()));
  CHECK_FALSE(played.is_void);
  CHECK(played.game_id == "pieces");
  CHECK(pieces >= 2);
}

TEST_CASE("serve: SIGTERM mid-game gives the game back void and leaves no engine",
          "[workers][serve]") {
  Worker worker;
  worker.line();
  worker.send(to_json(job_for("slow", 19, 20000, true)).dump());
  REQUIRE(engines_running(worker));
  std::this_thread::sleep_for(100ms);
  worker.process->signal_group(SIGTERM);
  const GameResult result = result_from_json(nlohmann::json::parse(worker.line()));
  CHECK(result.is_void);
  CHECK(result.void_reason == "aborted");
  const auto closed = worker.process->close({10.0, 1.0});
  CHECK(closed.exit.exited_normally);
  CHECK(closed.exit.exit_code == 0);
  check_no_engine_left("slow");
}

TEST_CASE("serve: the end of input mid-game (the controller gone) aborts it and exits",
          "[workers][serve]") {
  Worker worker;
  worker.line();
  worker.send(to_json(job_for("orphan", 19, 20000, false)).dump());
  REQUIRE(engines_running(worker));
  const auto closed = worker.process->close({10.0, 1.0});
  CHECK(closed.exit.exited_normally);
  CHECK_FALSE(closed.was_terminated);
  check_no_engine_left("orphan");
}

TEST_CASE("serve: a piece of the result never answered: the worker says why and exits 3",
          "[workers][serve]") {
  // The controller is there (the worker's input stays open) but stopped answering: a wedged
  // launcher, a frozen controller. The worker gives up after 30 s, saying so.
  Worker worker;
  worker.line();
  worker.send(to_json(job_for("unanswered", 19, 6, false)).dump());  // a long SGF record
  for (;;) {
    auto piece = worker.process->read_line(Clock::now() + 60s, 64 << 20);
    REQUIRE(piece.status == rm::process::IoStatus::Ok);
    if (piece.line == rm::game::kHeartbeatLine) continue;
    REQUIRE(piece.line.front() == '+');  // the first piece: left unanswered
    break;
  }
  const auto limit = std::chrono::duration<double>(rm::test::scaled(120s)).count();
  const auto exited = worker.process->wait_for_exit(limit);
  REQUIRE(exited);
  CHECK(exited->exited_normally);
  CHECK(exited->exit_code == rm::game::kServeNotAnsweredExit);
  worker.process->settle_stderr(5.0);
  CHECK_THAT(worker.process->stderr_tail(),
             Catch::Contains("ringmaster-play --serve: the controller did not answer a piece of "
                             "the result within 30 s; giving up (exit status 3)"));
  worker.process->close({1.0, 1.0});
  check_no_engine_left("unanswered");
}

TEST_CASE("serve: heartbeats while a game is played, never between pieces", "[workers][serve]") {
  Worker worker;
  worker.line();
  worker.send(to_json(job_for("beats", 19, 20000, false)).dump());  // a slow game
  // Silence for a second gives a heartbeat; the game is aborted once one came.
  auto beat = worker.process->read_line(Clock::now() + rm::test::scaled(60s), 64 << 20);
  REQUIRE(beat.status == rm::process::IoStatus::Ok);
  CHECK(beat.line == rm::game::kHeartbeatLine);
  worker.process->signal_group(SIGTERM);
  const GameResult result = result_from_json(nlohmann::json::parse(worker.line()));
  CHECK(result.void_reason == "aborted");
  worker.process->close({10.0, 1.0});
  check_no_engine_left("beats");
}
