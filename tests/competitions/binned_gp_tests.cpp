// The model_tuner's whole-range process in one dimension (binned_gp.hpp) and the surrogate the
// search makes of it (process_surrogate.hpp): Thompson choices, a plateau, exact restoring.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <memory>
#include <random>

#include "ringmaster/competitions/model_tuner/binned_gp.hpp"
#include "ringmaster/competitions/model_tuner/model_search.hpp"
#include "ringmaster/competitions/model_tuner/process_surrogate.hpp"
#include "ringmaster/competitions/model_tuner/quadratic_model.hpp"

using namespace rm::comp::model;

namespace {

// Adds `games` results at u with win rate p, as evenly as the count allows.
void add_games(BinnedGp& gp, double u, double p, int games) {
  const int wins = static_cast<int>(std::lround(p * games));
  for (int i = 0; i < games; ++i) gp.add(u, i < wins ? 1.0 : 0.0);
}

// A peak at u = -0.5 (win rate 0.7) over a floor of 0.4, 200 games every 0.125.
void add_peak_games(BinnedGp& gp) {
  for (double u = -0.9375; u < 1.0; u += 0.125)
    add_games(gp, u, 0.4 + 0.3 * std::exp(-8.0 * (u + 0.5) * (u + 0.5)), 200);
}

const ProcessSurrogate& process_of(const ModelSearch& search) {
  const auto* p = dynamic_cast<const ProcessSurrogate*>(&search.surrogate());
  REQUIRE(p != nullptr);
  return *p;
}

// The one coordinate of a point (GCC's null-dereference check distrusts [0] on a temporary).
double first(const std::vector<double>& v) {
  return v.empty() ? 0.0 : v.front();
}

// Plays `games` simulated games of the search's choosing, won with probability truth(u).
template <typename Truth>
void play(ModelSearch& search, const Truth& truth, int games, std::mt19937_64& outcomes,
          std::mt19937_64& choices) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < games; ++i) {
    const auto u = search.choose([&] { return unit(choices); });
    search.add(u, unit(outcomes) < truth(first(u)) ? 1.0 : 0.0);
  }
}

}  // namespace

TEST_CASE("binned process: bins cover the range", "[model_tuner]") {
  BinnedGp gp(64);
  CHECK(gp.bin_of(-1.0) == 0);
  CHECK(gp.bin_of(1.0) == 63);
  CHECK(gp.bin_of(0.0) == 32);
  CHECK(gp.centre_of(0) == Approx(-1.0 + 1.0 / 64));
  for (int b = 0; b < 64; ++b) CHECK(gp.bin_of(gp.centre_of(b)) == b);
}

TEST_CASE("binned process: the fit finds the best region and knows how sure it is",
          "[model_tuner]") {
  BinnedGp gp(64);
  add_peak_games(gp);
  gp.fit();
  REQUIRE(gp.fitted());
  CHECK(std::abs(gp.centre_of(gp.best_bin()) + 0.5) < 0.1);
  CHECK(gp.hyper().chosen_at == 3200);
  CHECK(gp.difference_z(gp.best_bin(), gp.bin_of(0.8)) > 5.0);
  CHECK(std::abs(gp.difference_z(gp.best_bin(), gp.bin_of(-0.45))) < 2.0);

  // Thompson draws land near the peak, but not all in one bin.
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<int> hits(64, 0);
  for (int i = 0; i < 2000; ++i)
    ++hits[static_cast<std::size_t>(gp.thompson_bin([&] { return unit(rng); }))];
  int near = 0, distinct = 0;
  for (int b = 0; b < 64; ++b) {
    if (std::abs(gp.centre_of(b) + 0.5) < 0.25) near += hits[static_cast<std::size_t>(b)];
    if (hits[static_cast<std::size_t>(b)] > 0) ++distinct;
  }
  CHECK(near > 1900);
  CHECK(distinct >= 3);
}

TEST_CASE("binned process: a restored fit is the same fit", "[model_tuner]") {
  BinnedGp gp(64);
  for (double u = -0.9; u < 1.0; u += 0.2) add_games(gp, u, 0.5 - 0.2 * u * u, 50);
  gp.fit();
  BinnedGp copy(64);
  for (double u = -0.9; u < 1.0; u += 0.2) add_games(copy, u, 0.5 - 0.2 * u * u, 50);
  REQUIRE(copy.restore_fit(gp.hyper(), gp.latent()));
  std::mt19937_64 a(9), b(9);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 50; ++i)
    CHECK(gp.thompson_bin([&] { return unit(a); }) == copy.thompson_bin([&] { return unit(b); }));
  CHECK_FALSE(copy.restore_fit(gp.hyper(), std::vector<double>(3, 0.0)));
}

