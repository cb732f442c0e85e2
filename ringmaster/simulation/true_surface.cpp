#include "ringmaster/simulation/true_surface.hpp"

#include <random>
#include <stdexcept>

#include "ringmaster/competitions/spsa_tuner/splitmix.hpp"

namespace rm::simulation {

TrueSurface::TrueSurface(std::vector<ParameterAxis> axes, std::vector<double> optimum,
                         std::vector<double> elo_at_half_range, const TrueShape& shape)
    : axes_(std::move(axes)), optimum_(std::move(optimum)), elo_(std::move(elo_at_half_range)) {
  if (optimum_.size() != axes_.size() || elo_.size() != axes_.size())
    throw std::logic_error("true surface with a value per parameter missing");
  if (shape.shape != SurfaceShape::Quadratic || shape.rotated)
    shaped_.emplace(SurfaceSpec{elo_, {}, shape.shape, shape.rotated, shape.rotation_seed});
}

double TrueSurface::elo(const nlohmann::json& values) const {
  if (!values.is_array() || values.size() != axes_.size())
    throw std::invalid_argument("a candidate with " + std::to_string(values.size()) +
                                " values for " + std::to_string(axes_.size()) + " parameters");
  std::vector<double> offset;
  for (std::size_t k = 0; k < axes_.size(); ++k)
    offset.push_back(2.0 * (axes_[k].position(values[k]) - optimum_[k]));
  if (shaped_) return shaped_->elo_at_offset(offset);
  double elo = 0.0;
  for (std::size_t k = 0; k < axes_.size(); ++k) elo -= elo_[k] * offset[k] * offset[k];
  return elo;
}

double TrueSurface::loss(const std::vector<rm::scales::Value>& values) const {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& v : values) j.push_back(rm::scales::value_to_json(v));
  return -elo(j);
}

std::vector<rm::scales::Value> TrueSurface::optimum_values() const {
  std::vector<rm::scales::Value> values;
  for (std::size_t k = 0; k < axes_.size(); ++k) values.push_back(axes_[k].value_at(optimum_[k]));
  return values;
}

TrueSurface draw_surface(const std::vector<ParameterAxis>& axes,
                         const std::vector<AxisTruth>& truth, std::uint64_t seed,
                         SurfaceShape shape, bool rotated) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> optimum, elo;
  for (std::size_t k = 0; k < axes.size(); ++k) {
    // Drawn for every axis, fixed or not, so that fixing one leaves the others' draws alone.
    const double drawn = unit(rng);
    optimum.push_back(truth[k].optimum.value_or(drawn));
    elo.push_back(truth[k].elo.value_or(axes[k].stated_elo));
  }
  // The rotation from a stream of its own, so that the optima and E are drawn as without one.
  const std::uint64_t rotation_seed = rm::comp::spsa::splitmix(seed ^ 0x726f746174696f6eULL);
  return TrueSurface(axes, std::move(optimum), std::move(elo), {shape, rotated, rotation_seed});
}

}  // namespace rm::simulation
