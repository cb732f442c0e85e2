// Pipelined commands (Controller::submit/receive/abandon_pending), known_command prefetch,
// engines started together (start_all) and quitting together (begin_close), against the real
// scripted engine: the same results, errors and transcript as commands sent one by one.
#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>

#include "engine/gtp/controller.hpp"
#include "tests/gtp/controller_test_support.hpp"
#include "tests/process/process_checks.hpp"

using namespace rm::gtp;
using Kind = Controller::CommandKind;

namespace {

using rm::test::spec_for;
using rm::test::start_ok;

std::string text(const std::variant<std::string, GtpError>& r) {
  if (auto* e = std::get_if<GtpError>(&r)) return "error: " + e->message;
  return std::get<std::string>(r);
}

GtpError error(const std::variant<std::string, GtpError>& r) {
  REQUIRE(std::holds_alternative<GtpError>(r));
  return std::get<GtpError>(r);
}

void check_nothing_left(int pgid) {
  CHECK(rm::test::group_gone(pgid));
  CHECK(rm::test::zombie_children().empty());
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("pipelined commands: results in order, transcript in the order of the wire",
          "[pipelining]") {
  const std::vector<std::string> expected = {
      ">> x: boardsize 9", ">> x: play b A1", ">> x: genmove w",
      "<< x: =",           "<< x: =",         "<< x: = B1"};
  CHECK(rm::test::transcript_of_three_commands(spec_for({})) == expected);
}

TEST_CASE("pipelined commands: a failure response does not disturb the next result",
          "[pipelining]") {
  auto c = start_ok(spec_for({"--fail-command", "play"}, "p"));
  c->submit({{"play", {"b", "A1"}}, {"genmove", {"w"}, Kind::Genmove}});
  auto e = error(c->receive());
  CHECK(e.kind == ErrorKind::FailureResponse);
  CHECK(e.message == "failure response from 'play b A1' to player p:\nforced failure");
  CHECK(text(c->receive()) == "A1");
  CHECK_FALSE(c->is_broken());
  c->close();
}

TEST_CASE("pipelined commands: after an abandoned result the next command gets its own answer",
          "[pipelining]") {
  std::vector<std::string> log;
  auto c = start_ok(spec_for({"--fail-command", "play"}),
                    [&log](const std::string& line) { log.push_back(line); });
  c->submit({{"play", {"b", "A1"}}, {"genmove", {"w"}, Kind::Genmove}});
  CHECK(error(c->receive()).kind == ErrorKind::FailureResponse);
  c->abandon_pending();
  CHECK(text(c->send("name")) == "scripted");
  // The dropped response is still in the transcript, when it was read: after `name` was
  // written, before its answer.
  REQUIRE(log.size() >= 3);
  CHECK(log[log.size() - 3] == ">> x: name");
  CHECK(log[log.size() - 2] == "<< x: = A1");
  CHECK(log.back() == "<< x: = scripted");
  auto report = c->close();
  CHECK(report.late_errors.empty());
  CHECK_FALSE(report.was_killed);
}

TEST_CASE("pipelined commands: an abandoned genmove that hangs delays close by at most quit_s",
          "[pipelining]") {
  auto spec = spec_for({"--fail-command", "play", "--hang-in-genmove-after", "0"}, "slow");
  spec.timeouts.genmove_s = 30;
  auto c = start_ok(spec);
  const int pgid = c->pid();
  c->submit({{"play", {"b", "A1"}}, {"genmove", {"w"}, Kind::Genmove}});
  CHECK(error(c->receive()).kind == ErrorKind::FailureResponse);
  c->abandon_pending();
  const auto t0 = std::chrono::steady_clock::now();
  auto report = c->close();
  // quit_s (0.5) for the dropped response, then SIGTERM with its grace: far below genmove_s.
  CHECK(seconds_since(t0) < 5.0);
  CHECK(report.late_errors.empty());  // the engine was never asked to quit: nothing failed
  CHECK(report.was_killed);
  check_nothing_left(pgid);
}

TEST_CASE("pipelined commands: each response has its own deadline, from the previous response",
          "[pipelining]") {
  // Each genmove takes 0.9 s (a sleep, so a loaded machine does not slow it as burning CPU
  // would): both together take longer than genmove_s (1.5), so a deadline counted from the
  // write would expire; each one alone fits.
  auto spec = spec_for({"--sleep-before-move", "0.9"});
  spec.timeouts.genmove_s = 1.5;
  auto c = start_ok(spec);
  c->submit({{"genmove", {"b"}, Kind::Genmove}, {"genmove", {"w"}, Kind::Genmove}});
  CHECK(text(c->receive()) == "A1");
  CHECK(text(c->receive()) == "B1");
  c->close();
}

TEST_CASE("pipelined commands: a timeout names its own command and breaks the rest",
          "[pipelining]") {
  auto c = start_ok(spec_for({"--hang-in-genmove-after", "1"}, "slow"));
  const int pgid = c->pid();
  c->submit({{"genmove", {"b"}, Kind::Genmove}, {"genmove", {"w"}, Kind::Genmove}, {"name", {}}});
  CHECK(text(c->receive()) == "A1");
  auto e = error(c->receive());
  CHECK(e.kind == ErrorKind::Timeout);
  CHECK(e.message == "timeout after 1.0s waiting for response to 'genmove w' from player slow");
  auto after = error(c->receive());
  CHECK(after.kind == ErrorKind::Timeout);
  CHECK(after.message ==
        "error sending 'name' to player slow:\nchannel is unusable after an earlier error");
  CHECK(c->close().late_errors.empty());
  check_nothing_left(pgid);
}

TEST_CASE("pipelined commands: an engine crashing mid-pipeline is Exited", "[pipelining]") {
  auto c = start_ok(spec_for({"--crash-after-moves", "0"}, "killer"));
  const int pgid = c->pid();
  c->submit(
      {{"boardsize", {"9"}}, {"genmove", {"b"}, Kind::Genmove}, {"genmove", {"w"}, Kind::Genmove}});
  CHECK(text(c->receive()) == "");
  auto e = error(c->receive());
  CHECK(e.kind == ErrorKind::Exited);
  CHECK(e.message ==
        "error reading response to 'genmove b' from player killer:\n"
        "engine has closed the response channel (exit status 3)\n"
        "stderr tail:\nscripted_engine: crashing after 0 moves");
  CHECK(error(c->receive()).kind == ErrorKind::Exited);
  CHECK(c->close().exit_status == 3);
  check_nothing_left(pgid);
}

TEST_CASE("pipelined commands: an ill-formed word is refused alone, the others are sent",
          "[pipelining]") {
  auto c = start_ok(spec_for({}));
  c->submit({{"boardsize", {"9"}}, {"play", {"b", "A1\nquit"}}, {"name", {}}});
  CHECK(text(c->receive()) == "");
  CHECK(error(c->receive()).kind == ErrorKind::ProtocolError);
  CHECK(text(c->receive()) == "scripted");
  CHECK_FALSE(c->is_broken());
  c->close();
}

TEST_CASE("known_command answers can be fetched ahead, in the same write as other commands",
          "[pipelining]") {
  std::vector<std::string> log;
  auto c =
      start_ok(spec_for({"--explain"}), [&log](const std::string& line) { log.push_back(line); });
  c->submit({{"boardsize", {"9"}}}, {"gomill-explain_last_move", "final_score"});
  c->prefetch_known_command("final_score");  // already asked: not asked again
  CHECK(text(c->receive()) == "");
  CHECK(c->known_command("gomill-explain_last_move"));
  CHECK_FALSE(c->known_command("final_score"));
  CHECK(c->known_command("gomill-explain_last_move"));  // cached
  long queries = 0;
  for (const auto& line : log) queries += line.rfind(">> x: known_command", 0) == 0 ? 1 : 0;
  CHECK(queries == 3);  // gomill-describe_engine at start, then the two fetched ahead
  c->close();
}

TEST_CASE("start_all starts engines together, a failing one does not stop the others",
          "[pipelining]") {
  std::vector<Controller::StartRequest> requests(3);
  requests[0].spec = spec_for({"--name", "first"}, "a");
  requests[1].spec = spec_for({"--crash-at-start"}, "b");
  requests[2].spec = spec_for({"--name", "third"}, "c");
  auto started = Controller::start_all(requests);
  REQUIRE(started.size() == 3);
  REQUIRE(std::holds_alternative<std::unique_ptr<Controller>>(started[0]));
  REQUIRE(std::holds_alternative<GtpError>(started[1]));
  REQUIRE(std::holds_alternative<std::unique_ptr<Controller>>(started[2]));
  auto& a = std::get<std::unique_ptr<Controller>>(started[0]);
  auto& c = std::get<std::unique_ptr<Controller>>(started[2]);
  CHECK(a->description().name == "first");
  CHECK(c->description().name == "third");
  const GtpError& e = std::get<GtpError>(started[1]);
  CHECK(e.kind == ErrorKind::Exited);
  CHECK(e.message.find("player b") != std::string::npos);
  a->begin_close();
  c->begin_close();
  auto ra = a->close();
  auto rc = c->close();
  CHECK(ra.late_errors.empty());
  CHECK(rc.late_errors.empty());
  CHECK(ra.exit_status == 0);
  CHECK(rc.exit_status == 0);
  CHECK_FALSE(ra.was_killed);
  check_nothing_left(a->pid());
  check_nothing_left(c->pid());
}

TEST_CASE("start_all reports an engine that cannot be spawned", "[pipelining]") {
  std::vector<Controller::StartRequest> requests(2);
  requests[0].spec = spec_for({}, "a");
  requests[0].spec.process.argv = {"no-such-engine-anywhere"};
  requests[1].spec = spec_for({}, "b");
  auto started = Controller::start_all(requests);
  REQUIRE(std::holds_alternative<GtpError>(started[0]));
  CHECK(std::get<GtpError>(started[0]).kind == ErrorKind::StartFailed);
  REQUIRE(std::holds_alternative<std::unique_ptr<Controller>>(started[1]));
  std::get<std::unique_ptr<Controller>>(started[1])->close();
  CHECK(rm::test::zombie_children().empty());
}

TEST_CASE("begin_close: engines that ignore quit are still killed by close", "[pipelining]") {
  auto a = start_ok(spec_for({"--ignore-quit"}, "a"));
  auto b = start_ok(spec_for({}, "b"));
  a->begin_close();
  b->begin_close();
  a->begin_close();  // idempotent
  auto rb = b->close();
  auto ra = a->close();
  CHECK(rb.exit_status == 0);
  CHECK(rb.late_errors.empty());
  // a answered quit, then had to be killed: only a gets a late error.
  REQUIRE(ra.late_errors.size() == 1);
  CHECK_THAT(ra.late_errors[0], Catch::Contains("engine did not exit within 0.5s of 'quit'"));
  CHECK(ra.was_killed);
  CHECK(ra.exit_status == -SIGKILL);
  check_nothing_left(a->pid());
  check_nothing_left(b->pid());
}
