// Bradley-Terry rating lists against values worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>

#include "ringmaster/stats/bradley_terry.hpp"

using rm::stats::bradley_terry;
using rm::stats::PairResults;
using rm::stats::RatingOptions;

namespace {
const double kElo = 400.0 / std::log(10.0);
}

TEST_CASE("bradley_terry: two players, the Elo of the score, the error from the curvature",
          "[bradley_terry]") {
  // A scores 3 of 4: B is 400 log10(3) below A. The information is n p (1 - p) = 0.75 per
  // natural unit squared, so the error is sqrt(1 / 0.75) natural units.
  auto list = bradley_terry(2, {{0, 1, 3, 1, 0}});
  REQUIRE(list.players[0].rating);
  CHECK(*list.players[0].rating == 0.0);
  CHECK(list.players[0].error == 0.0);
  CHECK(*list.players[1].rating == Approx(-400 * std::log10(3.0)).epsilon(1e-9));
  CHECK(list.players[1].error == Approx(std::sqrt(1 / 0.75) * kElo).epsilon(1e-9));
  CHECK(list.players[1].lower ==
        Approx(*list.players[1].rating - 1.959963984540054 * list.players[1].error));
  CHECK(list.players[1].games == 4);
  CHECK(list.players[1].points == 1);
  CHECK(list.prior_draws == 0);
}

TEST_CASE("bradley_terry: consistent odds give exact ratings, the anchor sets the origin",
          "[bradley_terry]") {
  // Odds A:B = 2, B:C = 2, A:C = 4 fit the model exactly.
  std::vector<PairResults> results{{0, 1, 2, 1, 0}, {1, 2, 2, 1, 0}, {0, 2, 4, 1, 0}};
  RatingOptions options;
  options.anchor = 2;
  options.anchor_rating = 1500;
  auto list = bradley_terry(3, results, options);
  const double step = 400 * std::log10(2.0);
  CHECK(*list.players[2].rating == 1500);
  CHECK(*list.players[1].rating == Approx(1500 + step).epsilon(1e-9));
  CHECK(*list.players[0].rating == Approx(1500 + 2 * step).epsilon(1e-9));
  CHECK(list.players[0].error > list.players[1].error * 0.5);
  CHECK(list.iterations > 0);

  // Anchoring elsewhere shifts every rating and leaves the differences.
  options.anchor = 0;
  options.anchor_rating = 0;
  auto other = bradley_terry(3, results, options);
  CHECK(*other.players[2].rating == Approx(-2 * step).epsilon(1e-9));
  CHECK(other.players[0].error == 0);
}

TEST_CASE("bradley_terry: draws are half a win each", "[bradley_terry]") {
  auto list = bradley_terry(2, {{0, 1, 1, 1, 2}});
  CHECK(*list.players[1].rating == Approx(0.0).margin(1e-9));
  CHECK(list.players[1].points == 2);
  // With draws as half wins: 4 games at p = 1/2, information 1 per natural unit squared.
  CHECK(list.players[1].error == Approx(kElo).epsilon(1e-9));
}

TEST_CASE("bradley_terry: a perfect score gets BayesElo's virtual draws, not infinity",
          "[bradley_terry]") {
  // 3-0 plus one virtual draw: 3.5 to 0.5.
  auto list = bradley_terry(2, {{0, 1, 3, 0, 0}});
  CHECK(list.prior_draws == 1);
  CHECK(*list.players[1].rating == Approx(-400 * std::log10(7.0)).epsilon(1e-9));
  // A gauntlet whose hero wins every game: still finite.
  auto gauntlet = bradley_terry(3, {{0, 1, 5, 0, 0}, {0, 2, 4, 1, 0}});
  CHECK(gauntlet.prior_draws == 1);
  CHECK(std::isfinite(*gauntlet.players[1].rating));
  CHECK(*gauntlet.players[1].rating < *gauntlet.players[2].rating);
}

TEST_CASE("bradley_terry: players without games linked to the anchor have no rating",
          "[bradley_terry]") {
  auto list = bradley_terry(4, {{0, 1, 2, 2, 0}, {2, 3, 1, 1, 0}});
  CHECK(list.players[1].rating);
  CHECK_FALSE(list.players[2].rating);
  CHECK_FALSE(list.players[3].rating);
  CHECK_THROWS_AS(bradley_terry(2, {{0, 0, 1, 1, 0}}), std::invalid_argument);
  CHECK_THROWS_AS(bradley_terry(2, {{0, 2, 1, 1, 0}}), std::invalid_argument);
  RatingOptions bad;
  bad.anchor = 5;
  CHECK_THROWS_AS(bradley_terry(2, {}, bad), std::invalid_argument);
}

TEST_CASE("bradley_terry: a longer chain converges to the same list from any anchor",
          "[bradley_terry]") {
  std::vector<PairResults> results{
      {0, 1, 7, 3, 1}, {1, 2, 6, 4, 0}, {2, 3, 5, 5, 2}, {0, 3, 9, 2, 0}, {0, 2, 4, 4, 1}};
  auto a = bradley_terry(4, results);
  RatingOptions options;
  options.anchor = 3;
  auto b = bradley_terry(4, results, options);
  for (std::size_t k = 0; k < 4; ++k)
    CHECK(*a.players[k].rating - *a.players[3].rating == Approx(*b.players[k].rating).margin(1e-7));
  // At the maximum each player's expected points equal its actual points.
  double expected0 = 0;
  for (const auto& r : results) {
    if (r.i != 0) continue;
    const double d = (*a.players[0].rating - *a.players[r.j].rating) / 400;
    expected0 += (r.wins_i + r.wins_j + r.draws) / (1 + std::pow(10.0, -d));
  }
  CHECK(expected0 == Approx(a.players[0].points).epsilon(1e-8));
}

TEST_CASE("bradley_terry: the allplayall_ringbot list, against an independent computation",
          "[bradley_terry]") {
  // 1-9, 0-10, 0-10 (a perfect score: one virtual draw per pair). Values from plain
  // gradient ascent on the same likelihood and the inverse of its 2x2 information matrix.
  auto list = bradley_terry(3, {{0, 1, 1, 9, 0}, {0, 2, 0, 10, 0}, {1, 2, 0, 10, 0}});
  CHECK(list.prior_draws == 1);
  CHECK(*list.players[1].rating == Approx(280.50236).epsilon(1e-6));
  CHECK(*list.players[2].rating == Approx(716.86490).epsilon(1e-6));
  CHECK(list.players[1].error == Approx(134.72005).epsilon(1e-6));
  CHECK(list.players[2].error == Approx(210.60821).epsilon(1e-6));
}
