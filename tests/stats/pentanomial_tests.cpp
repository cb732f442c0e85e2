// Reference values: python3 with fastchess's EloPentanomial formulas: pair scores on the
// per-game scale {0, 1/4, 1/2, 3/4, 1}, their mean and variance per pair, bounds
// elo(s ± z sqrt(var/pairs)), los = Phi((s - 1/2) / sqrt(var/pairs)).
#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "ringmaster/stats/pentanomial.hpp"

using namespace rm::stats;

TEST_CASE("stats: pentanomial Elo from pair counts") {
  const EloEstimate e = estimate_elo(Pentanomial{5, 10, 40, 25, 20});
  CHECK(e.samples == 100);
  CHECK(e.games == 200);
  CHECK(e.score == Approx(0.6125));
  CHECK(e.variance == Approx(0.07171875));
  CHECK(e.elo == Approx(79.53375447769643));
  CHECK(e.elo_lower == Approx(41.902223717860714));
  CHECK(e.elo_upper == Approx(119.10179465179172));
  CHECK(e.margin == Approx(38.5997854669655));
  CHECK(e.los == Approx(0.9999867036907246));
}

TEST_CASE("stats: pairs absorb a colour advantage that inflates the trinomial interval") {
  // A wins nearly every game with one colour and loses nearly every game with the other
  // (one pair won twice, one lost twice): 50-50 overall.
  std::vector<GameOutcome> outcomes;
  for (int game = 0; game < 96; ++game)
    outcomes.push_back({consecutive_pair_key(game), game % 2 == 0 ? 1.0 : 0.0});
  for (int game = 96; game < 100; ++game)
    outcomes.push_back({consecutive_pair_key(game), game < 98 ? 1.0 : 0.0});
  const PairedResults paired = pair_outcomes(outcomes);
  CHECK(paired.pairs.wl_dd == 48);
  CHECK(paired.pairs.pairs() == 50);
  CHECK(paired.unpaired_games == 0);
  const EloEstimate by_pairs = estimate_elo(paired.pairs);
  const EloEstimate by_games = estimate_elo(paired.games);
  CHECK(by_pairs.elo == Approx(0.0).margin(1e-12));
  CHECK(by_pairs.margin < 25.0);
  CHECK(by_games.margin > 60.0);
}

TEST_CASE("stats: pairs that all scored the same give Wilson's interval, never zero width") {
  // Two drawn pairs (each won once with each colour): the sample shows no variation.
  const EloEstimate two = estimate_elo(Pentanomial{0, 0, 2, 0, 0});
  CHECK(two.elo == Approx(0.0).margin(1e-12));
  CHECK(two.margin == Approx(301.27794992098234));
}

TEST_CASE("stats: pair_outcomes counts each pair total, in any order") {
  const std::vector<GameOutcome> outcomes{{"a", 1.0}, {"b", 0.5}, {"c", 0.0}, {"d", 1.0},
                                          {"e", 0.5}, {"f", 0.0}, {"c", 0.0}, {"a", 1.0},
                                          {"b", 1.0}, {"d", 0.0}, {"e", 0.5}, {"f", 0.5},
                                          {"g", 1.0}};  // g's partner has not finished yet
  const PairedResults paired = pair_outcomes(outcomes);
  CHECK(paired.pairs.ww == 1);     // a
  CHECK(paired.pairs.wd == 1);     // b
  CHECK(paired.pairs.ll == 1);     // c
  CHECK(paired.pairs.wl_dd == 2);  // d (win + loss), e (two jigos)
  CHECK(paired.pairs.ld == 1);     // f
  CHECK(paired.unpaired_games == 1);
  CHECK(paired.games.wins == 5);
  CHECK(paired.games.draws == 4);
  CHECK(paired.games.losses == 4);
  CHECK(paired.games.games() == 13);
  const Wdl counted = count_outcomes(outcomes);
  CHECK(counted.wins == 5);
  CHECK(counted.draws == 4);
  CHECK(counted.losses == 4);
}

TEST_CASE("stats: consecutive game numbers pair as 0-1, 2-3, ...") {
  CHECK(consecutive_pair_key(0) == consecutive_pair_key(1));
  CHECK(consecutive_pair_key(2) == consecutive_pair_key(3));
  CHECK(consecutive_pair_key(1) != consecutive_pair_key(2));
  CHECK_THROWS_AS(consecutive_pair_key(-1), std::invalid_argument);
}

TEST_CASE("stats: bad outcomes are rejected with the pair named") {
  CHECK_THROWS_WITH(pair_outcomes({{"p7", 0.7}}), Catch::Contains("p7") && Catch::Contains("0.5"));
  CHECK_THROWS_WITH(pair_outcomes({{"x", 1.0}, {"x", 0.0}, {"x", 1.0}}),
                    Catch::Contains("more than two games in pair 'x'"));
  CHECK_THROWS_AS(count_outcomes({{"q", -1.0}}), std::invalid_argument);
  CHECK_THROWS_AS(pair_outcomes({{"n", std::nan("")}}), std::invalid_argument);
}

TEST_CASE("stats: pentanomial edge cases") {
  const EloEstimate none = estimate_elo(Pentanomial{});
  CHECK_FALSE(none.has_games());
  CHECK(none.los == 0.5);
  CHECK(std::isinf(none.margin));

  // One pair won twice: infinite Elo, and an LOS that admits one pair proves little:
  // Phi(0.5 / sqrt(0.25 / 1)) = Phi(1).
  const EloEstimate one = estimate_elo(Pentanomial{0, 0, 0, 0, 1});
  CHECK(std::isinf(one.elo));
  CHECK(one.elo > 0);
  CHECK(std::isinf(one.margin));
  CHECK(one.los == Approx(0.8413447460685429));

  const EloEstimate lost = estimate_elo(Pentanomial{3, 0, 0, 0, 0});
  CHECK(lost.elo < 0);
  CHECK(std::isinf(lost.elo));
  CHECK(lost.los == Approx(0.0416322583));  // Phi(-sqrt(3))

  CHECK_THROWS_AS(estimate_elo(Pentanomial{0, -2, 0, 0, 0}), std::invalid_argument);
}
