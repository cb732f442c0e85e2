#include "ringmaster/competitions/model_tuner/model_search.hpp"

#include <algorithm>
#include <utility>

#include "ringmaster/competitions/model_tuner/process_surrogate.hpp"
#include "ringmaster/competitions/model_tuner/quadratic_surrogate.hpp"
#include "ringmaster/competitions/ucb.hpp"

namespace rm::comp::model {
namespace {

constexpr int kCells = 8;

struct Span {
  double low, high;
};

// The opening's box along parameter k: the whole range, or the start's box clipped to it.
Span opening_span(const SearchSettings& settings, std::size_t k) {
  if (settings.start.empty()) return {-1.0, 1.0};
  return {std::max(-1.0, settings.start[k] - settings.start_half_width),
          std::min(1.0, settings.start[k] + settings.start_half_width)};
}

}  // namespace

std::unique_ptr<Surrogate> ModelSearch::make_surrogate(const SearchSettings& settings) {
  if (settings.dims == 1) return std::make_unique<ProcessSurrogate>();
  const std::size_t d = static_cast<std::size_t>(settings.dims);
  std::vector<double> centre(d, 0.0), half_width(d, 1.0);
  for (std::size_t k = 0; k < d; ++k) {
    const Span box = opening_span(settings, k);
    centre[k] = (box.low + box.high) / 2.0;
    half_width[k] = (box.high - box.low) / 2.0;
  }
  return std::make_unique<QuadraticSurrogate>(settings.dims, settings.region_scale,
                                              std::move(centre), std::move(half_width));
}

ModelSearch::ModelSearch(SearchSettings settings)
    : settings_(settings), surrogate_(make_surrogate(settings)) {
  if (settings_.dims == 1 && settings_.cell_share > 0.0)
    cells_.emplace(kCells, kSampleExplorationCoefficient);
}

ModelSearch::ModelSearch(const ModelSearch& other)
    : settings_(other.settings_), samples_(other.samples_), cells_(other.cells_) {
  // The surrogates are small: copy by restoring the other's state to the same samples.
  surrogate_ = make_surrogate(settings_);
  surrogate_->restore(other.surrogate_->state(), samples_);
}

ModelSearch& ModelSearch::operator=(const ModelSearch& other) {
  if (this != &other) *this = ModelSearch(other);
  return *this;
}

ModelSearch::~ModelSearch() = default;

std::vector<double> ModelSearch::choose(const UnitSource& unit) const {
  const ProposalShares shares =
      proposal_shares(phase(), settings_.dims, cells_ ? settings_.cell_share : 0.0);
  switch (pick_proposal(shares, unit())) {
    case Proposal::Cells: {
      const int cell = cells_->cell_to_play();
      return {cells_->point_in(cell, unit())};
    }
    case Proposal::Surrogate:
      return surrogate_->propose(unit);
    case Proposal::Interval: {
      const Recommendation r = surrogate_->recommend(samples_);
      std::vector<double> u(r.point.size());
      for (std::size_t k = 0; k < u.size(); ++k) u[k] = r.low[k] + (r.high[k] - r.low[k]) * unit();
      return u;
    }
    case Proposal::Uniform:
      break;
  }
  std::vector<double> u(static_cast<std::size_t>(settings_.dims));
  for (std::size_t k = 0; k < u.size(); ++k) {
    const Span box = opening_span(settings_, k);
    u[k] = box.low + (box.high - box.low) * unit();
  }
  return u;
}

void ModelSearch::add(std::vector<double> u, double y) {
  if (cells_) cells_->add(u[0], y);
  samples_.push_back(Sample{std::move(u), y, 1.0});
  surrogate_->update(samples_);
}

Recommendation ModelSearch::recommend() const {
  if (surrogate_->fitted()) return surrogate_->recommend(samples_);
  Recommendation r;
  const std::size_t d = static_cast<std::size_t>(settings_.dims);
  r.point = settings_.start.empty() ? std::vector<double>(d, 0.0) : settings_.start;
  for (std::size_t k = 0; k < d; ++k) {
    const Span box = opening_span(settings_, k);
    r.low.push_back(box.low);
    r.high.push_back(box.high);
  }
  double score = 0.0;
  for (const Sample& s : samples_) score += s.y;
  r.win_rate = samples_.empty() ? 0.5 : score / static_cast<double>(samples_.size());
  return r;
}

bool ModelSearch::restore(std::vector<Sample> samples, const nlohmann::json& surrogate_state) {
  const std::size_t d = static_cast<std::size_t>(settings_.dims);
  for (const Sample& s : samples) {
    if (s.u.size() != d || !(s.y == 0.0 || s.y == 0.5 || s.y == 1.0)) return false;
    for (double x : s.u)
      if (!(x >= -1.0 && x <= 1.0)) return false;
  }
  auto surrogate = make_surrogate(settings_);
  if (!surrogate->restore(surrogate_state, samples)) return false;
  samples_ = std::move(samples);
  surrogate_ = std::move(surrogate);
  if (cells_) {
    cells_.emplace(kCells, kSampleExplorationCoefficient);
    for (const Sample& s : samples_) cells_->add(s.u[0], s.y);
  }
  return true;
}

}  // namespace rm::comp::model
