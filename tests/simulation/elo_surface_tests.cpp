// The Elo surfaces of many-parameter tuning: values, the start point, rotations.
#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "ringmaster/simulation/elo_surface.hpp"

using namespace rm::simulation;

namespace {

SurfaceSpec spec(std::vector<double> elos, SurfaceShape shape = SurfaceShape::Quadratic) {
  SurfaceSpec s;
  s.elo_at_half_range = std::move(elos);
  s.shape = shape;
  return s;
}

}  // namespace

TEST_CASE("elo surface: a quadratic loses E_k at half a range along axis k", "[simulation]") {
  SurfaceSpec s = spec({2.0, 5.0, 1.0});
  s.optimum = {0.2, -0.5, 0.0};
  const EloSurface surface(s);
  CHECK(surface.elo({0.2, -0.5, 0.0}) == 0.0);
  CHECK(surface.loss({-0.8, -0.5, 0.0}) == Approx(2.0));
  CHECK(surface.loss({0.2, 0.5, 0.0}) == Approx(5.0));
  CHECK(surface.loss({0.2, -0.5, -0.5}) == Approx(0.25));
  CHECK(surface.elo({0.7, 0.0, 0.5}) == Approx(-(2.0 * 0.25 + 5.0 * 0.25 + 0.25)));
}

TEST_CASE("elo surface: the non-quadratic shapes", "[simulation]") {
  const EloSurface power(spec({4.0}, SurfaceShape::Power15));
  CHECK(power.loss({1.0}) == Approx(4.0));
  CHECK(power.loss({-0.25}) == Approx(4.0 * 0.125));
  const EloSurface quartic(spec({4.0}, SurfaceShape::Quartic));
  CHECK(quartic.loss({-1.0}) == Approx(4.0));
  CHECK(quartic.loss({0.5}) == Approx(4.0 * (0.25 + 0.0625) / 2.0));
  const EloSurface asymmetric(spec({4.0}, SurfaceShape::Asymmetric));
  CHECK(asymmetric.loss({0.5}) == Approx(1.0));
  CHECK(asymmetric.loss({-0.5}) == Approx(4.0));
  const EloSurface saturating(spec({4.0}, SurfaceShape::Saturating));
  CHECK(saturating.loss({1.0}) == Approx(4.0));
  CHECK(saturating.loss({-0.5}) == Approx(4.0 * 0.4));
  CHECK(saturating.loss({3.0}) == Approx(4.0 * 1.8));
  CHECK(surface_shape(surface_shape_name(SurfaceShape::Quartic)) == SurfaceShape::Quartic);
  CHECK(surface_shape("saturating") == SurfaceShape::Saturating);
  CHECK_THROWS_AS(surface_shape("cubic"), std::invalid_argument);
}

TEST_CASE("elo surface: a rotation keeps distances, so equal E_k see no change", "[simulation]") {
  SurfaceSpec equal = spec(std::vector<double>(20, 3.0));
  const EloSurface plain(equal);
  equal.rotated = true;
  equal.rotation_seed = 5;
  const EloSurface rotated(equal);
  SurfaceSpec unequal = equal;
  for (std::size_t k = 0; k < 20; ++k) unequal.elo_at_half_range[k] = 1.0 + static_cast<double>(k);
  const EloSurface mixed(unequal);
  unequal.rotated = false;
  const EloSurface axes(unequal);
  std::vector<double> x(20);
  for (std::size_t k = 0; k < 20; ++k) x[k] = std::sin(static_cast<double>(k)) * 0.7;
  CHECK(rotated.loss(x) == Approx(plain.loss(x)).epsilon(1e-12));
  CHECK(mixed.loss(x) != Approx(axes.loss(x)).epsilon(1e-3));
  CHECK(EloSurface(unequal).loss(x) == axes.loss(x));
  unequal.rotated = true;
  CHECK(EloSurface(unequal).loss(x) == mixed.loss(x));  // the same seed, the same rotation
}

TEST_CASE("elo surface: the start is start_elo below on the way to the farthest corner",
          "[simulation]") {
  const EloSurface centred(spec(std::vector<double>(10, 5.0)));
  const std::vector<double> start = centred.start_point(10.0);
  CHECK(centred.loss(start) == Approx(10.0));
  for (double x : start) CHECK(x == Approx(std::sqrt(10.0 / 50.0)));  // spsa_simul's lf_start
  SurfaceSpec off = spec({1.0, 2.0}, SurfaceShape::Asymmetric);
  off.optimum = {0.5, -0.25};
  off.rotated = true;
  const EloSurface moved(off);
  const std::vector<double> s = moved.start_point(1.5);
  CHECK(moved.loss(s) == Approx(1.5));
  CHECK(s[0] < 0.5);  // towards the corner (-1, 1)
  CHECK(s[1] > -0.25);
  CHECK_THROWS_AS(moved.start_point(1000.0), std::invalid_argument);
}

TEST_CASE("elo surface: a spec out of range is refused", "[simulation]") {
  CHECK_THROWS_AS(EloSurface(spec({})), std::invalid_argument);
  CHECK_THROWS_AS(EloSurface(spec(std::vector<double>(65, 1.0))), std::invalid_argument);
  CHECK_THROWS_AS(EloSurface(spec({1.0, -1.0})), std::invalid_argument);
  SurfaceSpec s = spec({1.0});
  s.optimum = {1.5};
  CHECK_THROWS_AS(EloSurface(s), std::invalid_argument);
}
