// The mc_tuner's `candidates` listing: what each depth-1 candidate would run, without running
// it.
#include <cstdio>

#include "ringmaster/competitions/candidate_listing.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "ringmaster/control/shell_quote.hpp"
#include "scales/grid.hpp"

namespace rm::comp {

namespace {

std::string format_optimiser(const std::vector<double>& point) {
  std::string out;
  for (double v : point) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    out += (out.empty() ? "" : ", ") + std::string(buf);
  }
  return out;
}

}  // namespace

std::string McTuner::describe_candidates(const rm::control::ControlFile& control) {
  const auto& s = control.settings<McTunerSettings>();
  std::vector<int> splits = s.splits();
  int count = rm::scales::branching_factor(splits);
  std::string out =
      "mc_tuner " + control.code + ": " + std::to_string(count) + " candidates at depth 1";
  out += s.max_depth > 1
             ? " (max_depth " + std::to_string(s.max_depth) + ": deeper candidates split these)\n"
             : "\n";
  for (const auto& p : s.parameters)
    out += "parameter " + p.code + ": " + p.scale->describe() + " split " +
           std::to_string(p.split) + "\n";
  out += "opponent: " + s.opponent + " (" +
         rm::control::shell_quote_for_display(control.players.at(s.opponent).engine.process.argv) +
         ")\n";
  constexpr int kMaxListed = 1000;
  for (int i = 0; i < count && i < kMaxListed; ++i) {
    std::vector<int> path{i};
    out += "\n" + rm::scales::format_path(path, splits);
    try {
      std::vector<rm::scales::Value> values = rm::scales::engine_values(path, s.parameters);
      std::string files_dir =
          rm::control::candidate_files_dir(control.directory, control.code, path, splits);
      rm::game::PlayerSpec spec = s.candidate.render_spec(values, "candidate", files_dir);
      out += " " + rm::scales::format_engine_parameters(s.parameters, values) + "\n";
      out += "  optimiser: " + format_optimiser(rm::scales::optimiser_point(path, splits)) + "\n";
      out += candidate_player_lines(spec, s.candidate.files_to_write(values, files_dir));
    } catch (const std::exception& e) {
      // A scale or template that fails for this sample only: show it, keep listing.
      out += "\n  error: " + std::string(e.what()) + "\n";
    }
  }
  if (count > kMaxListed)
    out += "\n(" + std::to_string(count - kMaxListed) + " more candidates not listed)\n";
  return out;
}

}  // namespace rm::comp
