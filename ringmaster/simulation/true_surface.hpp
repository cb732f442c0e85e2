// The true Elo surface of one run of `ringmaster FILE simulate`: for each parameter an optimum
// t* (a unit position, parameter_axes.hpp) and the Elo E lost half a range from it; a candidate
// at positions t has Elo -sum E (2 (t - t*))^2 relative to the optimum, or, in another shape
// or with interactions, the Elo surface's (elo_surface.hpp) at the offset 2 (t - t*): its
// shapes and rotations over the unit positions. What the user guessed in the control file (the
// spsa_tuner's `elo`) is only the default for E.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "ringmaster/simulation/elo_surface.hpp"
#include "ringmaster/simulation/parameter_axes.hpp"
#include "ringmaster/simulation/truth_spec.hpp"
#include "scales/value.hpp"

namespace rm::simulation {

// The shape and rotation of a true surface, as SurfaceSpec's.
struct TrueShape {
  SurfaceShape shape = SurfaceShape::Quadratic;
  bool rotated = false;
  std::uint64_t rotation_seed = 0;
};

class TrueSurface {
 public:
  TrueSurface(std::vector<ParameterAxis> axes, std::vector<double> optimum,
              std::vector<double> elo_at_half_range, const TrueShape& shape = {});

  // Of a candidate's engine values (a JSON array, one per parameter, as a job records them).
  // Throws std::invalid_argument for a value its parameter's scale cannot give.
  double elo(const nlohmann::json& values) const;
  double loss(const std::vector<rm::scales::Value>& values) const;

  const std::vector<double>& optimum() const { return optimum_; }  // unit positions
  std::vector<rm::scales::Value> optimum_values() const;
  const std::vector<double>& elo_at_half_range() const { return elo_; }

 private:
  std::vector<ParameterAxis> axes_;
  std::vector<double> optimum_, elo_;
  // Another shape than the unrotated quadratic. That one keeps its own sum, E z z, whose
  // rounding today's figures have (the Elo surface's is E (z z)).
  std::optional<EloSurface> shaped_;
};

// The surface of one run: each optimum the truth's, or uniform over the range drawn from `seed`;
// each E the truth's, or the parameter's stated Elo; a rotation drawn from `seed` too.
TrueSurface draw_surface(const std::vector<ParameterAxis>& axes,
                         const std::vector<AxisTruth>& truth, std::uint64_t seed,
                         SurfaceShape shape = SurfaceShape::Quadratic, bool rotated = false);

}  // namespace rm::simulation
