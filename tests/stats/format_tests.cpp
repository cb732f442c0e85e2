#include <catch2/catch.hpp>

#include "ringmaster/stats/format.hpp"

using namespace rm::stats;

TEST_CASE("stats: format_elo") {
  CHECK(format_elo(estimate_elo(Wdl{60, 30, 10})) == "Elo +190.8 ± 62.0 (95%), LOS 100.0%");
  CHECK(format_elo(estimate_elo(Wdl{10, 30, 60})) == "Elo -190.8 ± 62.0 (95%), LOS 0.0%");
  CHECK(format_elo(estimate_elo(Wdl{45, 10, 45})) == "Elo +0.0 ± 65.4 (95%), LOS 50.0%");
  CHECK(format_elo(estimate_elo(Wdl{9, 0, 1})) == "Elo +381.7 ± 268.5 (95%), LOS 99.4%");
  CHECK(format_elo(estimate_elo(Wdl{10, 0, 0})) == "Elo +inf (95% CI +166.2 to +inf), LOS 99.9%");
  CHECK(format_elo(estimate_elo(Wdl{0, 0, 10})) == "Elo -inf (95% CI -inf to -166.2), LOS 0.1%");
  CHECK(format_elo(estimate_elo(Wdl{34, 0, 0})) == "Elo +inf (95% CI +378.8 to +inf), LOS 100.0%");
  CHECK(format_elo(estimate_elo(Pentanomial{0, 0, 2, 0, 0})) ==
        "Elo +0.0 ± 301.3 (95%), LOS 50.0%");
  CHECK(format_elo(estimate_elo(Wdl{})) == "Elo: no games");
  CHECK(format_elo(estimate_elo(Pentanomial{5, 10, 40, 25, 20})) ==
        "Elo +79.5 ± 38.6 (95%), LOS 100.0%");
  CHECK(format_elo(estimate_elo(Wdl{60, 30, 10}, two_sided_z(0.99)), 99).find("(99%)") !=
        std::string::npos);
}

TEST_CASE("stats: format_sprt") {
  const Sprt sprt(0, 10, 0.05, 0.05, SprtModel::kLogistic);
  CHECK(format_sprt(sprt, sprt.test(Wdl{520, 200, 480})) ==
        "SPRT logistic [0, 10] alpha 0.05 beta 0.05: LLR 0.79 (-2.94, 2.94) continue");
  CHECK(format_sprt(sprt, sprt.test(Wdl{60, 30, 10})) ==
        "SPRT logistic [0, 10] alpha 0.05 beta 0.05: LLR 3.11 (-2.94, 2.94) accept H1");
  // The default model, normalized Elo, says nothing more (as fastchess 1.x).
  const Sprt normalized(0, 10, 0.05, 0.05);
  CHECK(format_sprt(normalized, normalized.test(Wdl{520, 200, 480})) ==
        "SPRT [0, 10] alpha 0.05 beta 0.05: LLR 0.76 (-2.94, 2.94) continue");
  const Sprt half(-2.5, 2.5, 0.1, 0.05);
  CHECK(format_sprt(half, half.test(Wdl{})) ==
        "SPRT [-2.5, 2.5] alpha 0.1 beta 0.05: LLR 0.00 (-2.89, 2.25) continue");
}
