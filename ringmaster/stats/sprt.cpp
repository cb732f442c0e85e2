#include "ringmaster/stats/sprt.hpp"

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "ringmaster/stats/score_distribution.hpp"
#include "ringmaster/stats/sprt_normalized.hpp"

namespace rm::stats {

namespace {

// The logistic model's LLR: the GSPRT approximation (Van den Bergh; fishtest's LLR_alt2,
// fastchess 0.x with logistic bounds):
// N (s1 - s0) (2 s - s0 - s1) / (2 var), with s the mean score, var one sample's variance and
// s0, s1 the expected scores under H0 and H1.
double gsprt_llr(const detail::ScoreMoments& moments, double elo0, double elo1) {
  if (moments.samples == 0) return 0.0;
  const double s0 = elo_to_score(elo0);
  const double s1 = elo_to_score(elo1);
  // When every sample scored the same there is no variance estimate (fastchess returns 0 and
  // never stops). Use the largest variance a result distribution with mean (s0+s1)/2 can
  // have, all wins and losses: s(1-s). For a stream of wins this gives exactly the LLR of
  // the exact win/loss SPRT to first order, so a long unbroken streak still decides.
  double variance = moments.variance;
  if (variance <= 0.0) {
    const double middle = (s0 + s1) / 2.0;
    variance = middle * (1.0 - middle);
  }
  return static_cast<double>(moments.samples) * (s1 - s0) * (2.0 * moments.mean - s0 - s1) /
         (2.0 * variance);
}

void require_probability(double value, const char* name) {
  if (!(value > 0.0 && value < 1.0))
    throw std::invalid_argument(std::string("SPRT: ") + name + " must be in (0, 1), got " +
                                std::to_string(value));
}

}  // namespace

std::string to_string(SprtModel model) {
  return model == SprtModel::kLogistic ? "logistic" : "normalized";
}

std::optional<SprtModel> parse_sprt_model(const std::string& text) {
  if (text == "normalized") return SprtModel::kNormalized;
  if (text == "logistic") return SprtModel::kLogistic;
  return std::nullopt;
}

std::string to_string(SprtDecision decision) {
  switch (decision) {
    case SprtDecision::kAcceptH0:
      return "accept H0";
    case SprtDecision::kAcceptH1:
      return "accept H1";
    case SprtDecision::kContinue:
      break;
  }
  return "continue";
}

Sprt::Sprt(double elo0, double elo1, double alpha, double beta, SprtModel model)
    : elo0_(elo0),
      elo1_(elo1),
      alpha_(alpha),
      beta_(beta),
      model_(model),
      lower_(0.0),
      upper_(0.0) {
  if (!std::isfinite(elo0) || !std::isfinite(elo1))
    throw std::invalid_argument("SPRT: elo0 and elo1 must be finite numbers");
  if (!(elo0 < elo1))
    throw std::invalid_argument("SPRT: elo0 (" + std::to_string(elo0) +
                                ") must be less than elo1 (" + std::to_string(elo1) + ")");
  require_probability(alpha, "alpha");
  require_probability(beta, "beta");
  if (!(alpha + beta < 1.0))
    throw std::invalid_argument("SPRT: alpha + beta must be less than 1, got " +
                                std::to_string(alpha + beta));
  lower_ = std::log(beta / (1.0 - alpha));
  upper_ = std::log((1.0 - beta) / alpha);
}

double Sprt::llr(const Wdl& wdl) const {
  static constexpr std::array<double, 3> kScores{0.0, 0.5, 1.0};
  const std::array<std::int64_t, 3> counts{wdl.losses, wdl.draws, wdl.wins};
  if (model_ == SprtModel::kNormalized)
    return detail::normalized_llr(kScores, counts, elo0_, elo1_);
  return gsprt_llr(detail::score_moments(kScores, counts), elo0_, elo1_);
}

double Sprt::llr(const Pentanomial& pairs) const {
  static constexpr std::array<double, 5> kScores{0.0, 0.25, 0.5, 0.75, 1.0};
  const std::array<std::int64_t, 5> counts = pairs.counts();
  if (model_ == SprtModel::kNormalized)
    return detail::normalized_llr(kScores, counts, elo0_, elo1_);
  return gsprt_llr(detail::score_moments(kScores, counts), elo0_, elo1_);
}

SprtDecision Sprt::decide(double llr_value) const {
  if (llr_value >= upper_) return SprtDecision::kAcceptH1;
  if (llr_value <= lower_) return SprtDecision::kAcceptH0;
  return SprtDecision::kContinue;
}

SprtResult Sprt::test(const Wdl& wdl) const {
  const double value = llr(wdl);
  return SprtResult{value, lower_, upper_, decide(value), false};
}

SprtResult Sprt::test(const Pentanomial& pairs) const {
  const double value = llr(pairs);
  return SprtResult{value, lower_, upper_, decide(value), true};
}

}  // namespace rm::stats
