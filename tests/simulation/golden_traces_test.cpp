// Golden traces: each tuner's behaviour pinned, game by game, on fixed problems and seeds. Every
// 50 results the trace records the point the last game played and the tuner's recommendation,
// so a refactor that keeps behaviour leaves the files unchanged, and a change of behaviour shows
// where it starts. After an intended change: RM_UPDATE_GOLDEN=1 build/bin/golden_traces_test,
// then review the diff (tests/simulation/golden/).
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/simulation/own_run.hpp"
#include "ringmaster/simulation/parameter_axes.hpp"
#include "ringmaster/simulation/problem.hpp"
#include "ringmaster/simulation/simulated_run.hpp"
#include "ringmaster/simulation/tuner_spec.hpp"
#include "scales/value.hpp"
#include "tests/simulation/own_control_files.hpp"
#include "tests/support/golden_file.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

std::string format_point(const std::vector<double>& x) {
  std::string out;
  char buffer[32];
  for (double v : x) {
    std::snprintf(buffer, sizeof buffer, " %.9g", v);
    out += buffer;
  }
  return out;
}

// tuner: a ringmaster-simulate preset.
void check_trace(const std::string& tuner, const std::string& problem_name, int games,
                 int in_flight = 1) {
  const auto problem = rm::simulation::builtin_problem(problem_name);
  auto control = rm::simulation::simulation_control_file(tuner, problem.dims, games);
  rm::simulation::set_seed(control, 20261126);
  const auto trace = rm::simulation::trace_run(control, problem, in_flight, games, 50, 7);
  REQUIRE(trace.size() == static_cast<std::size_t>(games / 50));
  std::string text = "# " + tuner + " on " + problem_name + ", " + std::to_string(in_flight) +
                     " in flight: game, point played | recommendation [| phase]\n";
  for (const auto& line : trace)
    text += std::to_string(line.game) + format_point(line.played) + " |" +
            format_point(line.recommended) + (line.phase.empty() ? "" : " | " + line.phase) + "\n";
  std::string name = tuner + "-" + problem_name;
  if (in_flight > 1) name += "-n" + std::to_string(in_flight);
  rm::test::check_golden_file("tests/simulation/golden/" + name + ".trace", text);
}

}  // namespace

TEST_CASE("golden trace: mc_tuner", "[golden]") {
  check_trace("mc8", "log", 1000);
  check_trace("mc8", "rosenbrock", 1000);
  check_trace("mc8v", "log", 1000, 8);
}

TEST_CASE("golden trace: ce_tuner", "[golden]") {
  check_trace("ce", "log", 1000);
  check_trace("ce", "rosenbrock", 1000);
}

// Both surrogates, both phases; twopeaks for the point that must stay on a hill.
TEST_CASE("golden trace: model_tuner", "[golden]") {
  check_trace("model", "log", 3000);
  check_trace("model", "step", 3000);
  check_trace("model", "twopeaks", 3000);
  check_trace("model", "log", 1000, 8);
  check_trace("model", "rosenbrock", 1000);
  check_trace("model", "log5", 1000);
}

namespace {

// The spsa_tuner from a control file (head to head, or against its opponent) on a fixed true
// surface (own_run.hpp): every 50 games, the engine values it recommends.
void check_spsa_trace(bool head_to_head, int games) {
  rm::test::TempDir dir;
  auto control = rm::comp::load_control_file(
      dir.write("spsa.yaml", rm::simulation::test::spsa_tuner_file(head_to_head, games)));
  control.tuner()->validation = {};
  const rm::simulation::TrueSurface surface(rm::simulation::parameter_axes(control), {0.3, 0.7},
                                            {30, 15});
  auto competition = rm::comp::make_competition(control);
  std::string text = std::string("# spsa_tuner ") +
                     (head_to_head ? "head to head" : "against its opponent") +
                     ", optimum at 0.3 and 0.7 of the ranges: game | recommendation\n";
  const auto result = rm::simulation::simulate_own_run(
      *competition, surface, 0.0, 20261128, [&](long played, const rm::comp::Competition& c) {
        if (played % 50 != 0) return;
        text += std::to_string(played) + " |";
        const std::vector<rm::scales::Value> values = *c.recommended_values();
        for (const auto& v : values) {
          const nlohmann::json j = rm::scales::value_to_json(v);
          text += j.is_number_float() ? format_point({j.get<double>()}) : " " + j.dump();
        }
        text += "\n";
      });
  REQUIRE(result.games == games);
  rm::test::check_golden_file(std::string("tests/simulation/golden/spsa-") +
                                  (head_to_head ? "head-to-head" : "opponent") + ".trace",
                              text);
}

}  // namespace

TEST_CASE("golden trace: spsa_tuner", "[golden]") {
  check_spsa_trace(true, 2000);
  check_spsa_trace(false, 1000);
}
