#include "ringmaster/competitions/spsa_tuner/spsa_trajectory.hpp"

#include <nlohmann/json.hpp>
#include <utility>

namespace rm::comp::spsa {

Trajectory::Trajectory(const std::vector<double>& start) : points_{{0, start}} {}

void Trajectory::note(long games, const std::vector<double>& theta) {
  if (games % stride_ != 0) return;
  new_points_.push_back({games, theta});
  add({games, theta});
}

void Trajectory::replay(const Point& point) {
  if (point.games % stride_ != 0) return;
  add(point);
}

void Trajectory::add(Point point) {
  points_.push_back(std::move(point));
  if (points_.size() <= kMaxPoints) return;
  stride_ *= 2;
  std::erase_if(points_, [this](const Point& p) { return p.games % stride_ != 0; });
}

std::vector<Trajectory::Point> Trajectory::take_new_points() {
  return std::exchange(new_points_, {});
}

nlohmann::json Trajectory::points_json(const std::vector<Point>& points) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& p : points) j.push_back({{"games", p.games}, {"theta", p.theta}});
  return j;
}

std::vector<Trajectory::Point> Trajectory::points_from_json(const nlohmann::json& j,
                                                            std::size_t dims) {
  try {
    std::vector<Point> points;
    for (const auto& p : j) {
      points.push_back({p.at("games").get<long>(), p.at("theta").get<std::vector<double>>()});
      if (points.back().theta.size() != dims) return {};
    }
    return points;
  } catch (const nlohmann::json::exception&) {
    return {};
  }
}

nlohmann::json Trajectory::to_json() const {
  return {{"stride", stride_}, {"points", points_json(points_)}};
}

bool Trajectory::restore(const nlohmann::json& j, std::size_t dims) {
  try {
    const long stride = j.at("stride").get<long>();
    std::vector<Point> points = points_from_json(j.at("points"), dims);
    if (stride < 2 || points.empty() || points.size() > kMaxPoints) return false;
    stride_ = stride;
    points_ = std::move(points);
    // All but the start are new to the archive.
    new_points_.assign(points_.begin() + 1, points_.end());
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

}  // namespace rm::comp::spsa
