// The simulation bench: problems, simulated runs of every tuner (deterministic for a seed, with
// games in flight), and the ringmaster-simulate command line.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ringmaster/competitions/mc_tuner/mc_tuner_settings.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner_settings.hpp"
#include "ringmaster/simulation/paired.hpp"
#include "ringmaster/simulation/problem.hpp"
#include "ringmaster/simulation/simulated_run.hpp"
#include "ringmaster/simulation/tuner_spec.hpp"
#include "tests/support/program_output.hpp"
#include "tests/support/temp_dir.hpp"

using namespace rm::simulation;

namespace {

using Output = rm::test::ProgramOutput;

Output run_simulate(const std::string& arguments) {
  return rm::test::run_program(std::string(RM_BIN_DIR) + "/ringmaster-simulate " + arguments +
                               " 2>&1");
}

}  // namespace

TEST_CASE("simulation: every built-in problem has its optimum where stated", "[simulation]") {
  for (const auto& name : builtin_problem_names()) {
    INFO(name);
    const Problem p = builtin_problem(name);
    CHECK(static_cast<int>(p.optimum.size()) == p.dims);
    CHECK(p.regret(p.optimum) == 0.0);
    CHECK(p.best > 0.0);
    CHECK(p.best < 1.0);
    // Nowhere on a coarse grid is better than the optimum.
    std::vector<double> x(static_cast<std::size_t>(p.dims), -1.0);
    for (int i = 0; i <= 40; ++i) {
      for (double& v : x) v = -1.0 + 0.05 * i;
      CHECK(p.regret(x) >= -1e-12);
    }
  }
  const Problem log = builtin_problem("log");
  CHECK(log.best == Approx(1.0 / (1.0 + std::exp(-(2.0 * std::log(2.0) - 0.9)))));
  CHECK(builtin_problem("power").optimum[0] == Approx(0.6093213380198702).margin(1e-6));
  CHECK_THROWS_WITH(builtin_problem("lg"), Catch::Contains("unknown problem 'lg'"));
  // CLOP's Log5 is the mean of five Log strengths: its best is Log's; log5sum is the sum.
  CHECK(builtin_problem("log5").best == Approx(log.best));
  const Problem sum = builtin_problem("log5sum");
  CHECK(sum.best == Approx(1.0 / (1.0 + std::exp(-5.0 * (2.0 * std::log(2.0) - 0.9)))));
  // twopeaks: the narrow peak is higher than the broad hill, and halfway between them is worse
  // than either.
  const Problem two = builtin_problem("twopeaks");
  CHECK(two.regret({0.5}) == 0.0);
  CHECK(two.regret({-0.4}) > 0.0);
  CHECK(two.regret({0.05}) > two.regret({-0.4}));
}

TEST_CASE("simulation: an expression problem finds its own optimum", "[simulation]") {
  const Problem p = expression_problem("1/(1+exp(-(0.5-4*(x1-0.3)^2-2*(x2+0.2)^2)))");
  CHECK(p.dims == 2);
  CHECK(p.optimum[0] == Approx(0.3).margin(0.01));
  CHECK(p.optimum[1] == Approx(-0.2).margin(0.01));
  CHECK_THROWS_WITH(expression_problem("1/(1+"), Catch::Contains("invalid expression"));
  CHECK_THROWS_WITH(expression_problem("0.5"), Catch::Contains("uses none of x1..x8"));
  CHECK_THROWS_WITH(expression_problem("2*x1+1"), Catch::Contains("not a probability"));
}

