// The model_tuner's recommendation without the whole-range process (two or more parameters, or
// one with thompson_share 0): the point with the best lower bound of the model's value among the
// quadratic's estimate, the region's centre and the points played (SearchSettings::
// recommendation_kappa says why).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "ringmaster/competitions/model_tuner/model_search.hpp"
#include "tests/competitions/model_search_play.hpp"

using namespace rm::comp::model;
using rm::comp::model::test::play;

namespace {

// A narrow ridge along u0 + u1 = -0.1 with its top at (-0.5, 0.4): CLOP's Correlated problem,
// where a fit of the first few hundred games is often a saddle.
double ridge(const std::vector<double>& u) {
  const auto g = [](double z) { return -z * z * z * z + z * z * z - z * z; };
  const double logit = 0.2 * (g(10.0 * (u[0] + u[1] + 0.1)) + g(u[0] - u[1] + 0.9)) + 0.2;
  return 1.0 / (1.0 + std::exp(-logit));
}

// The rule, checked from the outside: best() is one of the candidates, and none has a higher
// lower bound.
void check_best_has_highest_lower_bound(const ModelSearch& search) {
  const double kappa = search.settings().recommendation_kappa;
  const auto lower_bound = [&](const std::vector<double>& u) {
    return search.model().value(u) - kappa * search.model().value_sd(u);
  };
  const std::vector<double> best = search.best();
  bool is_candidate = best == search.quadratic_estimate() || best == search.centre();
  double top = std::max(lower_bound(search.quadratic_estimate()), lower_bound(search.centre()));
  for (int i = 0; i < search.last_fit_size(); ++i) {
    const auto& u = search.samples()[static_cast<std::size_t>(i)].u;
    is_candidate = is_candidate || best == u;
    top = std::max(top, lower_bound(u));
  }
  CHECK(is_candidate);
  CHECK(lower_bound(best) >= top - 1e-12);
}

}  // namespace

TEST_CASE("model search: with two parameters the recommendation has the best lower bound",
          "[model_tuner]") {
  SearchSettings settings;
  settings.dims = 2;
  for (int seed = 1; seed <= 4; ++seed) {
    ModelSearch search(settings);
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    CHECK(search.best() == search.quadratic_estimate());  // nothing fitted yet
    play(search, ridge, 700, rng);
    REQUIRE(search.last_fit_size() > 0);
    check_best_has_highest_lower_bound(search);
    play(search, ridge, 300, rng);  // later fits: the cached answer is not reused
    check_best_has_highest_lower_bound(search);
  }
}

TEST_CASE("model search: a resumed search recommends the same point", "[model_tuner]") {
  SearchSettings settings;
  settings.dims = 2;
  ModelSearch original(settings);
  std::mt19937_64 rng(9);
  play(original, ridge, 800, rng);
  const auto expected = original.best();  // computed (and cached) before the copy is restored
  ModelSearch resumed(settings);
  REQUIRE(resumed.restore(original.samples(), original.model().beta(),
                          original.model().covariance(), original.centre(), original.half_width(),
                          original.quadratic_estimate(), original.last_fit_size()));
  CHECK(resumed.best() == expected);
}

TEST_CASE("model search: one parameter without the process uses the same rule", "[model_tuner]") {
  SearchSettings settings;
  settings.thompson_share = 0.0;
  ModelSearch search(settings);
  std::mt19937_64 rng(3);
  const auto peak = [](const std::vector<double>& u) {
    return 0.6 - 0.1 * (u[0] - 0.3) * (u[0] - 0.3);
  };
  play(search, peak, 600, rng);
  CHECK(search.process() == nullptr);
  check_best_has_highest_lower_bound(search);
}
