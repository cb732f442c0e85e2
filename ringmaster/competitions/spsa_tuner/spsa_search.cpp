#include "ringmaster/competitions/spsa_tuner/spsa_search.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>

#include "ringmaster/competitions/spsa_tuner/splitmix.hpp"

namespace rm::comp::spsa {
namespace {

// 64 perturbation signs of pair `id`: bit (k mod 64) of word k / 64 is 1 for Delta_k = +1.
std::uint64_t sign_word(std::uint64_t seed, std::uint64_t id, std::uint64_t word) {
  return splitmix(seed ^ splitmix(id * 0x100000001b3ULL + word));
}

void check(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument("SPSA: " + message);
}

}  // namespace

SearchSettings settings_for_budget(const Design& design, std::vector<double> start,
                                   std::uint64_t seed, long budget) {
  SearchSettings s;
  s.c = c_for_budget(design, budget);
  s.r = design.r;
  s.start = std::move(start);
  s.seed = seed;
  const auto share = [&](double f) { return std::lround(f * static_cast<double>(budget)); };
  s.early_r_factor = 2.0;
  s.early_r_games = share(0.25);
  s.average_from_games = share(0.5);
  return s;
}

SpsaSearch::SpsaSearch(SearchSettings settings) : settings_(std::move(settings)) {
  const std::size_t d = settings_.c.size();
  check(d >= 1, "no parameters");
  check(settings_.start.size() == d, "start has " + std::to_string(settings_.start.size()) +
                                         " values for " + std::to_string(d) + " parameters");
  for (double c : settings_.c) check(c > 0.0 && c < 1.0, "every c must be in (0, 1)");
  for (double x : settings_.start) check(x >= -1.0 && x <= 1.0, "start must be in [-1, 1]");
  check(settings_.r > 0.0 && std::isfinite(settings_.r), "r must be positive");
  check(settings_.early_r_factor > 0.0 && std::isfinite(settings_.early_r_factor),
        "early_r_factor must be positive");
  theta_ = settings_.start;
  theta_sum_.assign(d, 0.0);
}

int SpsaSearch::perturbation(std::uint64_t id, int k) const {
  const auto bit = static_cast<std::uint64_t>(k);
  return (sign_word(settings_.seed, id, bit / 64) >> (bit % 64)) & 1U ? 1 : -1;
}

Pair SpsaSearch::next_pair() {
  const std::size_t d = theta_.size();
  Pair pair;
  pair.id = next_id_++;
  pair.plus.resize(d);
  pair.minus.resize(d);
  std::uint64_t word = 0;
  for (std::size_t k = 0; k < d; ++k) {
    if (k % 64 == 0) word = sign_word(settings_.seed, pair.id, k / 64);
    const double c = settings_.c[k];
    const double centre = std::clamp(theta_[k], -1.0 + c, 1.0 - c);
    const double step = (word >> (k % 64)) & 1U ? c : -c;
    pair.plus[k] = centre + step;
    pair.minus[k] = centre - step;
  }
  in_flight_.push_back(pair.id);
  return pair;
}

bool SpsaSearch::in_flight(std::uint64_t id) const {
  return std::find(in_flight_.begin(), in_flight_.end(), id) != in_flight_.end();
}

void SpsaSearch::drop(std::uint64_t id) {
  const auto it = std::find(in_flight_.begin(), in_flight_.end(), id);
  check(it != in_flight_.end(), "pair " + std::to_string(id) + " is not in flight");
  in_flight_.erase(it);
}

void SpsaSearch::take(std::uint64_t id, double y, int games) {
  drop(id);
  const std::size_t d = theta_.size();
  const double r =
      games_ < settings_.early_r_games ? settings_.r * settings_.early_r_factor : settings_.r;
  std::uint64_t word = 0;
  for (std::size_t k = 0; k < d; ++k) {
    if (k % 64 == 0) word = sign_word(settings_.seed, id, k / 64);
    const double step = r * settings_.c[k] * y;
    theta_[k] = std::clamp(theta_[k] + ((word >> (k % 64)) & 1U ? step : -step), -1.0, 1.0);
  }
  games_ += games;
  if (settings_.average_from_games >= 0 && games_ >= settings_.average_from_games) {
    for (std::size_t k = 0; k < d; ++k) theta_sum_[k] += theta_[k];
    ++averaged_;
  }
}

void SpsaSearch::take_pentanomial(std::uint64_t id, int plus_half_points) {
  check(plus_half_points >= 0 && plus_half_points <= 4,
        "a pair's half points must be 0 to 4, got " + std::to_string(plus_half_points));
  // Over the two games: points of plus minus points of minus = half points / 2 * 2 - 2.
  take(id, static_cast<double>(plus_half_points - 2), 2);
}

void SpsaSearch::take_head_to_head(std::uint64_t id, double plus_points, int games) {
  check(games >= 1, "a result needs at least one game");
  check(plus_points >= 0.0 && plus_points <= games && std::fmod(2.0 * plus_points, 1.0) == 0.0,
        "plus's points must be whole or half and at most the games");
  take(id, 2.0 * plus_points - games, games);
}

void SpsaSearch::take_against_opponent(std::uint64_t id, double plus_score, double minus_score) {
  const auto score = [](double s) { return s == 0.0 || s == 0.5 || s == 1.0; };
  check(score(plus_score) && score(minus_score), "a game's score must be 0, 1/2 or 1");
  // Twice the difference: the scale of a head to head result (spsa_design.hpp, Protocol).
  take(id, 2.0 * (plus_score - minus_score), 2);
}

std::vector<double> SpsaSearch::recommendation() const {
  if (averaged_ == 0) return theta_;
  std::vector<double> mean(theta_sum_.size());
  for (std::size_t k = 0; k < mean.size(); ++k)
    mean[k] = theta_sum_[k] / static_cast<double>(averaged_);
  return mean;
}

nlohmann::json SpsaSearch::state() const {
  return {{"theta", theta_}, {"next_pair", next_id_},   {"in_flight", in_flight_},
          {"games", games_}, {"theta_sum", theta_sum_}, {"averaged", averaged_}};
}

bool SpsaSearch::restore(const nlohmann::json& state) {
  try {
    auto theta = state.at("theta").get<std::vector<double>>();
    const auto next_id = state.at("next_pair").get<std::uint64_t>();
    auto in_flight = state.at("in_flight").get<std::vector<std::uint64_t>>();
    const auto games = state.at("games").get<long>();
    auto theta_sum = state.at("theta_sum").get<std::vector<double>>();
    const auto averaged = state.at("averaged").get<long>();
    const std::size_t d = settings_.c.size();
    if (theta.size() != d || theta_sum.size() != d || games < 0 || averaged < 0) return false;
    for (double x : theta)
      if (!(x >= -1.0 && x <= 1.0)) return false;
    for (std::uint64_t id : in_flight)
      if (id >= next_id) return false;
    theta_ = std::move(theta);
    next_id_ = next_id;
    in_flight_ = std::move(in_flight);
    games_ = games;
    theta_sum_ = std::move(theta_sum);
    averaged_ = averaged;
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

}  // namespace rm::comp::spsa