TEST_CASE("simulation: each tuner runs unchanged and is deterministic for a seed", "[simulation]") {
  const Problem problem = builtin_problem("log");
  for (const std::string tuner : {"mc8", "ce", "model"}) {
    INFO(tuner);
    for (int in_flight : {1, 16}) {
      auto control = simulation_control_file(tuner, 1, 1000);
      set_seed(control, 5);
      const auto a = simulate_run(control, problem, in_flight, {500, 1000}, 9);
      const auto b = simulate_run(control, problem, in_flight, {500, 1000}, 9);
      CHECK(a.games == 1000);
      REQUIRE(a.regrets.size() == 2);
      CHECK(a.regrets == b.regrets);
      CHECK(a.regrets[1] >= 0.0);
      CHECK(a.regrets[1] < 0.3);
    }
  }
}

TEST_CASE("simulation: a user's control file supplies the tuner settings", "[simulation]") {
  rm::test::TempDir dir;
  const std::string path = dir.write("mine.yaml",
                                     "competition_type: model_tuner\n"
                                     "region_scale: 0.5\n"
                                     "parameters:\n"
                                     "  - {code: a, lower: -1, upper: 1}\n"
                                     "  - {code: b, lower: -1, upper: 1}\n");
  auto control = simulation_control_file(path, 2, 300);
  CHECK(control.settings<rm::comp::ModelTunerSettings>().region_scale == 0.5);
  CHECK_THROWS_WITH(simulation_control_file(path, 1, 300),
                    Catch::Contains("has 2 parameters; the problem has 1"));
}

TEST_CASE("ringmaster-simulate: table and JSON", "[simulation]") {
  const Output out = run_simulate("-p log,step -t mc8,model -r 3 -b 100,300 -n 1,8 -j 2 --json -");
  INFO(out.text);
  REQUIRE(out.status == 0);
  CHECK_THAT(out.text, Catch::Contains("mean simple regret x 1000"));
  CHECK_THAT(out.text, Catch::Contains("log          model"));
  const auto json = nlohmann::json::parse(out.text.substr(out.text.find("{\n")));
  CHECK(json["rows"].size() == 2 * 2 * 2 * 2);  // problems x tuners x in flight x budgets
  CHECK(json["rows"][0]["runs"] == 3);
  // The same seed gives the same table, whatever the number of threads.
  const Output again =
      run_simulate("-p log,step -t mc8,model -r 3 -b 100,300 -n 1,8 -j 1 --json -");
  REQUIRE(again.status == 0);
  const auto json_again = nlohmann::json::parse(again.text.substr(again.text.find("{\n")));
  CHECK(json_again["rows"] == json["rows"]);
}

TEST_CASE("simulation: a jittered range maps the tuner's box onto a sub-range of the problem's",
          "[simulation]") {
  const Problem flat = builtin_problem("flat");
  const Problem seen = with_random_range(flat, 0.15, 7);
  REQUIRE(seen.optimum.size() == 1);
  // The optimum moved (in the tuner's coordinates) but is worth the same.
  CHECK(seen.optimum[0] != Approx(flat.optimum[0]).margin(1e-6));
  CHECK(seen.win_probability(seen.optimum) == Approx(flat.best).epsilon(1e-12));
  CHECK(seen.regret(seen.optimum) == Approx(0.0).margin(1e-12));
  // The ends of the tuner's range land within the margin of the problem's (Flat rises
  // monotonically up to -0.6 and falls after it).
  const double low = seen.win_probability({-1.0}), high = seen.win_probability({1.0});
  CHECK(low >= flat.win_probability({-1.0}));
  CHECK(low <= flat.win_probability({-0.85}));
  CHECK(high >= flat.win_probability({1.0}));
  CHECK(high <= flat.win_probability({0.85}));
  // Deterministic for a seed; another seed draws another range.
  CHECK(with_random_range(flat, 0.15, 7).optimum == seen.optimum);
  CHECK(with_random_range(flat, 0.15, 8).optimum != seen.optimum);
  CHECK_THROWS_AS(with_random_range(flat, 0.5, 7), std::invalid_argument);
}

