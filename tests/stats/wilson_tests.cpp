// Reference values: python3, centre (p + z^2/2n)/(1 + z^2/n),
// half width z sqrt(p(1-p)/n + z^2/4n^2)/(1 + z^2/n), z = 1.959963984540054.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "ringmaster/stats/wilson.hpp"

using namespace rm::stats;

TEST_CASE("stats: Wilson interval for 7 of 10") {
  const auto ci = wilson_interval(7, 10);
  REQUIRE(ci);
  CHECK(ci->lower == Approx(0.39677814746114537));
  CHECK(ci->upper == Approx(0.8922087325936989));
}

TEST_CASE("stats: Wilson interval at 0 and n successes stays inside [0, 1]") {
  const auto none = wilson_interval(0, 10);
  REQUIRE(none);
  CHECK(none->lower == 0.0);
  CHECK(none->upper == Approx(0.2775327998628892));
  const auto all = wilson_interval(10, 10);
  REQUIRE(all);
  CHECK(all->lower == Approx(1.0 - 0.2775327998628892));
  CHECK(all->upper == 1.0);
}

TEST_CASE("stats: Wilson interval: no trials, other confidence, bad input") {
  CHECK_FALSE(wilson_interval(0, 0));
  const auto wide = wilson_interval(50, 100, two_sided_z(0.99));
  const auto narrow = wilson_interval(50, 100);
  REQUIRE(wide);
  REQUIRE(narrow);
  CHECK(wide->lower < narrow->lower);
  CHECK(wide->upper > narrow->upper);
  CHECK(narrow->lower + narrow->upper == Approx(1.0));
  CHECK_THROWS_AS(wilson_interval(11, 10), std::invalid_argument);
  CHECK_THROWS_AS(wilson_interval(-1, 10), std::invalid_argument);
  CHECK_THROWS_AS(wilson_interval(1, 10, 0.0), std::invalid_argument);
}
