// Numbers beyond any sensible range (issue 13). Timeouts far beyond any real wait: converting
// 1e10 s to a nanosecond deadline overflowed, the deadline was in the past and the engine
// timed out at once. An engine's CPU time that is not a finite number is junk.
#include <catch2/catch.hpp>

#include "engine/gtp/controller.hpp"
#include "engine/process/saturating_duration.hpp"
#include "tests/gtp/controller_test_support.hpp"

using namespace rm::gtp;
using Kind = Controller::CommandKind;

TEST_CASE("a wait in seconds saturates instead of overflowing", "[controller][timeouts]") {
  using rm::process::saturating_duration;
  const auto max = saturating_duration(rm::process::kMaxWaitSeconds);
  CHECK(max > std::chrono::hours(24 * 365 * 30));
  for (double huge : {1e10, 1e19, 1e300, std::numeric_limits<double>::infinity()})
    CHECK(saturating_duration(huge) == max);
  CHECK(saturating_duration(-1) == std::chrono::steady_clock::duration::zero());
  CHECK(saturating_duration(std::numeric_limits<double>::quiet_NaN()) ==
        std::chrono::steady_clock::duration::zero());
  CHECK(saturating_duration(2.5) == std::chrono::milliseconds(2500));
}

TEST_CASE("an engine with enormous timeouts plays normally", "[controller][timeouts]") {
  EngineSpec spec = rm::test::spec_for({});
  spec.timeouts = {1e10, 1e12, 1e300, 1e10};
  auto c = rm::test::start_ok(spec);
  auto r = c->send("genmove", {"b"}, Kind::Genmove);
  REQUIRE(std::holds_alternative<std::string>(r));
  CHECK(std::get<std::string>(r) == "A1");
  CHECK(c->close().late_errors.empty());
}

TEST_CASE("a CPU time of infinity or beyond a double is junk", "[controller][timeouts]") {
  for (const char* junk : {"inf", "1e400", "nan"}) {
    INFO(junk);
    auto c = rm::test::start_ok(rm::test::spec_for({"--cpu-time", junk}));
    CHECK_FALSE(c->engine_cpu_time());
    c->close();
  }
}
