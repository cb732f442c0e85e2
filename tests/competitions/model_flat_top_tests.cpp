// The model_tuner's flat-top rule (one parameter, SearchSettings::flat_top_from): once the region
// is held wider than its schedule, the whole-range process chooses the games the cell bandit
// leaves and weighs more in the recommendation; on a sharp top nothing changes.
#include <catch2/catch.hpp>
#include <climits>
#include <cmath>
#include <random>
#include <vector>

#include "ringmaster/competitions/model_tuner/model_search.hpp"
#include "tests/competitions/model_search_play.hpp"

using namespace rm::comp::model;
using rm::comp::model::test::play;

namespace {

// A win rate the parameter does not change at all: the flattest top there is.
double flat(const std::vector<double>&) {
  return 0.5;
}

// A sharp top at -0.5 (the logit falls by 8 per unit squared).
double sharp(const std::vector<double>& u) {
  const double d = u[0] + 0.5;
  return 1.0 / (1.0 + std::exp(8.0 * d * d));
}

double scheduled(const ModelSearch& search) {
  return std::min(
      1.0, search.settings().region_scale * std::pow(static_cast<double>(search.last_fit_size()),
                                                     -search.settings().region_exponent));
}

// A copy of `search` by its stored state, with other settings.
ModelSearch restored_copy(const ModelSearch& search, const SearchSettings& settings) {
  ModelSearch copy(settings);
  const BinnedGp* process = search.process();
  REQUIRE(process != nullptr);
  if (process == nullptr) return copy;  // (for GCC's null-dereference check)
  REQUIRE(copy.restore(search.samples(), search.model().beta(), search.model().covariance(),
                       search.centre(), search.half_width(), search.quadratic_estimate(),
                       search.last_fit_size(),
                       StoredProcess{process->hyper(), process->latent(), search.process_fit_size(),
                                     search.relocations()}));
  return copy;
}

}  // namespace

TEST_CASE("model search: a flat top hands the games and the recommendation to the process",
          "[model_tuner]") {
  const SearchSettings settings;
  ModelSearch search(settings);
  std::mt19937_64 rng(5);
  play(search, flat, 1900, rng);
  CHECK_FALSE(search.flat_top());  // not before flat_top_from results
  play(search, flat, 600, rng);
  REQUIRE(search.last_fit_size() >= settings.flat_top_from);
  REQUIRE(search.half_width()[0] > 1.02 * scheduled(search));  // held open by its floor
  REQUIRE(search.flat_top());

  // The same state with the rule turned off and every game the bandit leaves sent to
  // Thompson sampling chooses exactly the same points: the rule routes them there.
  SearchSettings all_thompson = settings;
  all_thompson.flat_top_from = INT_MAX;
  all_thompson.thompson_share = 1.0;
  ModelSearch twin = restored_copy(search, all_thompson);
  CHECK_FALSE(twin.flat_top());
  std::mt19937_64 a(11), b(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 200; ++i)
    REQUIRE(search.choose([&] { return unit(a); }) == twin.choose([&] { return unit(b); }));

  // The recommendation: flat_top_process_weight of the process's best bin, against
  // process_estimate_weight with the rule off.
  const BinnedGp* process = search.process();
  REQUIRE(process != nullptr);
  if (process == nullptr) return;
  const double bin = process->centre_of(process->averaged_best_bin());
  const double estimate = search.quadratic_estimate()[0];
  CHECK(search.best()[0] == Approx(0.75 * bin + 0.25 * estimate).margin(1e-12));
  CHECK(twin.best()[0] == Approx(0.5 * bin + 0.5 * estimate).margin(1e-12));
  // A resumed run agrees on the rule.
  CHECK(restored_copy(search, settings).flat_top());
}

TEST_CASE("model search: a sharp top keeps its schedule and is not a flat top", "[model_tuner]") {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    ModelSearch search{SearchSettings{}};
    std::mt19937_64 rng(seed);
    play(search, sharp, 3000, rng);
    CHECK(search.half_width()[0] == Approx(scheduled(search)));
    CHECK_FALSE(search.flat_top());
  }
}