TEST_CASE("cholesky: the same factor to the bit as the row-by-row dot products", "[model_tuner]") {
  // The factorisation subtracts each column's outer product from the rows below (so that it
  // vectorises); every element must still take its products in the order k = 0, 1, ..., as the
  // textbook's dot product row by row does, or the model's fits and choices would change.
  std::mt19937_64 rng(5);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (int n : {1, 2, 3, 5, 8, 45, 64}) {
    const auto size = static_cast<std::size_t>(n);
    std::vector<double> g(size * size), a(size * size, 0.0);
    for (double& x : g) x = normal(rng);
    for (std::size_t i = 0; i < size; ++i)  // G G' + n I: positive definite
      for (std::size_t j = 0; j < size; ++j) {
        for (std::size_t k = 0; k < size; ++k) a[i * size + j] += g[i * size + k] * g[j * size + k];
        if (i == j) a[i * size + j] += n;
      }
    std::vector<double> expected(a);
    for (std::size_t j = 0; j < size; ++j) {
      double diagonal = expected[j * size + j];
      for (std::size_t k = 0; k < j; ++k)
        diagonal -= expected[j * size + k] * expected[j * size + k];
      const double root = std::sqrt(diagonal);
      expected[j * size + j] = root;
      for (std::size_t i = j + 1; i < size; ++i) {
        double s = expected[i * size + j];
        for (std::size_t k = 0; k < j; ++k) s -= expected[i * size + k] * expected[j * size + k];
        expected[i * size + j] = s / root;
      }
      for (std::size_t k = j + 1; k < size; ++k) expected[j * size + k] = 0.0;
    }
    std::vector<double> factor(a);
    REQUIRE(cholesky(factor, n));
    CHECK(factor == expected);
  }
  std::vector<double> indefinite{1.0, 2.0, 2.0, 1.0};
  CHECK_FALSE(cholesky(indefinite, 2));
}

TEST_CASE("binned process: a restored fit off the hyperparameter grid outlives its original",
          "[model_tuner]") {
  // A stored state may hold any positive length and amplitude; the process then builds its own
  // prior covariance (the grid's are shared), which a copy must keep alive.
  auto fill = [](BinnedGp& gp) {
    for (double u = -0.9; u < 1.0; u += 0.2) add_games(gp, u, 0.5 - 0.2 * u * u, 50);
  };
  BinnedGp fitted(64);
  fill(fitted);
  fitted.fit();
  auto original = std::make_unique<BinnedGp>(64);
  fill(*original);
  REQUIRE(original->restore_fit({0.3, 0.5, 500}, fitted.latent()));
  BinnedGp copy = *original;
  const double z = original->difference_z(10, 40);
  original.reset();
  CHECK(copy.difference_z(10, 40) == z);
  CHECK(copy.hyper().length == 0.3);
  copy.fit();  // a Laplace fit at the off-grid values (500 games: not yet chosen again)
  CHECK(copy.fitted());
}

TEST_CASE("model search: a peak off a plateau is found wherever the games were", "[model_tuner]") {
  // 2000 results: a plateau of 0.45 with a peak of 0.6 near u = -0.6, mostly played (as a
  // quadratic stuck on the plateau would have played them) around u = 0.7.
  SearchSettings settings;
  ModelSearch search(settings);
  std::vector<Sample> samples;
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 2000; ++i) {
    const double u = i % 4 == 0 ? 2.0 * unit(rng) - 1.0 : 0.7 + 0.2 * (2.0 * unit(rng) - 1.0);
    const double p = 0.45 + 0.15 * std::exp(-20.0 * (u + 0.6) * (u + 0.6));
    samples.push_back(Sample{{u}, unit(rng) < p ? 1.0 : 0.0, 1.0});
  }
  REQUIRE(search.restore(samples, nlohmann::json::object()));  // refitted afresh
  CHECK(std::abs(first(search.best()) + 0.6) < 0.2);
  // Thompson draws go to the peak far more often than to the plateau where the games were.
  int near_peak = 0, near_games = 0;
  for (int i = 0; i < 400; ++i) {
    const double u = first(search.choose([&] { return unit(rng); }));
    near_peak += std::abs(u + 0.6) < 0.2 ? 1 : 0;
    near_games += std::abs(u - 0.7) < 0.2 ? 1 : 0;
  }
  CHECK(near_peak > 2 * near_games);
}

