// One-line texts of the statistics for reports.
#pragma once

#include <string>

#include "ringmaster/stats/elo.hpp"
#include "ringmaster/stats/sprt.hpp"

namespace rm::stats {

// "Elo +35.2 ± 20.1 (95%), LOS 99.9%"; with an infinite bound
// "Elo +381.7 (95% CI +150.2 to +inf), LOS 99.4%"; all won "Elo +inf, LOS 99.9%";
// no games "Elo: no games". `confidence_percent` only labels the interval.
std::string format_elo(const EloEstimate& estimate, int confidence_percent = 95);

// "SPRT [0, 10] alpha 0.05 beta 0.05: LLR 1.23 (-2.94, 2.94) continue"
std::string format_sprt(const Sprt& sprt, const SprtResult& result);

}  // namespace rm::stats
