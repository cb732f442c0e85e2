// rm::gtp::Controller against the real scripted engine: every misbehaviour gives its typed
// error within its deadline and leaves no process behind.
#include <signal.h>

#include <catch2/catch.hpp>
#include <thread>

#include "engine/gtp/controller.hpp"
#include "tests/gtp/controller_test_support.hpp"
#include "tests/process/process_checks.hpp"

using namespace rm::gtp;
using namespace std::chrono_literals;
using Kind = Controller::CommandKind;

namespace {

using rm::test::spec_for;
using rm::test::start_ok;

GtpError start_error(const EngineSpec& spec) {
  auto r = Controller::start(spec);
  REQUIRE(std::holds_alternative<GtpError>(r));
  return std::get<GtpError>(r);
}

GtpError send_error(Controller& c, const std::string& command, std::vector<std::string> args = {},
                    Kind kind = Kind::Other) {
  auto r = c.send(command, args, kind);
  REQUIRE(std::holds_alternative<GtpError>(r));
  return std::get<GtpError>(r);
}

std::string send_ok(Controller& c, const std::string& command, std::vector<std::string> args = {},
                    Kind kind = Kind::Other) {
  auto r = c.send(command, args, kind);
  if (auto* e = std::get_if<GtpError>(&r)) FAIL("unexpected error: " << e->message);
  return std::get<std::string>(r);
}

void check_nothing_left(int pgid) {
  CHECK(rm::test::group_gone(pgid));
  CHECK(rm::test::zombie_children().empty());
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a well-behaved engine: identification, commands, known_command cache, close",
          "[controller]") {
  std::vector<std::string> log;
  auto spec =
      spec_for({"--name", "Scripted", "--version", "Scripted 2.0", "--describe", "a test engine"});
  spec.startup_gtp_commands = {{"komi", "6.5"}};
  auto c = start_ok(spec, [&log](const std::string& line) { log.push_back(line); });
  const int pgid = c->pid();
  CHECK(c->description().name == "Scripted");
  CHECK(c->description().clean_version() == "2.0");
  CHECK(c->description().short_description() == "Scripted:2.0");
  CHECK(c->description().long_description() == "a test engine");
  REQUIRE(log.size() >= 2);
  CHECK(log[0] == ">> x: protocol_version");
  CHECK(log[1] == "<< x: = 2");
  CHECK(std::find(log.begin(), log.end(), ">> x: komi 6.5") != log.end());

  CHECK(send_ok(*c, "boardsize", {"9"}) == "");
  CHECK(send_ok(*c, "genmove", {"b"}, Kind::Genmove) == "A1");
  CHECK(send_ok(*c, "list_commands").find("genmove\n") != std::string::npos);

  const auto before = log.size();
  CHECK(c->known_command("final_score") == false);
  CHECK(c->known_command("genmove") == true);
  CHECK(c->known_command("final_score") == false);
  CHECK(c->known_command("genmove") == true);
  CHECK(log.size() - before == 4);  // two commands, each logged with its response, once

  CHECK_FALSE(c->engine_cpu_time());  // not claimed, not closed yet
  auto report = c->close();
  CHECK(report.late_errors.empty());
  CHECK(report.exit_status == 0);
  CHECK_FALSE(report.was_killed);
  REQUIRE(report.rusage_cpu_s);
  CHECK(c->engine_cpu_time() == report.rusage_cpu_s);  // rusage after close
  CHECK(log.back() == "<< x: =");
  check_nothing_left(pgid);
}

TEST_CASE("aliases rename commands, including in known_command", "[controller]") {
  std::vector<std::string> log;
  auto spec = spec_for({"--cpu-time", "12.5"});
  spec.gtp_aliases = {{"best_move", "genmove"}, {"my-cpu", "gomill-cpu_time"}};
  auto c = start_ok(spec, [&log](const std::string& line) { log.push_back(line); });
  CHECK(send_ok(*c, "best_move", {"w"}) == "A1");
  CHECK(std::find(log.begin(), log.end(), ">> x: genmove w") != log.end());
  CHECK(c->known_command("my-cpu"));
  CHECK(std::find(log.begin(), log.end(), ">> x: known_command gomill-cpu_time") != log.end());
  c->close();
}

TEST_CASE("CPU time: gomill-cpu_time when claimed, nullopt when it is junk", "[controller]") {
  auto c = start_ok(spec_for({"--cpu-time", "12.5"}));
  CHECK(c->engine_cpu_time() == 12.5);
  c->close();
  CHECK(c->engine_cpu_time() == 12.5);

  c = start_ok(spec_for({"--cpu-time", "lots"}));
  CHECK_FALSE(c->engine_cpu_time());
  auto report = c->close();
  CHECK(report.rusage_cpu_s);
  CHECK_FALSE(c->engine_cpu_time());  // claimed and failed: rusage is not used

  // The genmove deadline is generous: burning 0.3 s of CPU can take seconds of wall time on
  // a loaded machine, and this case is about the CPU figure, not the timeout.
  auto burner = spec_for({"--burn-cpu", "0.3"});
  burner.timeouts.genmove_s = 60;
  c = start_ok(burner);
  send_ok(*c, "genmove", {"b"}, Kind::Genmove);
  report = c->close();
  REQUIRE(report.rusage_cpu_s);
  CHECK(*report.rusage_cpu_s >= 0.25);
}

TEST_CASE("an engine that cannot be started", "[controller]") {
  auto spec = spec_for({});
  spec.process.argv = {"no-such-engine-anywhere"};
  auto e = start_error(spec);
  CHECK(e.kind == ErrorKind::StartFailed);
  CHECK(e.message ==
        "error starting subprocess for player x:\ncannot find executable "
        "'no-such-engine-anywhere' (looked on PATH, beside the running executable and in "
        "/usr/games)");
}

TEST_CASE("an engine that crashes at start: Exited with status and stderr tail", "[controller]") {
  auto e = start_error(spec_for({"--crash-at-start"}));
  CHECK(e.kind == ErrorKind::Exited);
  INFO(e.message);
  CHECK((contains(e.message,
                  "error reading response to first command (protocol_version) from player x:\n") ||
         contains(e.message, "error sending first command (protocol_version) to player x:\n")));
  CHECK(contains(e.message, "(exit status 3)"));
  CHECK(contains(e.message, "\nstderr tail:\nscripted_engine: crashing at start"));
  CHECK(rm::test::zombie_children().empty());
}

TEST_CASE("an engine's stderr is quoted without terminal escape sequences", "[controller]") {
  // Clear the screen, a title-setting OSC, a C1 CSI, a bell: none may reach a terminal.
  auto e = start_error(spec_for({"--stderr-message",
                                 "\x1b[2J\x1b]0;owned\x07red \x1b[31malert\xc2\x9b"
                                 "1m\tend",
                                 "--crash-at-start"}));
  INFO(e.message);
  CHECK(contains(e.message,
                 "\nstderr tail:\n[2J]0;ownedred [31malert1m end\n"
                 "scripted_engine: crashing at start"));
  CHECK(e.message.find('\x1b') == std::string::npos);
  CHECK(e.message.find('\x07') == std::string::npos);
  CHECK(e.message.find("\xc2\x9b") == std::string::npos);
}

TEST_CASE("an engine that hangs at start: Timeout", "[controller]") {
  auto e = start_error(spec_for({"--hang-at-start", "--stderr-message", "thinking hard"}));
  CHECK(e.kind == ErrorKind::Timeout);
  CHECK(e.message ==
        "timeout after 2.0s waiting for response to first command (protocol_version) "
        "from player x (raise the player's timeouts.startup setting; ringmaster match: "
        "--startup-timeout)\nstderr tail:\nthinking hard");
  CHECK(e.stderr_tail == "thinking hard");
  CHECK(e.without_stderr_tail() ==
        "timeout after 2.0s waiting for response to first command (protocol_version) "
        "from player x (raise the player's timeouts.startup setting; ringmaster match: "
        "--startup-timeout)");
  CHECK(rm::test::zombie_children().empty());
}

TEST_CASE("an engine that does not speak GTP: ProtocolError", "[controller]") {
  auto e = start_error(spec_for({"--garbage"}));
  CHECK(e.kind == ErrorKind::ProtocolError);
  CHECK(e.message ==
        "GTP protocol error reading response to first command (protocol_version) from "
        "player x:\nengine isn't speaking GTP: first byte is 'p'; its first line is `prepare "
        "to die` (a startup banner? the player's startup_banner_lines skips such lines; "
        "ringmaster match: --startup-banner-lines)");
}

TEST_CASE("protocol version other than 2 is rejected", "[controller]") {
  auto e = start_error(spec_for({"--protocol-version", "1"}));
  CHECK(e.kind == ErrorKind::ProtocolError);
  CHECK(e.message == "player x reports GTP protocol version 1");
}

TEST_CASE("a failing startup command stops the start", "[controller]") {
  auto spec = spec_for({"--fail-command", "komi"});
  spec.startup_gtp_commands = {{"komi", "7"}};
  auto e = start_error(spec);
  CHECK(e.kind == ErrorKind::FailureResponse);
  CHECK(e.message == "failure response from 'komi 7' to player x:\nforced failure");
}

TEST_CASE("a crash mid-game is Exited, the broken channel fails at once afterwards",
          "[controller]") {
  auto c = start_ok(spec_for({"--crash-after-moves", "1"}, "killer"));
  const int pgid = c->pid();
  send_ok(*c, "genmove", {"b"}, Kind::Genmove);
  auto e = send_error(*c, "genmove", {"b"}, Kind::Genmove);
  CHECK(e.kind == ErrorKind::Exited);
  CHECK(e.message ==
        "error reading response to 'genmove b' from player killer:\n"
        "engine has closed the response channel (exit status 3)\n"
        "stderr tail:\nscripted_engine: crashing after 1 moves");
  CHECK(e.stderr_tail == "scripted_engine: crashing after 1 moves");
  CHECK(e.without_stderr_tail() ==
        "error reading response to 'genmove b' from player killer:\n"
        "engine has closed the response channel (exit status 3)");
  CHECK(e.response.empty());
  CHECK(c->is_broken());
  auto again = send_error(*c, "play", {"w", "D4"});
  CHECK(again.kind == ErrorKind::Exited);
  CHECK(contains(again.message, "error sending 'play w D4' to player killer:"));
  auto report = c->close();
  CHECK(report.exit_status == 3);
  check_nothing_left(pgid);
}

TEST_CASE("an engine hanging in genmove: Timeout, then killed on close", "[controller]") {
  auto c = start_ok(spec_for({"--hang-in-genmove-after", "0"}, "slow"));
  const int pgid = c->pid();
  auto e = send_error(*c, "genmove", {"b"}, Kind::Genmove);
  CHECK(e.kind == ErrorKind::Timeout);
  CHECK(e.message == "timeout after 1.0s waiting for response to 'genmove b' from player slow");
  CHECK(e.stderr_tail.empty());
  CHECK(e.without_stderr_tail() == e.message);
  auto report = c->close();
  CHECK(report.was_killed);
  CHECK(report.exit_status == -SIGTERM);
  check_nothing_left(pgid);
}

TEST_CASE("a failure response is not a broken channel", "[controller]") {
  auto c = start_ok(spec_for({"--fail-genmove-after", "0"}, "one"));
  auto e = send_error(*c, "genmove", {"b"}, Kind::Genmove);
  CHECK(e.kind == ErrorKind::FailureResponse);
  CHECK(e.message == "failure response from 'genmove b' to player one:\nforced failure");
  // The engine's own text comes as a value: nobody has to cut it out of the message.
  CHECK(e.response == "forced failure");
  CHECK(e.without_stderr_tail() == e.message);
  CHECK_FALSE(c->is_broken());
  CHECK(send_ok(*c, "name") == "scripted");
  c->close();
}

TEST_CASE("an engine flooding stdout: ProtocolError, bounded memory", "[controller]") {
  auto c = start_ok(spec_for({"--flood-stdout"}));
  const int pgid = c->pid();
  auto e = send_error(*c, "genmove", {"b"}, Kind::Genmove);
  CHECK(e.kind == ErrorKind::ProtocolError);
  CHECK(e.message ==
        "GTP protocol error reading response to 'genmove b' from player x:\n"
        "response too long (more than 1048576 bytes)");
  c->close();
  check_nothing_left(pgid);
}

TEST_CASE("an engine flooding stderr still plays, errors quote the tail", "[controller]") {
  auto c = start_ok(spec_for({"--flood-stderr", "--fail-genmove-after", "2"}));
  send_ok(*c, "boardsize", {"9"});
  CHECK(send_ok(*c, "genmove", {"b"}, Kind::Genmove) == "A1");
  CHECK(send_ok(*c, "genmove", {"b"}, Kind::Genmove) == "B1");
  CHECK(c->stderr_tail().size() <= 2048);
  c->close();
}

TEST_CASE("an engine closing stdout: ClosedPipe", "[controller]") {
  auto c = start_ok(spec_for({"--close-stdout-after", "0"}));
  const int pgid = c->pid();
  auto e = send_error(*c, "genmove", {"b"}, Kind::Genmove);
  CHECK(e.kind == ErrorKind::ClosedPipe);
  CHECK(e.message ==
        "error reading response to 'genmove b' from player x:\n"
        "engine has closed the response channel");
  auto report = c->close();
  CHECK_FALSE(report.was_killed);  // it exits once its stdin is closed
  check_nothing_left(pgid);
}

TEST_CASE("close kills the engine's forked child", "[controller]") {
  auto c = start_ok(spec_for({"--fork-hanging-child"}));
  const int pgid = c->pid();
  CHECK(rm::test::live_group_members(pgid).size() == 2);
  auto report = c->close();
  CHECK(report.exit_status == 0);
  check_nothing_left(pgid);
}

TEST_CASE("an engine ignoring quit and SIGTERM is killed", "[controller]") {
  auto c = start_ok(spec_for({"--ignore-quit"}));
  const int pgid = c->pid();
  auto report = c->close();
  // It answered quit and then had to be killed: a late error says so (and so the log).
  REQUIRE(report.late_errors.size() == 1);
  CHECK_THAT(report.late_errors[0], Catch::StartsWith("error closing player "));
  CHECK_THAT(report.late_errors[0],
             Catch::EndsWith(":\nengine did not exit within " + std::string("0.5") +
                             "s of 'quit'; killed (SIGKILL)"));
  CHECK(report.was_killed);
  CHECK(report.exit_status == -SIGKILL);
  check_nothing_left(pgid);
}

TEST_CASE("kill() from another thread ends a blocked send", "[controller]") {
  auto spec = spec_for({"--hang-in-genmove-after", "0"});
  // A safety limit only: with spec_for's 1 s, a killer thread held up 0.9 s by a loaded
  // machine would end the wait as a Timeout instead.
  spec.timeouts.genmove_s = 60;
  auto c = start_ok(spec);
  c->send("boardsize", {"9"});
  std::thread killer([&c] {
    std::this_thread::sleep_for(100ms);
    c->kill();
  });
  auto r = c->send("genmove", {"b"});
  killer.join();
  REQUIRE(std::holds_alternative<GtpError>(r));
  CHECK(std::get<GtpError>(r).kind == ErrorKind::Exited);
  CHECK(contains(std::get<GtpError>(r).message, "killed by signal 9"));
  c->close();
  check_nothing_left(c->pid());
}

TEST_CASE("the abort flag ends a wait with Aborted", "[controller]") {
  std::atomic<bool> abort{false};
  auto spec = spec_for({"--hang-in-genmove-after", "0"});
  spec.timeouts.genmove_s = 60;
  auto r = Controller::start(spec, {}, "b", &abort);
  REQUIRE(std::holds_alternative<std::unique_ptr<Controller>>(r));
  auto& c = std::get<std::unique_ptr<Controller>>(r);
  std::thread setter([&abort] {
    std::this_thread::sleep_for(100ms);
    abort = true;
  });
  auto e = send_error(*c, "genmove", {"b"}, Kind::Genmove);
  setter.join();
  CHECK(e.kind == ErrorKind::Aborted);
  CHECK(e.message == "aborted while waiting for response to 'genmove b' from player x");
  auto report = c->close();
  CHECK(report.was_killed);
  check_nothing_left(c->pid());
}

TEST_CASE("the destructor closes the engine", "[controller]") {
  int pgid = 0;
  {
    auto c = start_ok(spec_for({"--ignore-quit"}));
    pgid = c->pid();
  }
  check_nothing_left(pgid);
}

TEST_CASE("commands with spaces or newlines in words are refused", "[controller]") {
  auto c = start_ok(spec_for({}));
  auto e = send_error(*c, "play", {"b", "D4\nquit"});
  CHECK(e.kind == ErrorKind::ProtocolError);
  CHECK_FALSE(c->is_broken());
  CHECK(send_ok(*c, "name") == "scripted");
  c->close();
}
