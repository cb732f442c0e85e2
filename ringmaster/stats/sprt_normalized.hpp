// Internal: the exact generalised log-likelihood ratio of the normalized-Elo SPRT
// (Michel Van den Bergh, "Comments on Normalized Elo", section 4.1; fishtest's
// LLRcalc.LLR_normalized, fastchess 1.x's getLLR_normalized).
#pragma once

#include <cstdint>
#include <span>

namespace rm::stats::detail {

// The LLR of H1 "nElo = nelo1" against H0 "nElo = nelo0" for samples whose scores are
// `scores` (ascending in [0, 1]: {0, 1/2, 1} for games, {0, 1/4, 1/2, 3/4, 1} for pairs) with
// `counts` of each. The normalized Elo of a sample distribution is t * 800 / ln 10, with
// t = (mu - 1/2) / sigma per game: for pairs sigma is the pair score's standard deviation
// times sqrt(2) (so both count the same strength the same). As fishtest and fastchess: a
// count of 0 is taken as 0.001, and N is the sum of the counts so regularised; then
// LLR = N sum_i phat_i log(p1_i / p0_i), where p_k is the maximum likelihood distribution
// with t-value t_k given the observed frequencies phat. In the rare case where that estimate
// does not exist (bounds of hundreds of normalized Elo), the approximation of section 4.2
// (fishtest's LLR_normalized_alt) is returned instead. 0 without samples.
double normalized_llr(std::span<const double> scores, std::span<const std::int64_t> counts,
                      double nelo0, double nelo1);

}  // namespace rm::stats::detail
