#include "ringmaster/competitions/spsa_tuner/spsa_trajectory.hpp"

#include <nlohmann/json.hpp>

namespace rm::comp::spsa {

Trajectory::Trajectory(const std::vector<double>& start) : points_{{0, start}} {}

void Trajectory::note(long games, const std::vector<double>& theta) {
  if (games % stride_ != 0) return;
  points_.push_back({games, theta});
  if (points_.size() <= kMaxPoints) return;
  stride_ *= 2;
  std::erase_if(points_, [this](const Point& p) { return p.games % stride_ != 0; });
}

nlohmann::json Trajectory::to_json() const {
  nlohmann::json points = nlohmann::json::array();
  for (const auto& p : points_) points.push_back({{"games", p.games}, {"theta", p.theta}});
  return {{"stride", stride_}, {"points", points}};
}

bool Trajectory::restore(const nlohmann::json& j, std::size_t dims) {
  try {
    const long stride = j.at("stride").get<long>();
    std::vector<Point> points;
    for (const auto& p : j.at("points")) {
      points.push_back({p.at("games").get<long>(), p.at("theta").get<std::vector<double>>()});
      if (points.back().theta.size() != dims) return false;
    }
    if (stride < 2 || points.empty() || points.size() > kMaxPoints) return false;
    stride_ = stride;
    points_ = std::move(points);
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

}  // namespace rm::comp::spsa
