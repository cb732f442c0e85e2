#include <catch2/catch.hpp>
#include <stdexcept>

#include "ringmaster/stats/normal.hpp"

using namespace rm::stats;

TEST_CASE("stats: normal_cdf at known points") {
  CHECK(normal_cdf(0.0) == Approx(0.5).margin(1e-15));
  CHECK(normal_cdf(kZ95) == Approx(0.975).margin(1e-12));
  CHECK(normal_cdf(-1.0) == Approx(0.15865525393145707).margin(1e-12));
}

TEST_CASE("stats: normal_quantile inverts normal_cdf") {
  CHECK(normal_quantile(0.975) == Approx(kZ95).margin(1e-12));
  CHECK(normal_quantile(0.5) == Approx(0.0).margin(1e-12));
  for (const double p : {1e-9, 0.01, 0.3, 0.9, 0.999999})
    CHECK(normal_cdf(normal_quantile(p)) == Approx(p).epsilon(1e-9));
  CHECK(two_sided_z(0.95) == Approx(kZ95).margin(1e-12));
  CHECK(two_sided_z(0.99) == Approx(2.5758293035489).margin(1e-10));
}

TEST_CASE("stats: normal_quantile rejects probabilities outside (0, 1)") {
  CHECK_THROWS_AS(normal_quantile(0.0), std::invalid_argument);
  CHECK_THROWS_AS(normal_quantile(1.0), std::invalid_argument);
  CHECK_THROWS_AS(two_sided_z(1.5), std::invalid_argument);
}
