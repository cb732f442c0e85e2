// `simulate`: the user's own tuner, unchanged, run many times on true Elo surfaces over its
// parameters instead of engines (docs/simulation.md, "Simulating your own control file"). No
// engine starts; candidates' files go to a scratch directory; nothing is stored.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/cli/scratch_directory.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner_settings.hpp"
#include "ringmaster/run/ringmaster_error.hpp"
#include "ringmaster/simulation/loss_summary.hpp"
#include "ringmaster/simulation/own_runs.hpp"
#include "ringmaster/simulation/parameter_axes.hpp"
#include "ringmaster/simulation/truth_spec.hpp"

namespace rm::cli {
namespace {

namespace sim = rm::simulation;

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

// "  pl: optimum random in LOG(10.0, 10000.0), 20.0 Elo at half a range", a line per parameter.
std::string truth_text(const std::vector<sim::ParameterAxis>& axes, const sim::Truth& truths) {
  const auto& truth = truths.axes;
  std::string text;
  for (std::size_t k = 0; k < axes.size(); ++k) {
    const auto& t = truth[k];
    text += "\n  " + axes[k].code + ": optimum ";
    text += t.optimum ? rm::scales::python_str(axes[k].value_at(*t.optimum))
                      : "random in " + axes[k].range_text();
    const double elo = t.elo.value_or(axes[k].stated_elo);
    text +=
        elo == 0.0 ? ", no effect" : ", " + rm::scales::python_str(elo) + " Elo at half a range";
  }
  if (truths.opponent_elo != 0.0)
    text += "\n  the opponent: " + rm::scales::python_str(truths.opponent_elo) +
            " Elo relative to the optimum";
  return text;
}

// ", 4 games in flight"; "" for one.
std::string in_flight_text(int in_flight) {
  return in_flight == 1 ? "" : ", " + std::to_string(in_flight) + " games in flight";
}

// " (asymmetric, rotated)"; "" for the unrotated quadratic.
std::string shape_text(const sim::OwnRunsSpec& spec) {
  if (spec.shape == sim::SurfaceShape::Quadratic && !spec.rotated) return "";
  return std::string(" (") + sim::surface_shape_name(spec.shape) +
         (spec.rotated ? ", rotated" : "") + ")";
}

nlohmann::json by_code(const std::vector<sim::ParameterAxis>& axes,
                       const std::vector<rm::scales::Value>& values) {
  nlohmann::json j = nlohmann::json::object();
  for (std::size_t k = 0; k < axes.size(); ++k)
    j[axes[k].code] = rm::scales::value_to_json(values[k]);
  return j;
}

void write_json(const std::string& path, const rm::control::ControlFile& control,
                const CommandLine& line, const std::vector<sim::ParameterAxis>& axes,
                const std::vector<sim::OwnRunRecord>& records, const sim::LossSummary& summary,
                double spec_opponent_elo) {
  nlohmann::json runs = nlohmann::json::array();
  for (std::size_t r = 0; r < records.size(); ++r) {
    const auto& record = records[r];
    nlohmann::json elo = nlohmann::json::object();
    for (std::size_t k = 0; k < axes.size(); ++k) elo[axes[k].code] = record.elo_at_half_range[k];
    runs.push_back({{"run", r},
                    {"optimum", by_code(axes, record.optimum)},
                    {"elo_at_half_range", elo},
                    {"recommendation", by_code(axes, record.result.recommendation)},
                    {"loss", record.result.loss},
                    {"games", record.result.games}});
  }
  const nlohmann::json out = {{"control_file", control.path},
                              {"competition_type", control.competition_type},
                              {"seed", line.seed},
                              {"truth", line.truth},
                              {"surface", line.surface.empty() ? "quadratic" : line.surface},
                              {"rotate", line.rotate},
                              {"in_flight", line.in_flight},
                              {"opponent_elo", spec_opponent_elo},
                              {"summary",
                               {{"runs", summary.mean.runs},
                                {"mean_loss", summary.mean.mean},
                                {"standard_error", summary.mean.standard_error},
                                {"median_loss", summary.median},
                                {"p95_loss", summary.p95},
                                {"threshold", summary.threshold},
                                {"within_share", summary.within_share}}},
                              {"runs", runs}};
  std::ofstream file(path);
  file << out.dump(2) << "\n";
  if (!file) throw rm::run::RingmasterError("cannot write " + path);
}

}  // namespace

int simulate_command(const CommandLine& line) {
  auto control = rm::comp::load_control_file(line.control_file);
  ScratchDirectory scratch("ringmaster-simulate");
  std::vector<sim::ParameterAxis> axes;
  sim::OwnRunsSpec spec{line.runs, line.seed, line.parallel, scratch.path(), {}};
  std::vector<sim::OwnRunRecord> records;
  try {
    axes = sim::parameter_axes(control);
    spec.truth = sim::parse_truth(line.truth, axes);
    if (!line.surface.empty()) spec.shape = sim::surface_shape(line.surface);
    spec.rotated = line.rotate;
    spec.in_flight = line.in_flight;
    std::cout << "simulate " << control.code << " (" << control.competition_type
              << "): " << line.runs << " runs, seed " << line.seed << ", validation games skipped"
              << in_flight_text(line.in_flight) << std::endl;
    std::cout << "true surface" << shape_text(spec) << ":" << truth_text(axes, spec.truth)
              << std::endl;
    records = sim::simulate_own_runs(control, spec);
  } catch (const std::invalid_argument& e) {
    throw rm::run::RingmasterError(e.what());
  } catch (const rm::scales::ScaleError& e) {
    throw rm::run::RingmasterError(e.what());
  }
  std::vector<double> losses;
  for (const auto& record : records) losses.push_back(record.result.loss);
  const auto* spsa = control.settings_if<rm::comp::SpsaTunerSettings>();
  const double threshold = spsa ? spsa->precision : 5.0;
  const sim::LossSummary summary = sim::summarise_losses(losses, threshold);
  std::cout << records.front().result.games << " games a run" << std::endl;
  std::cout << "Elo lost by the final recommendation: mean " << fixed(summary.mean.mean, 2)
            << " \u00b1 " << fixed(summary.mean.standard_error, 2) << ", median "
            << fixed(summary.median, 2) << ", p95 " << fixed(summary.p95, 2) << std::endl;
  std::cout << "within " << (spsa ? "the precision (" : "") << rm::scales::python_str(threshold)
            << " Elo" << (spsa ? ")" : "") << ": " << fixed(100.0 * summary.within_share, 0)
            << "% of runs" << std::endl;
  if (!line.json_file.empty())
    write_json(line.json_file, control, line, axes, records, summary, spec.truth.opponent_elo);
  return kExitOk;
}

}  // namespace rm::cli
