// The ce_tuner's preset in the simulation bench, as a user would write it (docs/simulation.md
// lists it).
#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"
#include "ringmaster/competitions/simulation_preset.hpp"

namespace rm::comp {
namespace {

constexpr int kSamplesPerGeneration = 50;
constexpr int kBatchSize = 10;

}  // namespace

std::optional<YAML::Node> CeTuner::simulation_preset(const std::string& name, int dims) {
  if (name != "ce") return std::nullopt;
  YAML::Node n;
  n["competition_type"] = "ce_tuner";
  n["samples_per_generation"] = kSamplesPerGeneration;
  n["batch_size"] = kBatchSize;
  n["elite_proportion"] = 0.1;
  n["step_size"] = 0.5;
  YAML::Node parameters(YAML::NodeType::Sequence);
  for (int k = 0; k < dims; ++k) {
    YAML::Node p;
    p["code"] = simulation_parameter_code(k);
    p["initial_mean"] = 0.0;
    p["initial_variance"] = 0.5;
    p["transform"] = "max(-1, min(1, x))";
    parameters.push_back(p);
  }
  n["parameters"] = parameters;
  return n;
}

// A ce_tuner counts generations, not games: enough of them for `games`.
void CeTuner::set_simulation_games(YAML::Node& settings, int games) {
  const int per_generation =
      settings["samples_per_generation"].as<int>() * settings["batch_size"].as<int>();
  settings["number_of_generations"] = (games + per_generation - 1) / per_generation;
}

}  // namespace rm::comp
