// The model_tuner's recommendation (surrogate.hpp): with two or more parameters the quadratic's
// point with the best lower bound; with one, the process's best bin; in both, the interval holds
// the point, and a second hill does not pull the point into the valley between them.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "ringmaster/competitions/model_tuner/model_search.hpp"
#include "ringmaster/competitions/model_tuner/quadratic_surrogate.hpp"
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

// A broad lower hill at -0.4 and a narrow higher peak at 0.5 (the simulator's twopeaks).
double two_hills(const std::vector<double>& u) {
  const double broad = 0.3 - 1.5 * (u[0] + 0.4) * (u[0] + 0.4);
  const double narrow = 0.55 - 25.0 * (u[0] - 0.5) * (u[0] - 0.5);
  return 1.0 / (1.0 + std::exp(-std::max(broad, narrow)));
}

const QuadraticSurrogate& quadratic(const ModelSearch& search) {
  const auto* q = dynamic_cast<const QuadraticSurrogate*>(&search.surrogate());
  REQUIRE(q != nullptr);
  return *q;
}

// The rule, checked from the outside: the point is the centre or a point played before the last
// fit, and none of those has a higher lower bound.
void check_best_has_highest_lower_bound(const ModelSearch& search) {
  const auto& q = quadratic(search);
  const auto lower_bound = [&](const std::vector<double>& u) {
    return q.model().value(u) - 2.0 * q.model().value_sd(u);
  };
  const std::vector<double> best = search.best();
  bool is_candidate = best == q.centre();
  double top = lower_bound(q.centre());
  for (int i = 0; i < q.last_fit_size(); ++i) {
    const auto& u = search.samples()[static_cast<std::size_t>(i)].u;
    is_candidate = is_candidate || best == u;
    top = std::max(top, lower_bound(u));
  }
  CHECK(is_candidate);
  CHECK(lower_bound(best) >= top - 1e-12);
}

void check_point_in_interval(const Recommendation& r) {
  REQUIRE(r.low.size() == r.point.size());
  REQUIRE(r.high.size() == r.point.size());
  for (std::size_t k = 0; k < r.point.size(); ++k) {
    CHECK(r.low[k] <= r.point[k]);
    CHECK(r.point[k] <= r.high[k]);
    CHECK(r.low[k] >= -1.0);
    CHECK(r.high[k] <= 1.0);
  }
  CHECK(r.win_rate_low <= r.win_rate);
  CHECK(r.win_rate <= r.win_rate_high);
}

}  // namespace

TEST_CASE("model search: with two parameters the recommendation has the best lower bound",
          "[model_tuner]") {
  SearchSettings settings;
  settings.dims = 2;
  for (int seed = 1; seed <= 4; ++seed) {
    ModelSearch search(settings);
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    CHECK(search.phase() == Phase::Opening);
    CHECK(search.best() == std::vector<double>{0.0, 0.0});  // nothing fitted yet
    play(search, ridge, 700, rng);
    REQUIRE(search.phase() == Phase::Search);
    check_best_has_highest_lower_bound(search);
    check_point_in_interval(search.recommend());
    play(search, ridge, 300, rng);  // later fits: the cached answer is not reused
    check_best_has_highest_lower_bound(search);
    check_point_in_interval(search.recommend());
  }
}

TEST_CASE("model search: a resumed search recommends the same point", "[model_tuner]") {
  for (const int dims : {1, 2}) {
    SearchSettings settings;
    settings.dims = dims;
    ModelSearch original(settings);
    std::mt19937_64 rng(9);
    play(original, dims == 1 ? two_hills : ridge, 800, rng);
    const auto expected = original.recommend();  // computed (and cached) before the copy
    ModelSearch resumed(settings);
    REQUIRE(resumed.restore(original.samples(), original.surrogate_state()));
    const auto again = resumed.recommend();
    CHECK(again.point == expected.point);
    CHECK(again.low == expected.low);
    CHECK(again.high == expected.high);
  }
}

TEST_CASE("model search: one parameter, two hills: the point is on a hill, never between",
          "[model_tuner]") {
  SearchSettings settings;
  int on_narrow = 0;
  for (int seed = 1; seed <= 6; ++seed) {
    ModelSearch search(settings);
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed) + 100);
    for (const int games : {500, 1500, 3000}) {
      play(search, two_hills, games - static_cast<int>(search.samples().size()), rng);
      const Recommendation r = search.recommend();
      check_point_in_interval(r);
      const double x = r.point[0];
      // The valley between the hills is where the two parabolas meet, near 0.25.
      CHECK((std::abs(x - 0.5) < 0.15 || std::abs(x + 0.4) < 0.35));
      if (games == 3000 && std::abs(x - 0.5) < 0.15) ++on_narrow;
    }
  }
  CHECK(on_narrow >= 5);  // by 3,000 games the higher peak is found
}
