#include <catch2/catch.hpp>
#include <stdexcept>

#include "ringmaster/stats/chi_square.hpp"

using namespace rm::stats;

// Reference values from GSL 2.7 (gsl_cdf_chisq_P and gsl_cdf_chisq_Pinv), which spsa_simul
// uses for its design.
TEST_CASE("stats: chi_square_cdf at known points") {
  CHECK(chi_square_cdf(0.0, 3) == 0.0);
  CHECK(chi_square_cdf(1.0, 1) == Approx(0.682689492137085).margin(1e-13));
  CHECK(chi_square_cdf(2.0, 2) == Approx(0.632120558828558).margin(1e-13));
  CHECK(chi_square_cdf(10.0, 10) == Approx(0.559506714934786).margin(1e-13));
  CHECK(chi_square_cdf(64.0, 64) == Approx(0.523511694523742).margin(1e-13));
}

TEST_CASE("stats: chi_square_quantile matches GSL's to 1e-12") {
  struct Case {
    int degrees;
    double p, x;
  };
  for (const Case c : {Case{1, 0.95, 3.84145882069412}, Case{2, 0.5, 1.38629436111989},
                       Case{4, 0.95, 9.48772903678115}, Case{10, 0.95, 18.3070380532751},
                       Case{20, 0.95, 31.4104328442309}, Case{20, 0.99, 37.566234786625},
                       Case{64, 0.5, 63.334582023532}, Case{64, 0.95, 83.675260742721}}) {
    INFO(c.degrees << " " << c.p);
    CHECK(chi_square_quantile(c.p, c.degrees) == Approx(c.x).epsilon(1e-12));
  }
}

TEST_CASE("stats: chi_square_quantile rejects bad arguments") {
  CHECK_THROWS_AS(chi_square_quantile(0.0, 3), std::invalid_argument);
  CHECK_THROWS_AS(chi_square_quantile(1.0, 3), std::invalid_argument);
  CHECK_THROWS_AS(chi_square_quantile(0.5, 0), std::invalid_argument);
}
