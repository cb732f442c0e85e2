#include "ringmaster/competitions/model_tuner/process_surrogate.hpp"

#include <algorithm>
#include <cmath>

namespace rm::comp::model {
namespace {

// The difference, in standard deviations, beyond which the games show a bin worse than the
// recommended one.
constexpr double kShownWorse = 1.96;

}  // namespace

ProcessSurrogate::ProcessSurrogate() = default;

void ProcessSurrogate::update(std::vector<Sample>& samples) {
  gp_.add(samples.back().u[0], samples.back().y);
  const int n = static_cast<int>(samples.size());
  if (n < kFirstFit) return;
  if (fitted_on_ > 0 && n - fitted_on_ < std::max(1, static_cast<int>(kRefitFraction * n))) return;
  gp_.fit();
  fitted_on_ = n;
}

std::vector<double> ProcessSurrogate::propose(const UnitSource& unit) const {
  const int bin = gp_.thompson_bin(unit);
  const double half_bin = 1.0 / gp_.bins();
  return {std::clamp(gp_.centre_of(bin) + half_bin * (2.0 * unit() - 1.0), -1.0, 1.0)};
}

Recommendation ProcessSurrogate::recommend(const std::vector<Sample>& /*samples*/) const {
  const int best = gp_.averaged_best_bin();
  int lowest = best, highest = best;
  for (int b = 0; b < gp_.bins(); ++b)
    if (gp_.difference_z(best, b) < kShownWorse) {
      lowest = std::min(lowest, b);
      highest = std::max(highest, b);
    }
  const double half_bin = 1.0 / gp_.bins();
  Recommendation r;
  r.point = {gp_.centre_of(best)};
  r.low = {gp_.centre_of(lowest) - half_bin};
  r.high = {gp_.centre_of(highest) + half_bin};
  const double logit = std::log(gp_.win_rate(best) / (1.0 - gp_.win_rate(best)));
  r.win_rate = gp_.win_rate(best);
  r.win_rate_low = logistic(logit - 1.96 * gp_.logit_sd(best));
  r.win_rate_high = logistic(logit + 1.96 * gp_.logit_sd(best));
  return r;
}

nlohmann::json ProcessSurrogate::state() const {
  if (!gp_.fitted()) return nlohmann::json::object();
  const auto& h = gp_.hyper();
  return {{"length", h.length},
          {"amplitude", h.amplitude},
          {"chosen_at", h.chosen_at},
          {"latent", gp_.latent()},
          {"fitted_on", fitted_on_}};
}

bool ProcessSurrogate::restore(const nlohmann::json& state, std::vector<Sample>& samples) {
  // The process as it was after its last fit: its counts then and its fit then, then the
  // results since. A state without a fit (or with one whose posterior cannot be factorised,
  // which the checks leave only to a numerical failure) is refitted afresh.
  const int n = static_cast<int>(samples.size());
  BinnedGp::Hyper hyper;
  std::vector<double> latent;
  int fitted_on = 0;
  const bool stored = state.is_object() && state.contains("latent");
  if (stored) {
    hyper = {state.at("length").get<double>(), state.at("amplitude").get<double>(),
             state.at("chosen_at").get<int>()};
    latent = state.at("latent").get<std::vector<double>>();
    fitted_on = state.at("fitted_on").get<int>();
    if (fitted_on < kFirstFit || fitted_on > n || !gp_.accepts_fit(hyper, latent)) return false;
  }
  BinnedGp gp(kBins);
  if (!stored) fitted_on = n >= kFirstFit ? n : 0;
  for (int i = 0; i < fitted_on; ++i)
    gp.add(samples[static_cast<std::size_t>(i)].u[0], samples[static_cast<std::size_t>(i)].y);
  if (fitted_on > 0 && !(stored && gp.restore_fit(hyper, std::move(latent)))) gp.fit();
  for (int i = fitted_on; i < n; ++i)
    gp.add(samples[static_cast<std::size_t>(i)].u[0], samples[static_cast<std::size_t>(i)].y);
  gp_ = std::move(gp);
  fitted_on_ = fitted_on;
  return true;
}

SurrogateReport ProcessSurrogate::report(const std::vector<std::string>& /*codes*/,
                                         const PointFormatter& format) const {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer,
                "Model: a Gaussian process over %d bins of the range (length scale %.2f, "
                "amplitude %.2f), fitted to %d games\n",
                gp_.bins(), gp_.hyper().length, gp_.hyper().amplitude, fitted_on_);
  const int best = gp_.averaged_best_bin();
  return {buffer,
          {{"kind", "process"},
           {"bins", gp_.bins()},
           {"length_scale", gp_.hyper().length},
           {"amplitude", gp_.hyper().amplitude},
           {"best", format({gp_.centre_of(best)})},
           {"best_normalised", gp_.centre_of(best)},
           {"best_win_rate", gp_.win_rate(best)},
           {"fitted_on", fitted_on_}}};
}

}  // namespace rm::comp::model
