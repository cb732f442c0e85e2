// Geometry of gomill's parameter tree.
#include "scales/grid.hpp"

#include <climits>
#include <string>

#include "scales/scale.hpp"

namespace rm::scales {

int branching_factor(const std::vector<int>& splits) {
  long long product = 1;
  for (int split : splits) {
    if (split <= 0) throw ScaleError("split must be a positive integer");
    product *= split;
    if (product > INT_MAX) throw ScaleError("too many candidates (product of splits is too large)");
  }
  return static_cast<int>(product);
}

std::vector<int> child_coordinates(int index, const std::vector<int>& splits) {
  int factor = branching_factor(splits);
  if (index < 0 || index >= factor)
    throw ScaleError("child index " + std::to_string(index) + " out of range 0.." +
                     std::to_string(factor - 1));
  std::vector<int> coords(splits.size());
  // The last dimension varies fastest (gomill's divmod over reversed(splits)).
  for (std::size_t k = splits.size(); k-- > 0;) {
    coords[k] = index % splits[k];
    index /= splits[k];
  }
  return coords;
}

int child_index(const std::vector<int>& coordinates, const std::vector<int>& splits) {
  if (coordinates.size() != splits.size())
    throw ScaleError("coordinates and splits differ in length");
  branching_factor(splits);
  int index = 0;
  for (std::size_t k = 0; k < splits.size(); ++k) {
    if (coordinates[k] < 0 || coordinates[k] >= splits[k])
      throw ScaleError("coordinate out of range");
    index = index * splits[k] + coordinates[k];
  }
  return index;
}

std::vector<double> optimiser_point(const std::vector<int>& path, const std::vector<int>& splits) {
  std::vector<double> lo(splits.size(), 0.0);
  std::vector<double> breadths(splits.size(), 1.0);
  for (int step : path) {
    std::vector<int> coords = child_coordinates(step, splits);
    for (std::size_t d = 0; d < splits.size(); ++d) {
      breadths[d] /= splits[d];
      lo[d] += breadths[d] * coords[d];
    }
  }
  std::vector<double> centre(splits.size());
  for (std::size_t d = 0; d < splits.size(); ++d) centre[d] = lo[d] + 0.5 * breadths[d];
  return centre;
}

std::vector<int> splits_of(const std::vector<Parameter>& params) {
  std::vector<int> splits;
  splits.reserve(params.size());
  for (const auto& p : params) splits.push_back(p.split);
  return splits;
}

std::vector<Value> engine_values(const std::vector<int>& path,
                                 const std::vector<Parameter>& params) {
  std::vector<double> point = optimiser_point(path, splits_of(params));
  std::vector<Value> values;
  values.reserve(params.size());
  for (std::size_t d = 0; d < params.size(); ++d) {
    if (!params[d].scale) throw ScaleError("parameter " + params[d].code + " has no scale");
    values.push_back(params[d].scale->at(point[d]));
  }
  return values;
}

std::string format_coordinates(const std::vector<int>& coordinates) {
  std::string out = "(";
  for (std::size_t k = 0; k < coordinates.size(); ++k) {
    if (k > 0) out += ",";
    out += std::to_string(coordinates[k]);
  }
  if (coordinates.size() == 1) out += ",";  // Python's one-element tuple
  return out + ")";
}

std::string format_choice(int index, const std::vector<int>& splits) {
  return format_coordinates(child_coordinates(index, splits));
}

std::string format_path(const std::vector<int>& path, const std::vector<int>& splits) {
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i > 0) out += " ";
    out += format_choice(path[i], splits);
  }
  return out;
}

}  // namespace rm::scales
