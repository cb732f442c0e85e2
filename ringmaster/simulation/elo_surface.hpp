// Elo surfaces for many-parameter tuners (issue 31): the Elo of parameters x in the normalised
// box [-1, 1]^d relative to the optimum, -sum_k E_k * phi(z_k) with z = Q (x - opt), E_k the Elo
// lost at half a range (a distance of 1) from the optimum along axis k, phi(+-1) = 1 on the
// gentle side and Q the identity or a random rotation. The quadratic without rotation is
// spsa_simul's "true loss function" (lf.c). Knows nothing of tuners or games.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rm::simulation {

enum class SurfaceShape {
  Quadratic,   // phi(z) = z^2
  Power15,     // |z|^1.5: a sharper optimum, whose slope does not vanish there
  Quartic,     // (z^2 + z^4) / 2: half as steep near the optimum, quartic tails
  Asymmetric,  // z^2 for z >= 0, (2z)^2 below: four times steeper on one side
  Saturating,  // 2 z^2 / (1 + z^2): twice as steep near the optimum, never beyond 2 far away
};

// quadratic, power1.5, quartic, asymmetric, saturating; throws std::invalid_argument for another
// name.
SurfaceShape surface_shape(const std::string& name);
const char* surface_shape_name(SurfaceShape shape);

struct SurfaceSpec {
  std::vector<double>
      elo_at_half_range;        // E_k >= 0 (0: no effect); the dimension is its size (1 to 64)
  std::vector<double> optimum;  // in [-1, 1]^d; empty: the centre
  SurfaceShape shape = SurfaceShape::Quadratic;
  // Interactions: z = Q (x - opt) with Q a random rotation (uniform over rotations, drawn from
  // the seed). With every E_k equal a quadratic is the same in any rotation; give unequal E_k.
  bool rotated = false;
  std::uint64_t rotation_seed = 0;
};

class EloSurface {
 public:
  // Throws std::invalid_argument for a spec out of range.
  explicit EloSurface(SurfaceSpec spec);

  int dims() const { return static_cast<int>(spec_.elo_at_half_range.size()); }
  const SurfaceSpec& spec() const { return spec_; }
  const std::vector<double>& optimum() const { return spec_.optimum; }

  // Elo relative to the optimum (<= 0).
  double elo(const std::vector<double>& x) const;
  // The same of the point `offset` (x - opt) away from the optimum, wherever that is: for
  // surfaces over other coordinates (true_surface.hpp's unit positions).
  double elo_at_offset(const std::vector<double>& offset) const;
  // Elo lost relative to the optimum (>= 0).
  double loss(const std::vector<double>& x) const { return -elo(x); }

  // The point `start_elo` below the optimum on the segment from the optimum to the box's corner
  // farthest from it (spsa_simul's lf_start). Throws std::invalid_argument if even the corner
  // loses less.
  std::vector<double> start_point(double start_elo) const;

 private:
  // -sum E_k phi(z_k), z = Q offset, with offset(k) the point's offset from the optimum.
  template <typename Offset>
  double elo_with(const Offset& offset) const;

  SurfaceSpec spec_;
  std::vector<double> rotation_;  // d x d, row-major; empty without rotation
};

}  // namespace rm::simulation
