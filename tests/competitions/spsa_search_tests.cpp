// The SPSA search: pairs and their geometry, determinism, results in any order, the state's
// round trip (a restored search continues exactly) and its cost at 64 parameters.
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <vector>

#include "ringmaster/competitions/spsa_tuner/spsa_search.hpp"

using namespace rm::comp::spsa;

namespace {

SearchSettings settings(int d, std::uint64_t seed = 7) {
  SearchSettings s;
  s.c.assign(static_cast<std::size_t>(d), 1.0 / 3.0);
  s.r = 0.01;
  s.start.assign(static_cast<std::size_t>(d), 0.25);
  s.seed = seed;
  return s;
}

// A stand-in for games: a pentanomial outcome drawn from `rng`, favouring the point nearer 0.
int pair_outcome(const Pair& pair, std::mt19937_64& rng) {
  double plus = 0.0, minus = 0.0;
  for (std::size_t k = 0; k < pair.plus.size(); ++k) {
    plus += pair.plus[k] * pair.plus[k];
    minus += pair.minus[k] * pair.minus[k];
  }
  const double p = plus < minus ? 0.6 : 0.4;
  std::bernoulli_distribution win(p);
  return 2 * (win(rng) ? 1 : 0) + 2 * (win(rng) ? 1 : 0);
}

}  // namespace

TEST_CASE("spsa search: a pair is the centre plus and minus c times a sign vector", "[spsa]") {
  SpsaSearch search(settings(70));
  for (int i = 0; i < 5; ++i) {
    const Pair pair = search.next_pair();
    CHECK(pair.id == static_cast<std::uint64_t>(i));
    for (int k = 0; k < 70; ++k) {
      const auto kk = static_cast<std::size_t>(k);
      CHECK(pair.plus[kk] - pair.minus[kk] == Approx(2.0 / 3.0 * search.perturbation(pair.id, k)));
      CHECK(pair.plus[kk] + pair.minus[kk] == Approx(0.5));
    }
  }
  CHECK(search.pairs_in_flight().size() == 5);
}

TEST_CASE("spsa search: near the edge the centre moves inside, both points stay in the box",
          "[spsa]") {
  SearchSettings s = settings(3);
  s.start = {1.0, -0.9, 0.0};
  SpsaSearch search(s);
  const Pair pair = search.next_pair();
  CHECK((pair.plus[0] + pair.minus[0]) / 2.0 == Approx(2.0 / 3.0));
  CHECK((pair.plus[1] + pair.minus[1]) / 2.0 == Approx(-2.0 / 3.0));
  for (std::size_t k = 0; k < 3; ++k) {
    CHECK(std::abs(pair.plus[k]) <= 1.0);
    CHECK(std::abs(pair.minus[k]) <= 1.0);
  }
}

TEST_CASE("spsa search: perturbations are balanced and depend only on (seed, pair)", "[spsa]") {
  const SpsaSearch a(settings(64, 1)), b(settings(64, 1)), other(settings(64, 2));
  int plus = 0, same_as_other = 0, agree_0_1 = 0;
  const int pairs = 4000;
  for (int id = 0; id < pairs; ++id)
    for (int k = 0; k < 64; ++k) {
      const auto u = static_cast<std::uint64_t>(id);
      REQUIRE(a.perturbation(u, k) == b.perturbation(u, k));
      plus += a.perturbation(u, k) > 0;
      same_as_other += a.perturbation(u, k) == other.perturbation(u, k);
      if (k == 1) agree_0_1 += a.perturbation(u, 0) == a.perturbation(u, 1);
    }
  const double n = 64.0 * pairs;
  CHECK(plus / n == Approx(0.5).margin(0.01));
  CHECK(same_as_other / n == Approx(0.5).margin(0.01));
  CHECK(agree_0_1 / static_cast<double>(pairs) == Approx(0.5).margin(0.04));
}