TEST_CASE("simulation: a shifted range has a fixed width and moves the optimum uniformly",
          "[simulation]") {
  const Problem power = builtin_problem("power");
  // F = 0.125: the range is 2 / 1.125 wide, so the optimum (0.609 in the box) sits in the
  // tuner's range at 2 * (0.609 - lo) / w - 1 for lo uniform in [-1, -1 + 2 - w]: a span of
  // exactly 0.25 (one cell of split 8).
  const double width = 2.0 / 1.125;
  const double highest = 2.0 * (power.optimum[0] + 1.0) / width - 1.0;
  double least = 1.0, most = -1.0;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    const Problem seen = with_shifted_range(power, 0.125, seed);
    REQUIRE(seen.optimum.size() == 1);
    CHECK(seen.regret(seen.optimum) == Approx(0.0).margin(1e-12));
    least = std::min(least, seen.optimum[0]);
    most = std::max(most, seen.optimum[0]);
    // The tuner's ends map onto points of the box `width` apart: the win rate at the tuner's
    // -1 is the problem's at some lo, and at its 1 the problem's at lo + width.
    const double lo = power.optimum[0] - (seen.optimum[0] + 1.0) / 2.0 * width;
    CHECK(seen.win_probability({-1.0}) == Approx(power.win_probability({lo})).epsilon(1e-9));
    CHECK(seen.win_probability({1.0}) == Approx(power.win_probability({lo + width})).epsilon(1e-9));
  }
  CHECK(most <= highest + 1e-12);
  CHECK(least >= highest - 0.25 - 1e-12);
  CHECK(most - least > 0.24);  // 400 uniform draws cover nearly all of the span
  CHECK(with_shifted_range(power, 0.125, 7).optimum == with_shifted_range(power, 0.125, 7).optimum);
  CHECK_THROWS_AS(with_shifted_range(power, 0.3, 7), std::invalid_argument);
  // Power's optimum (0.609) is outside a range 2 / 1.25 wide that starts below -0.991 (one
  // draw in 44).
  bool lost = false;
  for (std::uint64_t seed = 0; seed < 1000 && !lost; ++seed) {
    try {
      with_shifted_range(power, 0.25, seed);
    } catch (const std::invalid_argument& e) {
      CHECK_THAT(e.what(), Catch::Contains("outside a shifted range; use a smaller shift"));
      lost = true;
    }
  }
  CHECK(lost);
}

namespace {

// One problem through mc8 with and without a drawn range (`option`, e.g. "--range-shift 0.125"):
// the header names the drawing, the JSON records it under `key` (the other drawing stays 0), and
// the table changes.
void check_drawn_range(const std::string& problem, const std::string& option,
                       const std::string& key, double value, const std::string& header) {
  const std::string base = "-p " + problem + " -t mc8 -r 4 -b 300 --json -";
  const Output plain = run_simulate(base);
  const Output drawn = run_simulate(base + " " + option);
  INFO(plain.text << drawn.text);
  REQUIRE(plain.status == 0);
  REQUIRE(drawn.status == 0);
  CHECK_THAT(drawn.text, Catch::Contains(header));
  const auto a = nlohmann::json::parse(plain.text.substr(plain.text.find("{\n")));
  const auto b = nlohmann::json::parse(drawn.text.substr(drawn.text.find("{\n")));
  CHECK(a[key] == 0.0);
  CHECK(b[key] == value);
  CHECK(b[key == "range_shift" ? "range_jitter" : "range_shift"] == 0.0);
  CHECK(a["rows"][0]["mean_regret"] != b["rows"][0]["mean_regret"]);
}

}  // namespace

