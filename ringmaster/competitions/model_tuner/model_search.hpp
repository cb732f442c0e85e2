// The model_tuner's search: every result is a sample (normalised point u in [-1, 1]^d, outcome
// y); a surrogate models the win rate (surrogate.hpp: a Gaussian process over the range for one
// parameter, a local quadratic for more); the next point comes from the proposal table
// (proposal_table.hpp) for the current phase; the recommendation and its interval come from the
// surrogate. Deterministic: the caller supplies the uniform numbers. docs/model-tuner.md.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "ringmaster/competitions/model_tuner/cell_bandit.hpp"
#include "ringmaster/competitions/model_tuner/proposal_table.hpp"
#include "ringmaster/competitions/model_tuner/surrogate.hpp"

namespace rm::comp::model {

struct SearchSettings {
  int dims = 1;
  // Two or more parameters: the quadratic's region is at most region_scale * n^(-1/6) wide.
  double region_scale = 1.0;
  // One parameter: the share of games the cell bandit chooses (proposal_table.hpp).
  double cell_share = 0.2;
  // A user's start (normalised; empty: none) and the half-width around it, in normalised units,
  // of the opening's box: the opening plays uniformly in it, the quadratic's first region is
  // it, and the recommendation before the first fit is the start.
  std::vector<double> start;
  double start_half_width = 1.0;
};

class ModelSearch {
 public:
  explicit ModelSearch(SearchSettings settings);
  ModelSearch(const ModelSearch& other);
  ModelSearch& operator=(const ModelSearch& other);
  ModelSearch(ModelSearch&&) noexcept = default;
  ModelSearch& operator=(ModelSearch&&) noexcept = default;
  ~ModelSearch();

  const SearchSettings& settings() const { return settings_; }
  Phase phase() const { return surrogate_->fitted() ? Phase::Search : Phase::Opening; }
  // Results before the surrogate's first fit (the opening phase's length).
  int opening_games() const { return surrogate_->results_before_fit(); }

  // The point for the next game; `unit` gives uniform numbers in [0, 1).
  std::vector<double> choose(const UnitSource& unit) const;
  // A result (y: 1 won, 0.5 no winner, 0 lost); refits when due.
  void add(std::vector<double> u, double y);

  // The surrogate's recommendation; before its first fit, the start (or the box's centre) with
  // the opening's box as its interval and the games' win rate so far.
  Recommendation recommend() const;
  std::vector<double> best() const { return recommend().point; }

  const std::vector<Sample>& samples() const { return samples_; }
  const Surrogate& surrogate() const { return *surrogate_; }

  // The surrogate's part of a stored state, and the restoration of samples (in result order)
  // with it; false (nothing changed) if they do not fit the settings.
  nlohmann::json surrogate_state() const { return surrogate_->state(); }
  bool restore(std::vector<Sample> samples, const nlohmann::json& surrogate_state);

 private:
  static std::unique_ptr<Surrogate> make_surrogate(const SearchSettings& settings);
  SearchSettings settings_;
  std::vector<Sample> samples_;
  std::unique_ptr<Surrogate> surrogate_;
  std::optional<CellBandit> cells_;  // one parameter only
};

}  // namespace rm::comp::model
