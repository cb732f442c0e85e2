#include "ringmaster/simulation/spsa_run.hpp"

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "ringmaster/competitions/spsa_tuner/splitmix.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner.hpp"
#include "ringmaster/simulation/game_loop.hpp"
#include "ringmaster/simulation/tuner_spec.hpp"

namespace rm::simulation {
namespace {

using rm::comp::spsa::Pair;
using rm::comp::spsa::splitmix;
using rm::comp::spsa::SpsaSearch;

// Pair `pair`'s game `game` (0: a, 1: b) is decided by this uniform number.
double outcome_unit(std::uint64_t seed, std::uint64_t pair, std::uint64_t game) {
  return static_cast<double>(splitmix(seed ^ splitmix(2 * pair + game)) >> 11) * 0x1.0p-53;
}

// Which pair in flight finishes next.
std::mt19937_64 order_generator(std::uint64_t outcome_seed) {
  return std::mt19937_64(splitmix(outcome_seed ^ 0x5bd1e995ULL));
}

// The pair and game (0: a, 1: b) of the tuner's game id "<n>a" or "<n>b".
std::pair<std::uint64_t, std::uint64_t> pair_and_game(const std::string& game_id) {
  const auto parsed = rm::comp::SpsaTuner::parse_game_id(game_id);
  if (!parsed) throw std::logic_error("simulated spsa game with id '" + game_id + "'");
  return {parsed->first, parsed->second};
}

// The pairs in flight, each finishing with both its games: a random one of them next, drawn
// from `order`, with the pairs kept as the search-driven simulator kept them (new pairs at the
// end, a finished one replaced by the last), so that a run finishes its pairs as it did there.
class PairOrder {
 public:
  explicit PairOrder(std::uint64_t outcome_seed) : order_(order_generator(outcome_seed)) {}

  std::vector<std::size_t> operator()(const std::vector<rm::comp::JobRequest>& running) {
    for (const auto& request : running)
      if (const std::uint64_t id = pair_and_game(request.job.game_id).first; id >= next_new_) {
        pairs_.push_back(id);
        next_new_ = id + 1;
      }
    const std::size_t pick = pairs_.size() == 1 ? 0 : order_() % pairs_.size();
    const std::uint64_t id = pairs_[pick];
    pairs_[pick] = pairs_.back();
    pairs_.pop_back();
    std::vector<std::size_t> games;
    for (std::size_t i = 0; i < running.size(); ++i)
      if (pair_and_game(running[i].job.game_id).first == id) games.push_back(i);
    return games;
  }

 private:
  std::mt19937_64 order_;
  std::vector<std::uint64_t> pairs_;
  std::uint64_t next_new_ = 0;
};

rm::control::ControlFile control_for(const SpsaRunSpec& spec) {
  SpsaControlSpec c;
  c.stated_elo = spec.stated.elo_at_half_range;
  if (c.stated_elo.empty()) c.stated_elo.assign(spec.search.c.size(), 2.0);
  c.precision = spec.stated.precision;
  c.confidence = spec.stated.confidence;
  c.head_to_head = spec.play == SpsaPlay::GamePair;
  c.number_of_games = std::max(2L, spec.budget + spec.budget % 2);  // the tuner's is even
  return spsa_simulation_control_file(c);
}

// A candidate's point: its engine values are its coordinates (spsa_simulation_control_file).
std::vector<double> point_of(const rm::game::CandidateRecord& candidate) {
  return candidate.values.get<std::vector<double>>();
}

int games_per_pair(SpsaPlay play) {
  return play == SpsaPlay::SingleGame ? 1 : 2;
}

// The search takes a finished pair's games as the spsa_tuner gives them to it.
void play_and_take(const EloSurface& surface, const SpsaRunSpec& spec, const Pair& pair,
                   SpsaSearch& search) {
  const double plus = surface.elo(pair.plus);
  const double minus = surface.elo(pair.minus);
  const auto u = [&](std::uint64_t game) { return outcome_unit(spec.outcome_seed, pair.id, game); };
  switch (spec.play) {
    case SpsaPlay::GamePair: {
      const double points = game_score(plus - minus, spec.draw_ratio, u(0)) +
                            game_score(plus - minus, spec.draw_ratio, u(1));
      search.take_pentanomial(pair.id, static_cast<int>(2.0 * points));
      return;
    }
    case SpsaPlay::SingleGame:
      search.take_head_to_head(pair.id, game_score(plus - minus, spec.draw_ratio, u(0)), 1);
      return;
    case SpsaPlay::OpponentAtOptimum:
    case SpsaPlay::OpponentAtStart: {
      const double opponent = spec.play == SpsaPlay::OpponentAtStart ? -spec.start_elo : 0.0;
      search.take_against_opponent(pair.id, game_score(plus - opponent, spec.draw_ratio, u(0)),
                                   game_score(minus - opponent, spec.draw_ratio, u(1)));
      return;
    }
  }
}

}  // namespace

double game_score(double elo_difference, double draw_ratio, double u) {
  const double expected = 1.0 / (1.0 + std::pow(10.0, -elo_difference / 400.0));
  const double win = expected - draw_ratio / 2.0;
  if (u < win) return 1.0;
  return u < win + draw_ratio ? 0.5 : 0.0;
}

SpsaRunResult simulate_spsa_run(const EloSurface& surface, const SpsaRunSpec& spec) {
  SpsaSearch search(spec.search);
  std::mt19937_64 order = order_generator(spec.outcome_seed);
  std::vector<Pair> outstanding;
  const long per_pair = games_per_pair(spec.play);
  long issued = 0;
  while (issued < spec.budget || !outstanding.empty()) {
    while (issued < spec.budget && static_cast<int>(outstanding.size()) < spec.in_flight) {
      outstanding.push_back(search.next_pair());
      issued += per_pair;
    }
    const std::size_t pick = outstanding.size() == 1 ? 0 : order() % outstanding.size();
    play_and_take(surface, spec, outstanding[pick], search);
    outstanding[pick] = std::move(outstanding.back());
    outstanding.pop_back();
  }
  return SpsaRunResult{surface.loss(search.recommendation()), search.games()};
}

SpsaRunResult simulate_spsa_run_through_tuner(const EloSurface& surface, const SpsaRunSpec& spec) {
  if (spec.play == SpsaPlay::SingleGame)
    throw std::invalid_argument("the spsa_tuner has no mode of one game a pair");
  rm::comp::SpsaTuner tuner(control_for(spec));
  tuner.use_search_settings(spec.search);
  // Head to head the job's candidate is plus, its opponent candidate minus, in both games;
  // against the opponent game a is plus's and game b minus's.
  const double opponent = spec.play == SpsaPlay::OpponentAtStart ? -spec.start_elo : 0.0;
  const auto play = [&](const rm::game::GameJob& job) {
    const auto [pair, game] = pair_and_game(job.game_id);
    const double candidate = surface.elo(point_of(*job.candidate));
    const double other =
        job.opponent_candidate ? surface.elo(point_of(*job.opponent_candidate)) : opponent;
    const double score =
        game_score(candidate - other, spec.draw_ratio, outcome_unit(spec.outcome_seed, pair, game));
    return decided_result(job, job.black.code == job.candidate->code, score);
  };
  run_games(tuner, 2 * spec.in_flight, play, PairOrder(spec.outcome_seed));
  return SpsaRunResult{surface.loss(tuner.search().recommendation()), tuner.search().games()};
}

}  // namespace rm::simulation
