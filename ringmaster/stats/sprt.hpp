// Sequential probability ratio test for a matchup: H0 "A is elo0 stronger than B" against
// H1 "A is elo1 stronger", stopped when the log-likelihood ratio leaves
// (log(beta/(1-alpha)), log((1-beta)/alpha)), from trinomial or pentanomial counts. Two
// models (docs/statistics.md#sprt):
// - normalized (the default, as fastchess 1.x and fishtest): the bounds are normalized Elo
//   and the LLR is the exact generalised LLR of the t-value (Van den Bergh's maximum
//   likelihood estimate under the constraint; fishtest's LLRcalc.LLR_normalized);
// - logistic: the bounds are logistic Elo and the LLR is the quadratic GSPRT approximation
//   N (s1 - s0)(2s - s0 - s1) / (2 var) (fastchess 0.x, fishtest's LLR_alt2).
#pragma once

#include <optional>
#include <string>

#include "ringmaster/stats/elo.hpp"
#include "ringmaster/stats/pentanomial.hpp"

namespace rm::stats {

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

enum class SprtModel { kNormalized, kLogistic };

// "normalized", "logistic"; parse: nullopt for any other text.
std::string to_string(SprtModel model);
std::optional<SprtModel> parse_sprt_model(const std::string& text);

// "continue", "accept H0", "accept H1".
std::string to_string(SprtDecision decision);

struct SprtResult {
  double llr = 0.0;
  double lower_bound = 0.0;
  double upper_bound = 0.0;
  SprtDecision decision = SprtDecision::kContinue;
  bool pentanomial = false;  // the LLR came from pair counts
};

class Sprt {
 public:
  // Throws std::invalid_argument unless elo0 < elo1 (both finite), alpha and beta are in
  // (0, 1), and alpha + beta < 1. elo0 and elo1 are normalized Elo for kNormalized,
  // logistic Elo for kLogistic.
  Sprt(double elo0, double elo1, double alpha, double beta,
       SprtModel model = SprtModel::kNormalized);

  double elo0() const { return elo0_; }
  double elo1() const { return elo1_; }
  double alpha() const { return alpha_; }
  double beta() const { return beta_; }
  SprtModel model() const { return model_; }
  double lower_bound() const { return lower_; }  // log(beta / (1 - alpha)), < 0
  double upper_bound() const { return upper_; }  // log((1 - beta) / alpha), > 0

  // LLR from per-game results (trinomial), or from colour-alternating pairs (pentanomial).
  double llr(const Wdl& wdl) const;
  double llr(const Pentanomial& pairs) const;

  // kAcceptH1 when llr >= upper bound, kAcceptH0 when llr <= lower bound.
  SprtDecision decide(double llr) const;

  SprtResult test(const Wdl& wdl) const;
  SprtResult test(const Pentanomial& pairs) const;

 private:
  double elo0_;
  double elo1_;
  double alpha_;
  double beta_;
  SprtModel model_;
  double lower_;
  double upper_;
};

}  // namespace rm::stats
