#include "ringmaster/simulation/tuner_spec.hpp"

#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/ucb.hpp"

namespace rm::simulation {
namespace {

// Preset settings, as a user would write them (docs/simulation.md lists them).
constexpr int kCeSamplesPerGeneration = 50;
constexpr int kCeBatchSize = 10;

std::string code(int k) {
  return "x" + std::to_string(k + 1);
}

YAML::Node preset(const std::string& name, int dims) {
  YAML::Node n;
  YAML::Node parameters(YAML::NodeType::Sequence);
  // mcN: the mc_tuner with split N; mcNv: the same with in_flight_visits: virtual_loss;
  // mcNvv: with virtual_visit.
  const bool virtual_visit = name.size() > 4 && name.ends_with("vv");
  const bool virtual_loss = !virtual_visit && name.size() > 3 && name.back() == 'v';
  const std::size_t suffix = virtual_visit ? 2 : virtual_loss ? 1 : 0;
  const std::string split =
      name.size() > 2 + suffix ? name.substr(2, name.size() - 2 - suffix) : "";
  if (name.rfind("mc", 0) == 0 && !split.empty() &&
      split.find_first_not_of("0123456789") == std::string::npos) {
    n["competition_type"] = "mc_tuner";
    if (virtual_loss) n["in_flight_visits"] = "virtual_loss";
    if (virtual_visit) n["in_flight_visits"] = "virtual_visit";
    n["exploration_coefficient"] = rm::comp::kSampleExplorationCoefficient;
    n["initial_visits"] = rm::comp::kSampleInitialVisits;
    n["initial_wins"] = rm::comp::kSampleInitialWins;
    for (int k = 0; k < dims; ++k) {
      YAML::Node p;
      p["code"] = code(k);
      p["scale"] = "LINEAR(-1, 1)";
      p["split"] = std::stoi(split);
      parameters.push_back(p);
    }
  } else if (name == "ce") {
    n["competition_type"] = "ce_tuner";
    n["samples_per_generation"] = kCeSamplesPerGeneration;
    n["batch_size"] = kCeBatchSize;
    n["elite_proportion"] = 0.1;
    n["step_size"] = 0.5;
    for (int k = 0; k < dims; ++k) {
      YAML::Node p;
      p["code"] = code(k);
      p["initial_mean"] = 0.0;
      p["initial_variance"] = 0.5;
      p["transform"] = "max(-1, min(1, x))";
      parameters.push_back(p);
    }
  } else if (name == "model") {
    n["competition_type"] = "model_tuner";
    for (int k = 0; k < dims; ++k) {
      YAML::Node p;
      p["code"] = code(k);
      p["lower"] = -1;
      p["upper"] = 1;
      parameters.push_back(p);
    }
  } else {
    throw std::invalid_argument("unknown tuner '" + name +
                                "' (presets: mc8, mc16 (any mcN), mc8v, mc16v (any mcNv: virtual "
                                "loss), mc8vv (any mcNvv: virtual visit), ce, model; or a .yaml "
                                "control file)");
  }
  n["parameters"] = parameters;
  return n;
}

// A private file for the generated control file; removed once loaded.
class TemporaryFile {
 public:
  TemporaryFile() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "ringmaster-sim-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr)
      throw std::runtime_error("cannot create a temporary directory");
    dir_ = pattern;
  }
  ~TemporaryFile() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  std::string path() const { return dir_ + "/simulation.yaml"; }

 private:
  std::string dir_;
};

}  // namespace

rm::control::ControlFile simulation_control_file(const std::string& tuner, int dims, int games) {
  YAML::Node n;
  const bool from_file = tuner.size() > 5 && (tuner.ends_with(".yaml") || tuner.ends_with(".yml"));
  n = from_file ? YAML::LoadFile(tuner) : preset(tuner, dims);
  const std::string type = n["competition_type"] ? n["competition_type"].as<std::string>() : "";
  if (from_file && n["parameters"] && n["parameters"].size() != static_cast<std::size_t>(dims))
    throw std::invalid_argument(tuner + ": has " + std::to_string(n["parameters"].size()) +
                                " parameters; the problem has " + std::to_string(dims));
  n.remove("validation");  // validation games are not tuning games: the bench measures tuning
  n["board_size"] = 19;
  n["komi"] = 7.5;
  n["record_games"] = false;
  n["players"][kSimulatedOpponent]["command"].push_back("/bin/true");
  n["opponent"] = kSimulatedOpponent;
  n["candidate_colour"] = "w";
  YAML::Node command(YAML::NodeType::Sequence);
  command.push_back("/bin/true");
  for (const auto& p : n["parameters"])
    command.push_back("{" + p["code"].as<std::string>() + ":%.17g}");
  n["candidate"] = YAML::Node();
  n["candidate"]["command"] = command;
  if (type == "ce_tuner") {
    const int per_generation = n["samples_per_generation"].as<int>() * n["batch_size"].as<int>();
    n["number_of_generations"] = (games + per_generation - 1) / per_generation;
  } else {
    n["number_of_games"] = games;
  }
  n["seed"] = 1;
  TemporaryFile file;
  {
    std::ofstream out(file.path());
    YAML::Emitter emitter;
    emitter << n;
    out << emitter.c_str() << "\n";
  }
  return rm::comp::load_control_file(file.path());
}

void set_seed(rm::control::ControlFile& control, std::uint64_t seed) {
  if (auto* tuner = control.tuner()) tuner->seed = seed;
}

std::vector<double> candidate_point(const rm::game::PlayerSpec& candidate, int dims) {
  const auto& argv = candidate.engine.process.argv;
  if (argv.size() != static_cast<std::size_t>(dims) + 1)
    throw std::logic_error("simulated candidate with an unexpected command");
  std::vector<double> x;
  for (std::size_t k = 1; k < argv.size(); ++k) x.push_back(std::strtod(argv[k].c_str(), nullptr));
  return x;
}

}  // namespace rm::simulation
