// Reference values. The logistic model: python3 with the GSPRT approximation (fastchess 0.x,
// logistic bounds):
//   s0, s1 = 1/(1 + 10^(-elo/400)); LLR = N (s1 - s0)(2 s - s0 - s1) / (2 var)
// with s, var the mean and variance of one game's (or pair's, halved) score. The normalized
// model (the default): tests/stats/sprt_reference.py, an independent python3 transcription of
// fishtest's LLRcalc.LLR_normalized (and of its LLR_alt2, the logistic figures above).
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <stdexcept>

#include "ringmaster/stats/sprt.hpp"

using namespace rm::stats;

namespace {
constexpr SprtModel kLogistic = SprtModel::kLogistic;
}  // namespace

TEST_CASE("stats: SPRT bounds") {
  const Sprt sprt(0, 10, 0.05, 0.05, kLogistic);
  CHECK(sprt.lower_bound() == Approx(-2.9444389791664403));
  CHECK(sprt.upper_bound() == Approx(2.9444389791664403));
  const Sprt skewed(0, 5, 0.05, 0.1, kLogistic);
  CHECK(skewed.lower_bound() == Approx(std::log(0.1 / 0.95)));
  CHECK(skewed.upper_bound() == Approx(std::log(0.9 / 0.05)));
}

TEST_CASE("stats: SPRT LLR from trinomial and pentanomial counts") {
  const Sprt sprt(0, 10, 0.05, 0.05, kLogistic);
  const SprtResult strong = sprt.test(Wdl{60, 30, 10});
  CHECK(strong.llr == Approx(3.1051560065657737));
  CHECK(strong.decision == SprtDecision::kAcceptH1);
  CHECK_FALSE(strong.pentanomial);

  const SprtResult close = sprt.test(Wdl{520, 200, 480});
  CHECK(close.llr == Approx(0.786083514797015));
  CHECK(close.decision == SprtDecision::kContinue);

  const SprtResult pairs = sprt.test(Pentanomial{5, 10, 40, 25, 20});
  CHECK(pairs.llr == Approx(2.11250570396399));
  CHECK(pairs.decision == SprtDecision::kContinue);
  CHECK(pairs.pentanomial);

  const SprtResult weak = sprt.test(Wdl{10, 30, 60});
  CHECK(weak.decision == SprtDecision::kAcceptH0);
}

TEST_CASE("stats: SPRT with no games continues with LLR 0") {
  const Sprt sprt(0, 10, 0.05, 0.05, kLogistic);
  CHECK(sprt.test(Wdl{}).llr == 0.0);
  CHECK(sprt.test(Wdl{}).decision == SprtDecision::kContinue);
  CHECK(sprt.test(Pentanomial{}).decision == SprtDecision::kContinue);
}

TEST_CASE("stats: an unbroken streak decides like the exact win/loss SPRT") {
  // No variance to estimate: the win/loss variance at (s0+s1)/2 is used, so each win adds
  // 0.0283663 (exact: log(s1/s0) = 0.0283682): H1 after 104 wins (2.944 / 0.02837 = 103.8),
  // H0 after 101 losses (each -0.0291944).
  const Sprt sprt(0, 10, 0.05, 0.05, kLogistic);
  CHECK(sprt.llr(Wdl{1, 0, 0}) == Approx(0.028366257757539516));
  CHECK(sprt.test(Wdl{103, 0, 0}).decision == SprtDecision::kContinue);
  CHECK(sprt.test(Wdl{104, 0, 0}).decision == SprtDecision::kAcceptH1);
  CHECK(sprt.test(Wdl{0, 0, 100}).decision == SprtDecision::kContinue);
  CHECK(sprt.test(Wdl{0, 0, 101}).decision == SprtDecision::kAcceptH0);
  CHECK(sprt.test(Pentanomial{0, 0, 0, 0, 104}).decision == SprtDecision::kAcceptH1);
  // All draws: the score sits below the midpoint of [0, 10], so evidence for H0.
  CHECK(sprt.llr(Wdl{0, 50, 0}) < 0.0);
}

TEST_CASE("stats: decide compares with the bounds inclusively") {
  const Sprt sprt(-5, 5, 0.1, 0.2, kLogistic);
  CHECK(sprt.decide(sprt.upper_bound()) == SprtDecision::kAcceptH1);
  CHECK(sprt.decide(sprt.lower_bound()) == SprtDecision::kAcceptH0);
  CHECK(sprt.decide(0.0) == SprtDecision::kContinue);
  CHECK(to_string(SprtDecision::kContinue) == "continue");
  CHECK(to_string(SprtDecision::kAcceptH0) == "accept H0");
  CHECK(to_string(SprtDecision::kAcceptH1) == "accept H1");
}

