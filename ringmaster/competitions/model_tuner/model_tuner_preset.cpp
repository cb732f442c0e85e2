// The model_tuner's preset in the simulation bench, as a user would write it
// (docs/simulation.md lists it).
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"
#include "ringmaster/competitions/simulation_preset.hpp"

namespace rm::comp {

std::optional<YAML::Node> ModelTuner::simulation_preset(const std::string& name, int dims) {
  if (name != "model") return std::nullopt;
  YAML::Node n;
  n["competition_type"] = "model_tuner";
  YAML::Node parameters(YAML::NodeType::Sequence);
  for (int k = 0; k < dims; ++k) {
    YAML::Node p;
    p["code"] = simulation_parameter_code(k);
    p["lower"] = -1;
    p["upper"] = 1;
    parameters.push_back(p);
  }
  n["parameters"] = parameters;
  return n;
}

}  // namespace rm::comp