TEST_CASE("simulation: mean and paired difference with their standard errors", "[simulation]") {
  const double nan = std::nan("");
  const MeanAndError m = mean_and_error({1.0, 2.0, nan, 3.0, 6.0});
  CHECK(m.runs == 4);
  CHECK(m.mean == Approx(3.0));
  // sample variance (4 + 1 + 0 + 9) / 3, over 4 runs
  CHECK(m.standard_error == Approx(std::sqrt(14.0 / 3.0 / 4.0)));
  CHECK(mean_and_error({nan}).runs == 0);
  CHECK(mean_and_error({5.0}).standard_error == 0.0);
  // Paired: the runs' shared luck cancels; runs where either is missing are left out.
  const MeanAndError d = paired_difference({10.0, 20.0, 30.0, nan}, {9.0, 19.5, 28.5, 1.0});
  CHECK(d.runs == 3);
  CHECK(d.mean == Approx(1.0));
  CHECK(d.standard_error == Approx(std::sqrt(0.5 / 2.0 / 3.0)));  // differences 1, 0.5, 1.5
}

TEST_CASE(
    "ringmaster-simulate: --baseline prints each tuner's paired difference, and the JSON "
    "has every run's regret",
    "[simulation]") {
  const Output out =
      run_simulate("-p log,step -t mc8,model,mc16 -r 6 -b 100,300 --baseline model --json -");
  INFO(out.text);
  REQUIRE(out.status == 0);
  CHECK_THAT(out.text, Catch::Contains("paired difference from model x 1000"));
  const auto json = nlohmann::json::parse(out.text.substr(out.text.find("{\n")));
  CHECK(json["baseline"] == "model");
  const auto row = [&](const std::string& problem, const std::string& tuner, int budget) {
    for (const auto& r : json["rows"])
      if (r["problem"] == problem && r["tuner"] == tuner && r["budget"] == budget) return r;
    FAIL("no row " << problem << " " << tuner << " " << budget);
    return nlohmann::json();
  };
  for (const std::string problem : {"log", "step"})
    for (int budget : {100, 300}) {
      const auto base = row(problem, "model", budget);
      CHECK_FALSE(base.contains("paired"));
      for (const std::string tuner : {"mc8", "mc16"}) {
        const auto r = row(problem, tuner, budget);
        REQUIRE(r["regrets"].size() == 6);
        // Recomputed from the per-run regrets of both rows.
        std::vector<double> a, b;
        for (std::size_t i = 0; i < 6; ++i) {
          a.push_back(r["regrets"][i].get<double>());
          b.push_back(base["regrets"][i].get<double>());
        }
        const MeanAndError expected = paired_difference(a, b);
        CHECK(r["paired"]["runs"] == 6);
        CHECK(r["paired"]["mean_difference"].get<double>() == Approx(expected.mean));
        CHECK(r["paired"]["standard_error"].get<double>() == Approx(expected.standard_error));
        CHECK(r["mean_regret"].get<double>() == Approx(mean_and_error(a).mean));
      }
    }
  // The table has a line per tuner other than the baseline, per problem.
  const auto from = out.text.find("paired difference");
  const auto table = out.text.substr(from, out.text.find("tuner cost") - from);
  CHECK_THAT(table, Catch::Contains("log          mc8"));
  CHECK_THAT(table, Catch::Contains("step         mc16"));
  CHECK_THAT(table, !Catch::Contains("log          model"));
}

TEST_CASE("ringmaster-simulate: --range-jitter and --range-shift change the table and are recorded",
          "[simulation]") {
  check_drawn_range("power", "--range-jitter 0.15", "range_jitter", 0.15,
                    "ranges jittered by up to 0.15");
  check_drawn_range("flat", "--range-shift 0.125", "range_shift", 0.125,
                    "ranges shifted by up to 0.125 of their width");
}

