#include "ringmaster/simulation/elo_surface.hpp"

#include <cmath>
#include <random>
#include <stdexcept>
#include <utility>

namespace rm::simulation {
namespace {

double phi(SurfaceShape shape, double z) {
  switch (shape) {
    case SurfaceShape::Quadratic:
      return z * z;
    case SurfaceShape::Power15:
      return std::pow(std::fabs(z), 1.5);
    case SurfaceShape::Quartic:
      return 0.5 * (z * z + z * z * z * z);
    case SurfaceShape::Asymmetric:
      return z >= 0.0 ? z * z : 4.0 * z * z;
    case SurfaceShape::Saturating:
      return 2.0 * z * z / (1.0 + z * z);
  }
  return z * z;
}

// A rotation uniform over the orthogonal group: a matrix of standard normal entries made
// orthonormal row by row (modified Gram-Schmidt, which is the QR decomposition's Q up to the
// signs of its rows, and those are symmetric anyway). The normals come from Box-Muller on a
// Mersenne twister, both fully specified, so the same seed gives the same rotation anywhere.
std::vector<double> random_rotation(int d, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  const auto unit = [&] { return (static_cast<double>(engine() >> 11) + 0.5) * 0x1.0p-53; };
  const auto n = static_cast<std::size_t>(d);
  std::vector<double> q(n * n);
  for (std::size_t i = 0; i < q.size(); i += 2) {
    const double radius = std::sqrt(-2.0 * std::log(unit()));
    const double angle = 2.0 * M_PI * unit();
    q[i] = radius * std::cos(angle);
    if (i + 1 < q.size()) q[i + 1] = radius * std::sin(angle);
  }
  for (std::size_t i = 0; i < n; ++i) {
    double* row = &q[i * n];
    for (std::size_t j = 0; j < i; ++j) {
      const double* done = &q[j * n];
      double dot = 0.0;
      for (std::size_t k = 0; k < n; ++k) dot += row[k] * done[k];
      for (std::size_t k = 0; k < n; ++k) row[k] -= dot * done[k];
    }
    double norm = 0.0;
    for (std::size_t k = 0; k < n; ++k) norm += row[k] * row[k];
    norm = std::sqrt(norm);
    for (std::size_t k = 0; k < n; ++k) row[k] /= norm;
  }
  return q;
}

}  // namespace

template <typename Offset>
double EloSurface::elo_with(const Offset& offset) const {
  const std::size_t d = spec_.optimum.size();
  double sum = 0.0;
  if (rotation_.empty()) {
    for (std::size_t k = 0; k < d; ++k)
      sum += spec_.elo_at_half_range[k] * phi(spec_.shape, offset(k));
    return -sum;
  }
  for (std::size_t i = 0; i < d; ++i) {
    const double* row = &rotation_[i * d];
    double z = 0.0;
    for (std::size_t k = 0; k < d; ++k) z += row[k] * offset(k);
    sum += spec_.elo_at_half_range[i] * phi(spec_.shape, z);
  }
  return -sum;
}

SurfaceShape surface_shape(const std::string& name) {
  if (name == "quadratic") return SurfaceShape::Quadratic;
  if (name == "power1.5") return SurfaceShape::Power15;
  if (name == "quartic") return SurfaceShape::Quartic;
  if (name == "asymmetric") return SurfaceShape::Asymmetric;
  if (name == "saturating") return SurfaceShape::Saturating;
  throw std::invalid_argument("unknown surface shape '" + name +
                              "' (quadratic, power1.5, quartic, asymmetric, saturating)");
}

const char* surface_shape_name(SurfaceShape shape) {
  switch (shape) {
    case SurfaceShape::Quadratic:
      return "quadratic";
    case SurfaceShape::Power15:
      return "power1.5";
    case SurfaceShape::Quartic:
      return "quartic";
    case SurfaceShape::Asymmetric:
      return "asymmetric";
    case SurfaceShape::Saturating:
      return "saturating";
  }
  return "quadratic";
}

EloSurface::EloSurface(SurfaceSpec spec) : spec_(std::move(spec)) {
  const std::size_t d = spec_.elo_at_half_range.size();
  if (d < 1 || d > 64) throw std::invalid_argument("an Elo surface has 1 to 64 parameters");
  for (double e : spec_.elo_at_half_range)
    if (!(e >= 0.0 && std::isfinite(e)))
      throw std::invalid_argument("every Elo at half a range must be positive or 0");
  if (spec_.optimum.empty()) spec_.optimum.assign(d, 0.0);
  if (spec_.optimum.size() != d)
    throw std::invalid_argument("the optimum needs one value per parameter");
  for (double o : spec_.optimum)
    if (!(o >= -1.0 && o <= 1.0)) throw std::invalid_argument("the optimum must be in the box");
  if (spec_.rotated) rotation_ = random_rotation(static_cast<int>(d), spec_.rotation_seed);
}

double EloSurface::elo(const std::vector<double>& x) const {
  return elo_with([&](std::size_t k) { return x[k] - spec_.optimum[k]; });
}

double EloSurface::elo_at_offset(const std::vector<double>& offset) const {
  if (offset.size() != spec_.optimum.size())
    throw std::invalid_argument("an offset needs one value per parameter");
  return elo_with([&](std::size_t k) { return offset[k]; });
}

std::vector<double> EloSurface::start_point(double start_elo) const {
  const std::vector<double>& opt = spec_.optimum;
  std::vector<double> corner(opt.size());
  for (std::size_t k = 0; k < opt.size(); ++k) corner[k] = opt[k] <= 0.0 ? 1.0 : -1.0;
  const auto along = [&](double t) {
    std::vector<double> x(opt.size());
    for (std::size_t k = 0; k < opt.size(); ++k) x[k] = opt[k] + t * (corner[k] - opt[k]);
    return x;
  };
  if (!(start_elo >= 0.0) || loss(corner) < start_elo)
    throw std::invalid_argument("the start must lose between 0 and the farthest corner's loss");
  // Every shape's loss grows along a ray from the optimum: bisection finds where it is
  // start_elo.
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 200 && hi - lo > 0.0; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    (loss(along(mid)) < start_elo ? lo : hi) = mid;
  }
  return along(0.5 * (lo + hi));
}

}  // namespace rm::simulation
