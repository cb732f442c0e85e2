// Engines that print a banner on stdout before their first GTP response (Minigo's C++ `gtp`
// does), with and without the player's startup_banner_lines, and the start-up timeout's
// message naming its setting.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/gtp/controller.hpp"
#include "engine/gtp/wire.hpp"
#include "tests/gtp/controller_test_support.hpp"
#include "tests/process/process_checks.hpp"

using namespace rm::gtp;
using rm::test::spec_for;
using rm::test::start_ok;

namespace {

GtpError start_error(const EngineSpec& spec, GtpLog log = {}) {
  auto r = Controller::start(spec, std::move(log));
  REQUIRE(std::holds_alternative<GtpError>(r));
  return std::get<GtpError>(r);
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a banner without startup_banner_lines is refused, quoting the line and logging it",
          "[controller][banner]") {
  std::vector<std::string> log;
  auto e = start_error(spec_for({"--banner", "GTP engine for Minigo, \x1b[1mready\x1b[0m"}),
                       [&](const std::string& line) { log.push_back(line); });
  INFO(e.message);
  CHECK(e.kind == ErrorKind::ProtocolError);
  CHECK(e.message ==
        "GTP protocol error reading response to first command (protocol_version) from player "
        "x:\nengine isn't speaking GTP: first byte is 'G'; its first line is `GTP engine for "
        "Minigo, \\x1b[1mready\\x1b[0m` (a startup banner? the player's startup_banner_lines "
        "skips such lines; ringmaster match: --startup-banner-lines)");
  CHECK(std::find(log.begin(), log.end(), "<< x: GTP engine for Minigo, \x1b[1mready\x1b[0m") !=
        log.end());
  CHECK(rm::test::zombie_children().empty());
}

TEST_CASE("a banner line too long to quote is cut", "[controller][banner]") {
  auto e = start_error(spec_for({"--banner", std::string(5000, 'B')}));
  INFO(e.message);
  CHECK(e.kind == ErrorKind::ProtocolError);
  CHECK(contains(e.message, "its first line is `" + std::string(120, 'B') + "`... (5000 bytes)"));
  CHECK(e.message.size() < 600);
}

TEST_CASE("startup_banner_lines skips a banner, the lines are in the transcript",
          "[controller][banner]") {
  auto spec = spec_for({"--banner", "Minigo GTP engine", "--banner", "", "--banner",
                        "# loading network...", "--banner", " model: v17"});
  spec.startup_banner_lines = 3;  // the blank line does not count
  std::vector<std::string> log;
  auto c = start_ok(spec, [&](const std::string& line) { log.push_back(line); });
  CHECK(c->description().name == std::optional<std::string>("scripted"));
  for (const char* line :
       {"<< x: Minigo GTP engine", "<< x: # loading network...", "<< x:  model: v17"})
    CHECK(std::find(log.begin(), log.end(), line) != log.end());
  auto r = c->send("boardsize", {"9"});
  CHECK(std::holds_alternative<std::string>(r));
  CHECK(c->close().late_errors.empty());
}

TEST_CASE("startup_banner_lines does not touch an engine without a banner",
          "[controller][banner]") {
  auto spec = spec_for({});
  spec.startup_banner_lines = 5;
  auto c = start_ok(spec);
  CHECK(c->description().version == std::optional<std::string>("1.0"));
  CHECK(c->close().late_errors.empty());
}

TEST_CASE("a banner longer than startup_banner_lines is refused, quoting the first extra line",
          "[controller][banner]") {
  auto spec = spec_for({"--banner", "one", "--banner", "two", "--banner", "three"});
  spec.startup_banner_lines = 2;
  auto e = start_error(spec);
  INFO(e.message);
  CHECK(e.kind == ErrorKind::ProtocolError);
  CHECK(contains(e.message,
                 "more than 2 lines that are not GTP before the first response "
                 "(startup_banner_lines: 2); line 3 is `three`"));
  CHECK(rm::test::zombie_children().empty());
}

TEST_CASE("a flooding banner fails within the start-up deadline and leaves nothing behind",
          "[controller][banner]") {
  auto spec = spec_for({"--banner-flood"});
  spec.startup_banner_lines = rm::gtp::kMaxStartupBannerLines;
  auto e = start_error(spec);
  INFO(e.message);
  CHECK(e.kind == ErrorKind::ProtocolError);
  CHECK(contains(e.message, "bytes before the first response (startup_banner_lines: 10000)"));
  CHECK(rm::test::zombie_children().empty());
}

TEST_CASE("a slow start times out naming the setting to raise", "[controller][banner]") {
  auto spec = spec_for({"--sleep-at-start", "30", "--banner", "loading"});
  spec.startup_banner_lines = 1;
  auto e = start_error(spec);
  CHECK(e.kind == ErrorKind::Timeout);
  CHECK(e.message ==
        "timeout after 2.0s waiting for response to first command (protocol_version) from "
        "player x (raise the player's timeouts.startup setting; ringmaster match: "
        "--startup-timeout)");
  CHECK(rm::test::zombie_children().empty());
}

TEST_CASE("quote_engine_line escapes and bounds", "[wire]") {
  CHECK(quote_engine_line("plain") == "`plain`");
  CHECK(quote_engine_line("a\\b\t\xc3\xa9") == "`a\\\\b\\x09\\xc3\\xa9`");
  CHECK(quote_engine_line("abcdef", 3) == "`abc`... (6 bytes)");
}