TEST_CASE("stats: SPRT parameters are validated") {
  CHECK_THROWS_WITH(Sprt(10, 0, 0.05, 0.05),
                    Catch::Contains("elo0") && Catch::Contains("less than elo1"));
  CHECK_THROWS_WITH(Sprt(5, 5, 0.05, 0.05), Catch::Contains("less than elo1"));
  CHECK_THROWS_WITH(Sprt(0, 10, 0.0, 0.05), Catch::Contains("alpha must be in (0, 1)"));
  CHECK_THROWS_WITH(Sprt(0, 10, 1.0, 0.05), Catch::Contains("alpha must be in (0, 1)"));
  CHECK_THROWS_WITH(Sprt(0, 10, 0.05, -0.1), Catch::Contains("beta must be in (0, 1)"));
  CHECK_THROWS_WITH(Sprt(0, 10, 0.6, 0.5), Catch::Contains("alpha + beta"));
  CHECK_THROWS_AS(Sprt(0, std::nan(""), 0.05, 0.05), std::invalid_argument);
  CHECK_THROWS_AS(Sprt(0, 10, std::nan(""), 0.05), std::invalid_argument);
}

namespace {

// One game with win/draw probabilities set so that A's expected score is elo_to_score(elo)
// and 10% of games are drawn. The conversion of raw bits is spelled out so that the stream
// is the same with every standard library.
class GameStream {
 public:
  GameStream(double elo, std::uint64_t seed) : rng_(seed) {
    const double score = elo_to_score(elo);
    win_ = score - draw_ / 2.0;
  }
  double next() {
    const double u = static_cast<double>(rng_() >> 11) * 0x1.0p-53;
    if (u < win_) return 1.0;
    if (u < win_ + draw_) return 0.5;
    return 0.0;
  }

 private:
  std::mt19937_64 rng_;
  double draw_ = 0.1;
  double win_ = 0.0;
};

struct Run {
  SprtDecision decision;
  std::int64_t games;
};

// Plays games (in colour pairs when `paired`) until the SPRT decides or 100000 games.
Run run_sprt(const Sprt& sprt, double true_elo, std::uint64_t seed, bool paired) {
  GameStream stream(true_elo, seed);
  Wdl wdl;
  Pentanomial pairs;
  for (std::int64_t game = 1; game <= 100000; ++game) {
    const double first = stream.next();
    if (!paired) {
      if (first == 1.0)
        ++wdl.wins;
      else if (first == 0.5)
        ++wdl.draws;
      else
        ++wdl.losses;
      const SprtResult r = sprt.test(wdl);
      if (r.decision != SprtDecision::kContinue) return {r.decision, game};
      continue;
    }
    const double total = first + stream.next();
    ++game;
    if (total == 0.0)
      ++pairs.ll;
    else if (total == 0.5)
      ++pairs.ld;
    else if (total == 1.0)
      ++pairs.wl_dd;
    else if (total == 1.5)
      ++pairs.wd;
    else
      ++pairs.ww;
    const SprtResult r = sprt.test(pairs);
    if (r.decision != SprtDecision::kContinue) return {r.decision, game};
  }
  return {SprtDecision::kContinue, 100000};
}

}  // namespace

TEST_CASE("stats: SPRT on synthetic streams reaches the right decision") {
  const Sprt sprt(0, 20, 0.05, 0.05, kLogistic);
  for (const bool paired : {false, true}) {
    CAPTURE(paired);
    CHECK(run_sprt(sprt, 60.0, 1, paired).decision == SprtDecision::kAcceptH1);
    CHECK(run_sprt(sprt, -40.0, 2, paired).decision == SprtDecision::kAcceptH0);
  }
}

TEST_CASE("stats: SPRT error rates stay near alpha and beta") {
  // 200 tests with the truth at elo0 should accept H1 about alpha = 5% of the time, and 200
  // with the truth at elo1 should accept H0 about beta = 5% of the time. The approximation and
  // the discrete overshoot make the real rates a little lower; 10% leaves room for chance
  // (binomial sd at 5% of 200 is 1.5%).
  const Sprt sprt(0, 20, 0.05, 0.05, kLogistic);
  int false_h1 = 0;
  int false_h0 = 0;
  std::int64_t games_at_elo1 = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const Run at_elo0 = run_sprt(sprt, 0.0, 1000 + seed, false);
    const Run at_elo1 = run_sprt(sprt, 20.0, 5000 + seed, false);
    REQUIRE(at_elo0.decision != SprtDecision::kContinue);
    REQUIRE(at_elo1.decision != SprtDecision::kContinue);
    if (at_elo0.decision == SprtDecision::kAcceptH1) ++false_h1;
    if (at_elo1.decision == SprtDecision::kAcceptH0) ++false_h0;
    games_at_elo1 += at_elo1.games;
  }
  CHECK(false_h1 <= 20);
  CHECK(false_h0 <= 20);
  WARN("false H1 " << false_h1 << "/200, false H0 " << false_h0 << "/200, mean games at elo1 "
                   << games_at_elo1 / 200);
}

