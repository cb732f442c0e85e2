// ModelTuner: scheduling, candidates, results and void games.
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/game/atomic_file.hpp"

namespace rm::comp {
namespace {

const ModelTunerSettings& model_settings_of(const rm::control::ControlFile& cf) {
  const auto* settings = cf.settings_if<ModelTunerSettings>();
  if (cf.competition_type != "model_tuner" || settings == nullptr)
    throw std::invalid_argument("not a model_tuner control file (competition_type '" +
                                cf.competition_type + "')");
  return *settings;
}

model::SearchSettings search_settings_of(const ModelTunerSettings& s) {
  model::SearchSettings search;
  search.dims = static_cast<int>(s.parameters.size());
  search.region_scale = s.region_scale;
  search.cell_share = s.cell_share;
  search.start = s.start;
  search.start_half_width = 2.0 * s.spread;  // a fraction of the range; u spans 2
  return search;
}

// Points are kept on a grid of 2^-16 of the normalised range: finer than any engine needs,
// and the stored state holds them as small integers, exactly.
constexpr double kPointGrid = 65536.0;
double on_grid(double u) {
  return std::clamp(std::round(u * kPointGrid) / kPointGrid, -1.0, 1.0);
}

}  // namespace

ModelTuner::ModelTuner(const rm::control::ControlFile& cf)
    : NumberedTuner(cf, model_settings_of(cf), model_settings_of(cf).engine_parameters(),
                    model_settings_of(cf).number_of_games, kStateFormat),
      settings_(model_settings_of(cf)),
      engine_parameters_(settings_.engine_parameters()),
      search_(search_settings_of(settings_)) {}

std::vector<rm::scales::Value> ModelTuner::engine_values(const std::vector<double>& u) const {
  std::vector<rm::scales::Value> values;
  for (std::size_t k = 0; k < engine_parameters_.size(); ++k)
    values.push_back(engine_parameters_[k].scale->at((u[k] + 1.0) / 2.0));
  return values;
}

std::vector<double> ModelTuner::played_point(const std::vector<double>& u) const {
  std::vector<double> played(u.size());
  for (std::size_t k = 0; k < u.size(); ++k) {
    const auto& p = settings_.parameters[k];
    if (!p.integer) {
      played[k] = on_grid(u[k]);
      continue;
    }
    const auto value = p.value_at(u[k]);
    played[k] = on_grid(p.unit_of(static_cast<double>(std::get<long long>(value))));
  }
  return played;
}

std::string ModelTuner::format_parameters(const std::vector<double>& u) const {
  return rm::scales::format_engine_parameters(engine_parameters_, engine_values(u));
}

rm::game::PlayerSpec ModelTuner::candidate_for(const std::vector<double>& point,
                                               const std::string& code) const {
  return candidate_named(engine_values(point), code);
}

std::vector<double> ModelTuner::choose_point(GameRng& rng) {
  return played_point(search_.choose([&rng] { return rng.unit(); }));
}

std::string ModelTuner::on_point_result(const std::vector<double>& point,
                                        const rm::game::GameResult& r) {
  const bool candidate_won = r.losing_code() == settings_.opponent;
  const bool no_winner = r.winner.empty();
  // A game without a winner (jigo, unknown result) counts half, as in the pool statistics.
  search_.add(point, candidate_won ? 1.0 : no_winner ? 0.5 : 0.0);
  wins_ += candidate_won ? 1 : 0;
  no_winner_ += no_winner ? 1 : 0;
  ++results_since_history_;
  return format_parameters(point) + (candidate_won ? " won" : no_winner ? " no winner" : " lost");
}

std::vector<double> ModelTuner::start_point() const {
  // The user's values as given (a real one not moved to the grid of played points).
  if (!settings_.start.empty()) return settings_.start;
  return played_point(std::vector<double>(engine_parameters_.size(), 0.0));
}

std::vector<rm::scales::Value> ModelTuner::recommendation() const {
  return engine_values(search_.best());
}

}  // namespace rm::comp
