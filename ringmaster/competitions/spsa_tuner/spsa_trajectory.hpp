// Where theta has been, in a fixed size: at most kMaxPoints points (games, theta), one every
// `stride` games; when full, every other point goes and the stride doubles, so that a run of a
// million games keeps as many points as one of a thousand, spread over the whole run.
// The points go to the database's archive as they are noted (a few hundred in a million
// games), not with the state committed after every game (64 points of 64 parameters are
// 64 KB); replaying them rebuilds the same trajectory.
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
  // The points noted since the last call: what the archive lacks.
  std::vector<Point> take_new_points();
  // A point from the archive: taken as note() took it then.
  void replay(const Point& point);
  const std::vector<Point>& points() const { return points_; }
  long stride() const { return stride_; }

  nlohmann::json to_json() const;
  // False (nothing changed) when `j` is not a trajectory of `dims` parameters (the state's
  // form before the archive: its points are then new, for the archive).
  bool restore(const nlohmann::json& j, std::size_t dims);

  static nlohmann::json points_json(const std::vector<Point>& points);
  // Empty when `j` is not a list of points of `dims` parameters.
  static std::vector<Point> points_from_json(const nlohmann::json& j, std::size_t dims);

 private:
  void add(Point point);

  long stride_ = 2;  // games: one pair
  std::vector<Point> points_;
  std::vector<Point> new_points_;
};

}  // namespace rm::comp::spsa