// The normalized model, against fishtest's LLR_normalized as transcribed in
// tests/stats/sprt_reference.py (python3 tests/stats/sprt_reference.py prints these).
TEST_CASE("stats: the normalized SPRT is the default and gives fishtest's exact LLR") {
  const Sprt sprt(0, 5, 0.05, 0.05);
  CHECK(sprt.model() == SprtModel::kNormalized);
  // Issue 47's 21 pairs: 19 won twice, 2 split. fastchess 1.x says 0.40 (continue); the
  // logistic model's quadratic approximation says 3.15, past the upper bound.
  const Pentanomial pairs{0, 0, 2, 0, 19};
  const SprtResult normalized = sprt.test(pairs);
  CHECK(normalized.llr == Approx(0.4022600648135888).epsilon(1e-9));
  CHECK(normalized.decision == SprtDecision::kContinue);
  CHECK(normalized.pentanomial);
  const Sprt logistic(0, 5, 0.05, 0.05, kLogistic);
  CHECK(logistic.test(pairs).llr == Approx(3.147797635343857).epsilon(1e-9));
  CHECK(logistic.test(pairs).decision == SprtDecision::kAcceptH1);

  CHECK(Sprt(0, 10, 0.05, 0.05).llr(Pentanomial{5, 10, 40, 25, 20}) ==
        Approx(1.4753205500385635).epsilon(1e-9));
  CHECK(sprt.llr(Pentanomial{200, 2000, 5000, 2100, 250}) ==
        Approx(3.202934483592841).epsilon(1e-9));
  CHECK(sprt.test(Pentanomial{200, 2000, 5000, 2100, 250}).decision == SprtDecision::kAcceptH1);
  // A count of 0 is 0.001, as fishtest and fastchess regularise: one or a few pairs alike
  // give a small finite LLR (the logistic model needs its variance fallback there).
  CHECK(sprt.llr(Pentanomial{0, 0, 0, 0, 7}) == Approx(0.14101542821527796).epsilon(1e-9));
  CHECK(sprt.llr(Pentanomial{1, 0, 0, 0, 0}) == Approx(-0.02056854226703676).epsilon(1e-9));
  CHECK(Sprt(-5, 0, 0.05, 0.05).llr(Pentanomial{0, 0, 21, 0, 0}) ==
        Approx(0.0064864240786604655).epsilon(1e-6));
}

TEST_CASE("stats: the normalized SPRT from games (trinomial)") {
  const Sprt sprt(0, 10, 0.05, 0.05);
  // Wdl is {wins, draws, losses}; fishtest's list is [L, D, W].
  CHECK(sprt.llr(Wdl{520, 200, 480}) == Approx(0.7641865286401699).epsilon(1e-9));
  CHECK(sprt.llr(Wdl{60, 30, 10}) == Approx(1.6800774420668518).epsilon(1e-9));
  CHECK(sprt.llr(Wdl{10, 30, 60}) == Approx(-1.7597217989184653).epsilon(1e-9));
  CHECK(sprt.test(Wdl{}).llr == 0.0);
  CHECK(sprt.test(Pentanomial{}).llr == 0.0);
}

TEST_CASE("stats: normalized bounds where the exact estimate does not exist") {
  // [-300, -100] normalized Elo on pairs all drawn: fishtest's secular equation has no root
  // (it asserts); Ringmaster gives section 4.2's approximation (LLR_normalized_alt) instead.
  const Sprt sprt(-300, -100, 0.05, 0.05);
  const double llr = sprt.llr(Pentanomial{0, 0, 21, 0, 0});
  CHECK(llr == Approx(10.029354028228367).epsilon(1e-9));
}

TEST_CASE("stats: SPRT model names") {
  CHECK(to_string(SprtModel::kNormalized) == "normalized");
  CHECK(to_string(SprtModel::kLogistic) == "logistic");
  CHECK(parse_sprt_model("normalized") == SprtModel::kNormalized);
  CHECK(parse_sprt_model("logistic") == SprtModel::kLogistic);
  CHECK_FALSE(parse_sprt_model("bayesian"));
}

TEST_CASE("stats: the normalized SPRT on synthetic streams reaches the right decision") {
  // 10% draws, so a logistic Elo of 60 is about 62 normalized, -40 about -41.
  const Sprt sprt(0, 20, 0.05, 0.05);
  for (const bool paired : {false, true}) {
    CAPTURE(paired);
    CHECK(run_sprt(sprt, 60.0, 1, paired).decision == SprtDecision::kAcceptH1);
    CHECK(run_sprt(sprt, -40.0, 2, paired).decision == SprtDecision::kAcceptH0);
  }
}
