#include "ringmaster/simulation/tuner_spec.hpp"

#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>

#include "ringmaster/competitions/competition_type.hpp"

namespace rm::simulation {
namespace {

// The preset's settings, from the tuner type that has it.
YAML::Node preset(const std::string& name, int dims) {
  for (const auto& type : rm::comp::competition_types())
    if (type.simulation_preset)
      if (auto settings = type.simulation_preset(name, dims)) return *settings;
  throw std::invalid_argument("unknown tuner '" + name +
                              "' (presets: mc8, mc16 (any mcN), mc8v, mc16v (any mcNv: virtual "
                              "loss), mc8vv (any mcNvv: virtual visit), ce, model; or a .yaml "
                              "control file)");
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

// The control file `n` describes, as the ordinary loader reads it.
rm::control::ControlFile load_control_node(const YAML::Node& n) {
  TemporaryFile file;
  {
    std::ofstream out(file.path());
    YAML::Emitter emitter;
    emitter << n;
    out << emitter.c_str() << "\n";
  }
  return rm::comp::load_control_file(file.path());
}

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
  const auto* known = rm::comp::find_competition_type(type);
  if (known && known->set_simulation_games)
    known->set_simulation_games(n, games);
  else
    n["number_of_games"] = games;
  n["seed"] = 1;
  return load_control_node(n);
}

rm::control::ControlFile spsa_simulation_control_file(const SpsaControlSpec& spec) {
  YAML::Node n;
  n["competition_type"] = "spsa_tuner";
  n["board_size"] = 19;
  n["komi"] = 7.5;
  n["record_games"] = false;
  if (!spec.head_to_head) {
    n["mode"] = "against_opponent";
    n["players"][kSimulatedOpponent]["command"].push_back("/bin/true");
    n["opponent"] = kSimulatedOpponent;
  }
  n["number_of_games"] = spec.number_of_games;
  n["precision"] = spec.precision;
  n["confidence"] = spec.confidence;
  n["seed"] = 1;
  YAML::Node command(YAML::NodeType::Sequence);
  command.push_back("/bin/true");
  for (std::size_t k = 0; k < spec.stated_elo.size(); ++k) {
    const std::string code = "x" + std::to_string(k + 1);
    YAML::Node p;
    p["code"] = code;
    p["lower"] = -1;
    p["upper"] = 1;
    p["elo"] = spec.stated_elo[k];
    // The games are decided from the candidates' engine values, not from text: a short
    // format spares most of the time the tuner spends writing its jobs.
    p["format"] = "%.2f";
    n["parameters"].push_back(p);
    command.push_back("{" + code + ":%.2f}");
  }
  n["candidate"]["command"] = command;
  return load_control_node(n);
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