TEST_CASE("spsa search: a result moves theta by r c Delta y, whatever order results come in",
          "[spsa]") {
  SpsaSearch search(settings(5));
  std::vector<Pair> pairs;
  for (int i = 0; i < 4; ++i) pairs.push_back(search.next_pair());
  const int halves[4] = {4, 1, 3, 0};
  std::vector<double> expected(5, 0.25);
  for (int i : {2, 0, 3, 1}) {
    const auto ui = static_cast<std::size_t>(i);
    search.take_pentanomial(pairs[ui].id, halves[ui]);
    for (int k = 0; k < 5; ++k)
      expected[static_cast<std::size_t>(k)] +=
          0.01 / 3.0 * search.perturbation(pairs[ui].id, k) * (halves[ui] - 2);
  }
  for (std::size_t k = 0; k < 5; ++k) CHECK(search.theta()[k] == Approx(expected[k]));
  CHECK(search.games() == 8);
  CHECK(search.pairs_in_flight().empty());
  CHECK_THROWS_AS(search.take_pentanomial(pairs[0].id, 2), std::invalid_argument);
  CHECK_THROWS_AS(search.take_pentanomial(99, 2), std::invalid_argument);
}

TEST_CASE("spsa search: the ways of scoring a pair agree", "[spsa]") {
  SpsaSearch a(settings(4)), b(settings(4)), c(settings(4));
  a.take_pentanomial(a.next_pair().id, 3);
  b.take_head_to_head(b.next_pair().id, 1.5, 2);
  c.take_against_opponent(c.next_pair().id, 1.0, 0.5);
  CHECK(a.theta() == b.theta());
  CHECK(a.theta() == c.theta());
  CHECK_THROWS_AS(a.take_pentanomial(a.next_pair().id, 5), std::invalid_argument);
  CHECK_THROWS_AS(b.take_head_to_head(b.next_pair().id, 2.5, 2), std::invalid_argument);
  CHECK_THROWS_AS(c.take_against_opponent(c.next_pair().id, 0.3, 0.0), std::invalid_argument);
}

TEST_CASE("spsa search: the same results give the same search", "[spsa]") {
  SpsaSearch a(settings(10)), b(settings(10));
  std::mt19937_64 ra(3), rb(3);
  for (int i = 0; i < 500; ++i) {
    const Pair pa = a.next_pair(), pb = b.next_pair();
    REQUIRE(pa.plus == pb.plus);
    a.take_pentanomial(pa.id, pair_outcome(pa, ra));
    b.take_pentanomial(pb.id, pair_outcome(pb, rb));
  }
  CHECK(a.theta() == b.theta());
}

TEST_CASE("spsa search: a restored state continues exactly, pairs in flight included", "[spsa]") {
  SearchSettings s = settings(12);
  s.average_from_games = 300;
  s.early_r_factor = 2.0;  // r changes after the resume (at about 800 games)
  s.early_r_games = 1200;
  SpsaSearch whole(s);
  std::mt19937_64 rng(11);
  std::vector<Pair> flying;
  std::unique_ptr<SpsaSearch> resumed;
  std::vector<Pair> resumed_flying;
  for (int step = 0; step < 1000; ++step) {
    // Eight pairs in flight; the result of a random one of them comes back.
    while (flying.size() < 8) {
      flying.push_back(whole.next_pair());
      if (resumed) {
        const Pair p = resumed->next_pair();
        REQUIRE(p.id == flying.back().id);
        REQUIRE(p.plus == flying.back().plus);
        REQUIRE(p.minus == flying.back().minus);
      }
    }
    const std::size_t pick = rng() % flying.size();
    const int outcome = pair_outcome(flying[pick], rng);
    whole.take_pentanomial(flying[pick].id, outcome);
    if (resumed) resumed->take_pentanomial(flying[pick].id, outcome);
    flying.erase(flying.begin() + static_cast<long>(pick));
    if (step == 400) {  // kill and resume: the state goes through its text form
      resumed = std::make_unique<SpsaSearch>(s);
      REQUIRE(resumed->restore(nlohmann::json::parse(whole.state().dump())));
    }
  }
  CHECK(resumed->theta() == whole.theta());
  CHECK(resumed->recommendation() == whole.recommendation());
  CHECK(resumed->games() == whole.games());
  CHECK(resumed->state() == whole.state());
  CHECK(whole.state().dump().size() < 2000);
}

TEST_CASE("spsa search: a state that does not fit is refused and changes nothing", "[spsa]") {
  SpsaSearch search(settings(3));
  const nlohmann::json before = search.state();
  CHECK_FALSE(search.restore(SpsaSearch(settings(4)).state()));
  nlohmann::json bad = before;
  bad["in_flight"] = {5};  // a pair never issued
  CHECK_FALSE(search.restore(bad));
  CHECK_FALSE(search.restore(nlohmann::json::object()));
  CHECK(search.state() == before);
}