TEST_CASE("model search: one parameter, restored mid-run, continues exactly", "[model_tuner]") {
  const auto truth = [](double u) { return 0.6 - 0.2 * (u - 0.3) * (u - 0.3); };
  std::mt19937_64 outcomes(1), choices(2);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  ModelSearch original{SearchSettings{}};
  play(original, truth, 400, outcomes, choices);
  REQUIRE(process_of(original).fitted());
  ModelSearch resumed{SearchSettings{}};
  REQUIRE(resumed.restore(original.samples(), original.surrogate_state()));
  CHECK(resumed.best() == original.best());  // the averaged process too
  std::mt19937_64 a = choices, b = choices;
  for (int i = 0; i < 300; ++i) {
    const auto ua = original.choose([&] { return unit(a); });
    const auto ub = resumed.choose([&] { return unit(b); });
    REQUIRE(ua == ub);
    const double y = unit(outcomes) < truth(first(ua)) ? 1.0 : 0.0;
    original.add(ua, y);
    resumed.add(ub, y);
  }
  CHECK(resumed.best() == original.best());
  CHECK(process_of(resumed).process().latent() == process_of(original).process().latent());
  CHECK(process_of(resumed).fitted_on() == process_of(original).fitted_on());
}

TEST_CASE("model search: a stored process that does not fit the samples is refused",
          "[model_tuner]") {
  ModelSearch search{SearchSettings{}};
  std::vector<Sample> samples(50, Sample{{0.1}, 1.0, 1.0});
  nlohmann::json process = {{"length", 0.4},
                            {"amplitude", 1.0},
                            {"chosen_at", 40},
                            {"latent", std::vector<double>(64, 0.0)},
                            {"fitted_on", 51}};
  CHECK_FALSE(search.restore(samples, process));
  CHECK(search.samples().empty());  // nothing changed
  process["fitted_on"] = 50;
  CHECK(search.restore(samples, process));
  CHECK(search.samples().size() == 50);
}

TEST_CASE("binned process: the averaged best bin is that of the last fit's counts",
          "[model_tuner]") {
  BinnedGp gp(64);
  add_peak_games(gp);
  gp.fit();
  REQUIRE(gp.fitted());
  // Clear evidence: one choice of hyperparameters explains the games far better than the
  // rest, so the average is that fit's maximum.
  const int averaged = gp.averaged_best_bin();
  CHECK(averaged == gp.best_bin());
  add_games(gp, 0.7, 0.95, 2000);  // a far better point, not yet fitted
  CHECK(gp.averaged_best_bin() == averaged);
  gp.fit();
  CHECK(std::abs(gp.centre_of(gp.averaged_best_bin()) - 0.7) < 0.1);
}

TEST_CASE("model search: a stored process that cannot be a fit is refused, nothing changed",
          "[model_tuner]") {
  std::mt19937_64 outcomes(7), choices(8);
  ModelSearch original{SearchSettings{}};
  const auto rising = [](double u) { return 0.5 + 0.1 * u; };
  play(original, rising, 200, outcomes, choices);
  const nlohmann::json good = original.surrogate_state();
  REQUIRE(good.contains("latent"));
  std::vector<nlohmann::json> bad(5, good);
  bad[0]["length"] = -0.4;
  bad[1]["amplitude"] = -1.0;
  bad[2]["chosen_at"] = -1;
  bad[3]["latent"].erase(bad[3]["latent"].size() - 1);
  bad[4]["fitted_on"] = 10;  // before the first fit
  for (const auto& stored : bad) {
    ModelSearch fresh{SearchSettings{}};
    CHECK_FALSE(fresh.restore(original.samples(), stored));
    CHECK(fresh.samples().empty());  // nothing changed
    CHECK(fresh.phase() == Phase::Opening);
  }
  ModelSearch resumed{SearchSettings{}};
  CHECK(resumed.restore(original.samples(), good));
  CHECK(resumed.samples().size() == original.samples().size());
}
