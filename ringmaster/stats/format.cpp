#include "ringmaster/stats/format.hpp"

#include <fmt/format.h>

#include <cmath>

namespace rm::stats {

namespace {

// "+35.2", "-12.0", "+inf", "-inf".
std::string signed_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  // A value that rounds to zero prints as +0.0, never -0.0 (e.g. -0.04).
  if (std::fabs(elo) < 0.05) elo = 0.0;
  return fmt::format("{:+.1f}", elo);
}

std::string percent(double fraction) {
  return fmt::format("{:.1f}%", fraction * 100.0);
}

}  // namespace

std::string format_elo(const EloEstimate& estimate, int confidence_percent) {
  if (!estimate.has_games()) return "Elo: no games";
  const std::string los = "LOS " + percent(estimate.los);
  if (std::isinf(estimate.margin))
    return fmt::format("Elo {} ({}% CI {} to {}), {}", signed_elo(estimate.elo), confidence_percent,
                       signed_elo(estimate.elo_lower), signed_elo(estimate.elo_upper), los);
  return fmt::format("Elo {} ± {:.1f} ({}%), {}", signed_elo(estimate.elo), estimate.margin,
                     confidence_percent, los);
}

std::string format_sprt(const Sprt& sprt, const SprtResult& result) {
  // The default model (normalized Elo) goes unsaid, as in fastchess 1.x; the other is named.
  return fmt::format("SPRT {}[{}, {}] alpha {} beta {}: LLR {:.2f} ({:.2f}, {:.2f}) {}",
                     sprt.model() == SprtModel::kLogistic ? "logistic " : "", sprt.elo0(),
                     sprt.elo1(), sprt.alpha(), sprt.beta(), result.llr, result.lower_bound,
                     result.upper_bound, to_string(result.decision));
}

}  // namespace rm::stats
