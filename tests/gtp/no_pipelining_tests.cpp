// `gtp_pipelining: false` (EngineSpec::pipelining): commands go one at a time, each written
// once the previous response has been read, for engines that cannot take two commands in one
// write. scripted_engine --wait-for-stdin is such an engine: it polls the pipe before each
// read through its buffered stdin, so a second command already in the buffer is never seen.
#include <catch2/catch.hpp>
#include <string>
#include <variant>
#include <vector>

#include "engine/gtp/controller.hpp"
#include "tests/gtp/controller_test_support.hpp"
#include "tests/process/process_checks.hpp"

using namespace rm::gtp;
using Kind = Controller::CommandKind;
using rm::test::spec_for;
using rm::test::start_ok;

namespace {

std::string text(const std::variant<std::string, GtpError>& r) {
  if (auto* e = std::get_if<GtpError>(&r)) return "error: " + e->message;
  return std::get<std::string>(r);
}

EngineSpec one_at_a_time(const std::vector<std::string>& flags) {
  EngineSpec spec = spec_for(flags);
  spec.pipelining = false;
  return spec;
}

}  // namespace

TEST_CASE("without pipelining each command is written after the previous response",
          "[pipelining]") {
  const std::vector<std::string> expected = {
      ">> x: boardsize 9", "<< x: =",         ">> x: play b A1",
      "<< x: =",           ">> x: genmove w", "<< x: = B1"};
  CHECK(rm::test::transcript_of_three_commands(one_at_a_time({"--wait-for-stdin"})) == expected);
}

TEST_CASE("the same engine with pipelining stalls on the second command of a write",
          "[pipelining]") {
  EngineSpec spec = spec_for({"--wait-for-stdin"}, "stuck");
  spec.timeouts.startup_s = 0.5;
  auto started = Controller::start(spec);
  // Start-up sends name, version and known_command together after protocol_version.
  REQUIRE(std::holds_alternative<GtpError>(started));
  const auto& e = std::get<GtpError>(started);
  CHECK(e.kind == ErrorKind::Timeout);
  CHECK_THAT(e.message, Catch::Contains("from player stuck"));
  CHECK(rm::test::zombie_children().empty());
}

TEST_CASE("without pipelining an abandoned command is never sent", "[pipelining]") {
  std::vector<std::string> log;
  auto c = start_ok(one_at_a_time({"--fail-command", "play"}),
                    [&log](const std::string& line) { log.push_back(line); });
  const auto before = log.size();
  c->submit({{"play", {"b", "A1"}}, {"genmove", {"w"}, Kind::Genmove}});
  CHECK(std::get<GtpError>(c->receive()).kind == ErrorKind::FailureResponse);
  c->abandon_pending();  // as the referee does after a failed play
  CHECK(text(c->send("name")) == "scripted");
  const std::vector<std::string> expected = {">> x: play b A1", "<< x: ? forced failure",
                                             ">> x: name", "<< x: = scripted"};
  CHECK(std::vector<std::string>(log.begin() + static_cast<long>(before), log.end()) == expected);
  c->close();
}

TEST_CASE("without pipelining a crash fails the command in flight and those queued behind it",
          "[pipelining]") {
  auto c = start_ok(one_at_a_time({"--crash-after-moves", "0"}));
  c->submit({{"genmove", {"b"}, Kind::Genmove}, {"name", {}}});
  const auto first = c->receive();
  REQUIRE(std::holds_alternative<GtpError>(first));
  CHECK(std::get<GtpError>(first).kind == ErrorKind::Exited);
  const auto second = c->receive();
  REQUIRE(std::holds_alternative<GtpError>(second));
  CHECK_THAT(std::get<GtpError>(second).message,
             Catch::Contains("channel is unusable after an earlier error"));
  CHECK(c->is_broken());
  c->close();
}