TEST_CASE("ringmaster-simulate: bad arguments exit 2 with a message", "[simulation]") {
  const std::vector<std::pair<std::string, std::string>> refused{
      {"-t nosuch -r 1 -b 10", "unknown tuner 'nosuch'"},
      {"-b 1000,abc", "--budgets: 'abc' is not a whole number"},
      {"-r 0", "-r: must be a whole number from 1 to 1000000"},
      {"--range-jitter 0.3", "--range-jitter: must be a number from 0 to 0.2"},
      {"--range-shift 0.3", "--range-shift: must be a number from 0 to 0.25"},
      {"--range-shift 0.1 --range-jitter 0.1", "use one or the other"},
      {"-t mc8,model --baseline ce", "--baseline ce: not one of the tuners given with -t"}};
  for (const auto& [arguments, message] : refused) {
    const Output out = run_simulate(arguments);
    INFO(arguments << ": " << out.text);
    CHECK(out.status == 2);
    CHECK_THAT(out.text, Catch::Contains(message));
  }
  const Output help = run_simulate("--help");
  CHECK(help.status == 0);
  CHECK_THAT(help.text, Catch::Contains("usage: ringmaster-simulate"));
}

TEST_CASE("simulation: mcNv is mcN with virtual loss, deterministic with games in flight",
          "[simulation][virtual_loss]") {
  const auto plain = simulation_control_file("mc8", 1, 1000);
  const auto with_loss = simulation_control_file("mc8v", 1, 1000);
  const auto& p = plain.settings<rm::comp::McTunerSettings>();
  const auto& v = with_loss.settings<rm::comp::McTunerSettings>();
  CHECK(p.in_flight_visits == rm::comp::InFlightVisits::None);
  CHECK(v.in_flight_visits == rm::comp::InFlightVisits::VirtualLoss);
  CHECK(v.splits() == p.splits());
  CHECK(simulation_control_file("mc16v", 2, 10).settings<rm::comp::McTunerSettings>().splits() ==
        std::vector<int>{16, 16});
  CHECK(simulation_control_file("mc8vv", 1, 10)
            .settings<rm::comp::McTunerSettings>()
            .in_flight_visits == rm::comp::InFlightVisits::VirtualVisit);
  CHECK_THROWS_WITH(simulation_control_file("mcv", 1, 10), Catch::Contains("unknown tuner 'mcv'"));
  CHECK_THROWS_WITH(simulation_control_file("mcvv", 1, 10),
                    Catch::Contains("unknown tuner 'mcvv'"));
  CHECK_THROWS_WITH(simulation_control_file("mc8w", 1, 10), Catch::Contains("mcNv"));

  const Problem problem = builtin_problem("log");
  auto control = simulation_control_file("mc8v", 1, 1000);
  set_seed(control, 5);
  const auto a = simulate_run(control, problem, 16, {1000}, 9);
  const auto b = simulate_run(control, problem, 16, {1000}, 9);
  CHECK(a.games == 1000);
  CHECK(a.regrets == b.regrets);
  // One game at a time nothing is in flight when choosing: the same run as without it.
  auto gomill = simulation_control_file("mc8", 1, 1000);
  set_seed(gomill, 5);
  CHECK(simulate_run(control, problem, 1, {300, 1000}, 9).regrets ==
        simulate_run(gomill, problem, 1, {300, 1000}, 9).regrets);
}

TEST_CASE("simulation: a user's validation setting is dropped (its games are not tuning games)",
          "[simulation][validation]") {
  rm::test::TempDir dir;
  const std::string path = dir.write("validated.yaml",
                                     "competition_type: mc_tuner\n"
                                     "exploration_coefficient: 0.45\n"
                                     "initial_visits: 10\n"
                                     "initial_wins: 5\n"
                                     "in_flight_visits: virtual_loss\n"
                                     "validation: {every: 100, games: 20, at_end: 50}\n"
                                     "parameters:\n"
                                     "  - {code: x, scale: 'LINEAR(-1, 1)', split: 8}\n");
  auto control = simulation_control_file(path, 1, 300);
  const auto& s = control.settings<rm::comp::McTunerSettings>();
  CHECK_FALSE(s.validation.enabled());
  CHECK(s.in_flight_visits == rm::comp::InFlightVisits::VirtualLoss);
  const auto run = simulate_run(control, builtin_problem("log"), 4, {300}, 1);
  CHECK(run.games == 300);
}
