// Where theta has been, in a fixed size: at most kMaxPoints points (games, theta), one every
// `stride` games; when full, every other point goes and the stride doubles, so that a run of a
// million games keeps as many points as one of a thousand, spread over the whole run.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <vector>

namespace rm::comp::spsa {

class Trajectory {
 public:
  static constexpr std::size_t kMaxPoints = 64;

  struct Point {
    long games = 0;
    std::vector<double> theta;  // normalised
    bool operator==(const Point&) const = default;
  };

  // Starts with theta at 0 games.
  explicit Trajectory(const std::vector<double>& start);
  // After each result: records theta when `games` is a multiple of the stride.
  void note(long games, const std::vector<double>& theta);
  const std::vector<Point>& points() const { return points_; }
  long stride() const { return stride_; }

  nlohmann::json to_json() const;
  // False (nothing changed) when `j` is not a trajectory of `dims` parameters.
  bool restore(const nlohmann::json& j, std::size_t dims);

 private:
  long stride_ = 2;  // games: one pair
  std::vector<Point> points_;
};

}  // namespace rm::comp::spsa
