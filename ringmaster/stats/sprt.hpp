// Sequential probability ratio test for a matchup: H0 "A is elo0 stronger than B" against
// H1 "A is elo1 stronger", logistic Elo, stopped when the log-likelihood ratio leaves
// (log(beta/(1-alpha)), log((1-beta)/alpha)). The LLR is the GSPRT approximation used by
// fishtest and fastchess (0.x, logistic bounds), from trinomial or pentanomial counts.
#pragma once

#include <string>

#include "ringmaster/stats/elo.hpp"
#include "ringmaster/stats/pentanomial.hpp"

namespace rm::stats {

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

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
  // (0, 1), and alpha + beta < 1.
  Sprt(double elo0, double elo1, double alpha, double beta);

  double elo0() const { return elo0_; }
  double elo1() const { return elo1_; }
  double alpha() const { return alpha_; }
  double beta() const { return beta_; }
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
  double lower_;
  double upper_;
};

}  // namespace rm::stats
