// The mc_tuner's presets in the simulation bench, as a user would write them (docs/simulation.md
// lists them).
#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "ringmaster/competitions/simulation_preset.hpp"
#include "ringmaster/competitions/ucb.hpp"

namespace rm::comp {

std::optional<YAML::Node> McTuner::simulation_preset(const std::string& name, int dims) {
  // mcN: the mc_tuner with split N; mcNv: the same with in_flight_visits: virtual_loss;
  // mcNvv: with virtual_visit.
  const bool virtual_visit = name.size() > 4 && name.ends_with("vv");
  const bool virtual_loss = !virtual_visit && name.size() > 3 && name.back() == 'v';
  const std::size_t suffix = virtual_visit ? 2 : virtual_loss ? 1 : 0;
  const std::string split =
      name.size() > 2 + suffix ? name.substr(2, name.size() - 2 - suffix) : "";
  if (name.rfind("mc", 0) != 0 || split.empty() ||
      split.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  YAML::Node n;
  n["competition_type"] = "mc_tuner";
  if (virtual_loss) n["in_flight_visits"] = "virtual_loss";
  if (virtual_visit) n["in_flight_visits"] = "virtual_visit";
  n["exploration_coefficient"] = kSampleExplorationCoefficient;
  n["initial_visits"] = kSampleInitialVisits;
  n["initial_wins"] = kSampleInitialWins;
  YAML::Node parameters(YAML::NodeType::Sequence);
  for (int k = 0; k < dims; ++k) {
    YAML::Node p;
    p["code"] = simulation_parameter_code(k);
    p["scale"] = "LINEAR(-1, 1)";
    p["split"] = std::stoi(split);
    parameters.push_back(p);
  }
  n["parameters"] = parameters;
  return n;
}

}  // namespace rm::comp