TEST_CASE("spsa search: a state written before early_r and c for the budget still restores",
          "[spsa]") {
  DesignInput in;
  in.elo_at_half_range.assign(2, 5.0);
  in.precision = 2.0;
  const Design design = design_spsa(in);
  SpsaSearch search(settings_for_budget(design, {0.5, 0.5}, 3, design.games / 2));
  // The state's fields are those of the first SpsaSearch (commit 98b1ffe); nothing was added.
  const auto old =
      nlohmann::json::parse(R"({"theta":[0.25,-0.5],"next_pair":7,"in_flight":[5,6],"games":10,)"
                            R"("theta_sum":[0.0,0.0],"averaged":0})");
  REQUIRE(search.restore(old));
  CHECK(search.state() == old);
  CHECK(search.next_pair().id == 7);
}

TEST_CASE("spsa search: the recommendation averages theta from the given games on", "[spsa]") {
  SearchSettings s = settings(2);
  s.average_from_games = 4;
  SpsaSearch search(s);
  std::vector<std::vector<double>> thetas;
  for (int i = 0; i < 4; ++i) {
    search.take_pentanomial(search.next_pair().id, i % 2 == 0 ? 4 : 1);
    thetas.push_back(search.theta());
  }
  // Games 2 and 4 were before the average starts; it holds theta after games 4, 6 and 8.
  for (std::size_t k = 0; k < 2; ++k)
    CHECK(search.recommendation()[k] == Approx((thetas[1][k] + thetas[2][k] + thetas[3][k]) / 3.0));
}

TEST_CASE("spsa search: r times early_r_factor before early_r_games, and across a restore",
          "[spsa]") {
  SearchSettings s = settings(3);
  s.early_r_factor = 2.0;
  s.early_r_games = 4;
  SpsaSearch search(s);
  std::vector<double> before = search.theta();
  for (int i = 0; i < 4; ++i) {
    const Pair pair = search.next_pair();
    const nlohmann::json state = search.state();
    SpsaSearch restored(s);  // each result taken by a search restored from the state
    REQUIRE(restored.restore(state));
    restored.take_pentanomial(pair.id, 4);  // y = 2
    search.take_pentanomial(pair.id, 4);
    CHECK(restored.theta() == search.theta());
    const double r = i < 2 ? 2.0 * s.r : s.r;  // games 0 and 2 are before 4, games 4 and 6 not
    for (int k = 0; k < 3; ++k)
      CHECK(search.theta()[static_cast<std::size_t>(k)] - before[static_cast<std::size_t>(k)] ==
            Approx(r * s.c[0] * 2.0 * search.perturbation(pair.id, k)));
    before = search.theta();
  }
  s.early_r_factor = 0.0;
  CHECK_THROWS_AS(SpsaSearch(s), std::invalid_argument);
}

TEST_CASE("spsa search: the settings for a budget", "[spsa]") {
  DesignInput in;
  in.elo_at_half_range.assign(10, 5.0);
  in.precision = 2.0;
  const Design design = design_spsa(in);
  const std::vector<double> start(10, 0.5);
  const SearchSettings half = settings_for_budget(design, start, 9, design.games / 2);
  CHECK(half.c == c_for_budget(design, design.games / 2));
  CHECK(half.c[0] == Approx(design.c[0] * std::sqrt(2.0)).epsilon(1e-5));
  CHECK(half.r == design.r);
  CHECK(half.start == start);
  CHECK(half.seed == 9);
  const auto share = [](double f, long games) {
    return std::lround(f * static_cast<double>(games));
  };
  CHECK(half.average_from_games == share(0.5, design.games / 2));
  CHECK(half.early_r_factor == 2.0);
  CHECK(half.early_r_games == share(0.25, design.games / 2));
  const SearchSettings full = settings_for_budget(design, start, 9, design.games);
  CHECK(full.c == design.c);
  CHECK(full.average_from_games == share(0.5, design.games));
  CHECK_NOTHROW(SpsaSearch(full));
}

TEST_CASE("spsa search: choosing a pair and taking its result cost well under 1 ms at 64",
          "[spsa]") {
  SpsaSearch search(settings(64));
  std::mt19937_64 rng(5);
  const int pairs = 20000;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < pairs; ++i) {
    const Pair pair = search.next_pair();
    search.take_pentanomial(pair.id, static_cast<int>(rng() % 5));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Microseconds in fact; the bound leaves room for a loaded machine and the sanitizers.
  CHECK(seconds / pairs < 1e-4);
}
