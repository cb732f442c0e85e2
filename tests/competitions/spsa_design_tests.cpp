// The SPSA design reproduces spsa_simul's (github.com/vdbergh/spsa_simul, commit 66f45e8) to
// the game: the figures are its output for --draw_ratio 0.001 (the smallest it accepts is
// above 0; Go's draws are about 0) and the anchors.
#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "ringmaster/competitions/spsa_tuner/spsa_design.hpp"

using namespace rm::comp::spsa;

namespace {

DesignInput anchor(int n, double elo, double precision) {
  DesignInput in;
  in.elo_at_half_range.assign(static_cast<std::size_t>(n), elo);
  in.precision = precision;
  in.draw_ratio = 0.001;
  return in;
}

}  // namespace

TEST_CASE("spsa design: the anchors' game counts and r, as spsa_simul computes them", "[spsa]") {
  struct Case {
    int n;
    double elo, precision;
    long games;
    double r;
  };
  for (const Case c : {Case{10, 5.0, 2.0, 186271, 0.002518}, Case{20, 5.0, 2.0, 319596, 0.001468},
                       Case{4, 2.0, 1.0, 482681, 0.002429}, Case{10, 2.0, 1.0, 931357, 0.001259},
                       Case{20, 2.0, 1.0, 1597982, 0.000734}}) {
    INFO("N=" << c.n << " E=" << c.elo << " precision=" << c.precision);
    const Design d = design_spsa(anchor(c.n, c.elo, c.precision));
    CHECK(d.games == c.games);
    CHECK(d.r == Approx(c.r).margin(5e-7));
    REQUIRE(d.c.size() == static_cast<std::size_t>(c.n));
    for (double ck : d.c) CHECK(ck == Approx(1.0 / 3.0));
  }
}

TEST_CASE("spsa design: spsa_simul's default example (4 parameters, draw ratio 0.61)", "[spsa]") {
  DesignInput in;
  in.elo_at_half_range.assign(4, 2.0);
  in.draw_ratio = 0.61;
  const Design d = design_spsa(in);
  CHECK(d.games == 376868);
  CHECK(d.r == Approx(0.003111).margin(5e-7));
}

TEST_CASE("spsa design: heuristic 2 (the optimum r and games for a start)", "[spsa]") {
  DesignInput in = anchor(10, 5.0, 2.0);
  in.heuristic = Heuristic::Optimum;
  in.start_elo = 10.0;
  const Design d = design_spsa(in);
  CHECK(d.games == 144793);
  CHECK(d.r == Approx(0.001992).margin(5e-7));
  in.start_elo = 0.5;  // below the mean loss the precision allows: nothing to do
  CHECK_THROWS_AS(design_spsa(in), std::invalid_argument);
}

TEST_CASE("spsa design: the predicted mean final loss is spsa_simul's 'Elo average'", "[spsa]") {
  // spsa_simul starts on the diagonal towards the farthest corner, 10 Elo below the optimum.
  struct Case {
    int n;
    double elo, precision, mean;
  };
  for (const Case c :
       {Case{10, 5.0, 2.0, 1.114556}, Case{20, 5.0, 2.0, 1.295093}, Case{4, 2.0, 1.0, 0.445340}}) {
    const DesignInput in = anchor(c.n, c.elo, c.precision);
    const Design d = design_spsa(in);
    const std::vector<double> optimum(static_cast<std::size_t>(c.n), 0.0);
    const std::vector<double> start(static_cast<std::size_t>(c.n), std::sqrt(10.0 / (c.n * c.elo)));
    CHECK(predicted_mean_loss(d, in, in.elo_at_half_range, optimum, start,
                              static_cast<double>(d.games)) == Approx(c.mean).margin(1e-5));
  }
}

TEST_CASE("spsa design: against an opponent needs four times the games at the same precision",
          "[spsa]") {
  DesignInput in = anchor(10, 5.0, 2.0);
  const Design h2h = design_spsa(in);
  in.protocol = Protocol::AgainstOpponent;
  const Design opponent = design_spsa(in);
  CHECK(opponent.r == Approx(h2h.r / 2.0));
  CHECK(static_cast<double>(opponent.games) ==
        Approx(4.0 * static_cast<double>(h2h.games)).margin(2.0));
  CHECK(opponent.stationary_loss == Approx(h2h.stationary_loss));
}

TEST_CASE("spsa design: inputs out of range are refused", "[spsa]") {
  DesignInput in = anchor(3, 2.0, 1.0);
  in.elo_at_half_range[1] = 0.0;
  CHECK_THROWS_AS(design_spsa(in), std::invalid_argument);
  in = anchor(3, 2.0, 1.0);
  in.confidence = 1.0;
  CHECK_THROWS_AS(design_spsa(in), std::invalid_argument);
  in = anchor(3, 2.0, 1.0);
  in.c_ratio = 0.5;
  CHECK_THROWS_AS(design_spsa(in), std::invalid_argument);
  CHECK_THROWS_AS(design_spsa(DesignInput{}), std::invalid_argument);
}

TEST_CASE("spsa design: c for a budget grows as sqrt(designed / budget), from 1 to max_factor",
          "[spsa]") {
  const Design d = design_spsa(anchor(10, 5.0, 2.0));
  const auto factor = [&](long budget, double max_factor = 1.5) {
    return c_for_budget(d, budget, max_factor).at(3) / d.c.at(3);
  };
  CHECK(factor(d.games) == 1.0);
  CHECK(factor(2 * d.games) == 1.0);  // never below the design's
  CHECK(factor(d.games / 2) == Approx(std::sqrt(2.0)).epsilon(1e-5));
  CHECK(factor(d.games / 4) == 1.5);  // held at max_factor
  CHECK(factor(d.games / 4, 2.0) == Approx(2.0).epsilon(1e-5));
  CHECK(c_for_budget(d, d.games / 2).size() == d.c.size());
  CHECK_THROWS_AS(c_for_budget(d, 0), std::invalid_argument);
  CHECK_THROWS_AS(c_for_budget(d, 100, 0.5), std::invalid_argument);
  CHECK_THROWS_AS(c_for_budget(d, 100, 3.0), std::invalid_argument);  // c = 1
}
