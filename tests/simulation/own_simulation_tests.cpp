// `ringmaster FILE simulate`'s library part: the parameters as axes, --truth, the true surface
// and the runs of a user's own tuner (ringmaster/simulation/own_runs.hpp).
#include <catch2/catch.hpp>
#include <stdexcept>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/simulation/loss_summary.hpp"
#include "ringmaster/simulation/own_runs.hpp"
#include "ringmaster/simulation/parameter_axes.hpp"
#include "ringmaster/simulation/true_surface.hpp"
#include "ringmaster/simulation/truth_spec.hpp"
#include "tests/simulation/own_control_files.hpp"
#include "tests/support/temp_dir.hpp"

namespace sim = rm::simulation;
namespace files = rm::simulation::test;

namespace {

rm::control::ControlFile load(const rm::test::TempDir& dir, const std::string& text) {
  return rm::comp::load_control_file(dir.write("tuning.yaml", text));
}

std::vector<sim::OwnRunRecord> run(const rm::control::ControlFile& control, int runs,
                                   std::uint64_t seed, int threads, const std::string& truth,
                                   const std::string& scratch) {
  sim::OwnRunsSpec spec{runs, seed, threads, scratch, {}};
  spec.truth = sim::parse_truth(truth, sim::parameter_axes(control));
  return sim::simulate_own_runs(control, spec);
}

double mean_loss(const std::vector<sim::OwnRunRecord>& records) {
  double sum = 0.0;
  for (const auto& r : records) sum += r.result.loss;
  return sum / static_cast<double>(records.size());
}

}  // namespace

TEST_CASE("parameter axes put engine values at unit positions, LOG on its logarithm",
          "[simulate-own]") {
  rm::test::TempDir dir;
  const auto axes = sim::parameter_axes(load(dir, files::spsa_tuner_file(false)));
  REQUIRE(axes.size() == 2);
  CHECK(axes[0].stated_elo == 20.0);
  CHECK(axes[0].position(0.1) == Approx(0.0));
  CHECK(axes[0].position(1.05) == Approx(0.5));
  CHECK(axes[1].position(8) == Approx(0.5));  // sqrt(1 * 64)
  CHECK(axes[1].in_range(64));
  CHECK_FALSE(axes[1].in_range(65));
  CHECK_THROWS_WITH(axes[0].position("x"), Catch::Contains("parameter c"));
}

TEST_CASE("expression and ce_tuner axes are searched numerically", "[simulate-own]") {
  rm::test::TempDir dir;
  const auto mc = sim::parameter_axes(load(dir, files::mc_tuner_file()));
  CHECK(mc[1].position(4) == Approx(0.5).margin(0.01));  // 2^(4 x) = 4 at x = 0.5
  CHECK(mc[1].stated_elo == 20.0);
  const auto ce = sim::parameter_axes(load(dir, files::ce_tuner_file()));
  // c: mean 0.7, sd 0.2: the range is 0.3 to 1.1, and samples beyond it still have a place.
  CHECK(ce[1].position(0.7) == Approx(0.5).margin(0.001));
  CHECK(ce[1].position(1.3) == Approx(1.25).margin(0.001));
}

TEST_CASE("the truth spec fixes optima and Elo per parameter", "[simulate-own]") {
  rm::test::TempDir dir;
  const auto axes = sim::parameter_axes(load(dir, files::spsa_tuner_file(false)));
  const auto truth = sim::parse_truth("et=8:0,c=:40", axes).axes;
  CHECK_FALSE(truth[0].optimum);
  CHECK(truth[0].elo == 40.0);
  CHECK(*truth[1].optimum == Approx(0.5));
  CHECK(truth[1].elo == 0.0);
  const auto only_optimum = sim::parse_truth("c=1.05", axes).axes;
  CHECK(*only_optimum[0].optimum == Approx(0.5));
  CHECK_FALSE(only_optimum[0].elo);
  CHECK(sim::parse_truth("", axes).axes.size() == 2);
  CHECK(sim::parse_truth("", axes).opponent_elo == 0.0);
  CHECK(sim::parse_truth("opponent=-50", axes).opponent_elo == -50.0);
}

TEST_CASE("the truth spec refuses bad input naming what is wrong", "[simulate-own]") {
  rm::test::TempDir dir;
  const auto axes = sim::parameter_axes(load(dir, files::spsa_tuner_file(false)));
  CHECK_THROWS_WITH(sim::parse_truth("zz=1:20", axes),
                    Catch::Contains("no parameter 'zz' (parameters: c, et)"));
  CHECK_THROWS_WITH(sim::parse_truth("c=3:20", axes),
                    Catch::Contains("optimum 3 is outside the range"));
  CHECK_THROWS_WITH(sim::parse_truth("c", axes), Catch::Contains("not CODE=OPTIMUM:ELO"));
  CHECK_THROWS_WITH(sim::parse_truth("c=:", axes), Catch::Contains("neither"));
  CHECK_THROWS_WITH(sim::parse_truth("c=abc", axes), Catch::Contains("is not a number"));
  CHECK_THROWS_WITH(sim::parse_truth("c=0.5:-1", axes),
                    Catch::Contains("Elo '-1' is not a number from 0 to 1000"));
  CHECK_THROWS_WITH(sim::parse_truth("c=0.5:x", axes), Catch::Contains("Elo 'x'"));
  CHECK_THROWS_WITH(sim::parse_truth("c=0.5,c=1", axes), Catch::Contains("given twice"));
  CHECK_THROWS_WITH(sim::parse_truth("opponent=x", axes),
                    Catch::Contains("the opponent's Elo 'x' is not a number"));
}

TEST_CASE("every tuner type's own control file runs on the true surface", "[simulate-own]") {
  rm::test::TempDir dir, scratch;
  for (const std::string& text :
       {files::mc_tuner_file(), files::ce_tuner_file(), files::model_tuner_file(),
        files::spsa_tuner_file(false), files::spsa_tuner_file(true)}) {
    const auto control = load(dir, text);
    INFO(control.competition_type);
    const auto records = run(control, 2, 7, 1, "", scratch.path());
    REQUIRE(records.size() == 2);
    const auto games = rm::comp::make_competition(control)->games_remaining();
    for (const auto& r : records) {
      CHECK(r.result.games > 0);
      CHECK(r.result.recommendation.size() == 2);
      CHECK(r.result.loss >= 0.0);
      CHECK(r.result.loss <= 2 * 4 * 20.0 * 2.25);  // within the worst a ce sample can be
    }
    // The spsa_tuner's validation games are skipped: only its tuning games are played.
    if (control.competition_type == "spsa_tuner") CHECK(records[0].result.games == 400);
    CHECK(games);
  }
}

TEST_CASE("the same seed gives the same runs on any number of threads", "[simulate-own]") {
  rm::test::TempDir dir, scratch;
  const auto control = load(dir, files::model_tuner_file());
  const auto a = run(control, 4, 11, 1, "c=:40", scratch.path());
  const auto b = run(control, 4, 11, 2, "c=:40", scratch.path());
  const auto c = run(control, 4, 12, 1, "c=:40", scratch.path());
  bool differs = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].result.loss == b[i].result.loss);
    CHECK(a[i].result.recommendation == b[i].result.recommendation);
    CHECK(a[i].optimum == b[i].optimum);
    differs = differs || a[i].optimum != c[i].optimum;
  }
  CHECK(differs);
  CHECK(a[0].elo_at_half_range == std::vector<double>{40.0, 20.0});
}

TEST_CASE("a tuner ends nearer a fixed optimum than a random point would be", "[simulate-own]") {
  // An optimum in the middle at 100 Elo: a uniform random point loses 100 * 4 / 12 = 33 Elo on
  // average, the start (at the lower end) 100. SPSA head to head must end well inside that.
  rm::test::TempDir dir, scratch;
  const auto spsa =
      run(load(dir, files::spsa_one_parameter_file(2000)), 8, 3, 2, "c=0.5", scratch.path());
  CHECK(mean_loss(spsa) < 100.0 / 3.0 / 2.0);
  // The mc_tuner against the opponent, with the optimum of c fixed and et of no effect.
  const auto mc =
      run(load(dir, files::mc_tuner_file(800)), 8, 3, 2, "c=0.8:100,et=:0", scratch.path());
  CHECK(mean_loss(mc) < 100.0 / 3.0 / 2.0);
}

TEST_CASE("the opponent's Elo is for tuners with an opponent", "[simulate-own]") {
  rm::test::TempDir dir, scratch;
  CHECK_THROWS_WITH(
      run(load(dir, files::spsa_tuner_file(true)), 1, 1, 1, "opponent=10", scratch.path()),
      Catch::Contains("plays head to head, without an opponent"));
  // Against a much weaker opponent nearly every game is won: the tuner learns little, and the
  // runs differ from those against the optimum's strength.
  const auto control = load(dir, files::spsa_tuner_file(false));
  const auto even = run(control, 2, 1, 1, "", scratch.path());
  const auto weak = run(control, 2, 1, 1, "opponent=-600", scratch.path());
  CHECK(even[0].result.recommendation != weak[0].result.recommendation);
}

TEST_CASE("runs leave nothing in the scratch directory", "[simulate-own]") {
  rm::test::TempDir dir, scratch;
  run(load(dir, files::spsa_tuner_file(true)), 2, 1, 1, "", scratch.path());
  CHECK(std::filesystem::is_empty(scratch.path()));
}

TEST_CASE("a tuner without a number of games is refused", "[simulate-own]") {
  rm::test::TempDir dir, scratch;
  std::string text = files::mc_tuner_file();
  text.replace(text.find("number_of_games: 200\n"), 21, "");
  CHECK_THROWS_WITH(run(load(dir, text), 1, 1, 1, "", scratch.path()),
                    Catch::Contains("no number of games"));
}

TEST_CASE("the loss summary gives mean, median, p95 and the share within", "[simulate-own]") {
  const auto s = sim::summarise_losses({4.0, 1.0, 3.0, 2.0, 10.0}, 3.0);
  CHECK(s.mean.mean == Approx(4.0));
  CHECK(s.median == 3.0);
  CHECK(s.p95 == 10.0);
  CHECK(s.within_share == Approx(0.6));
  CHECK_THROWS(sim::summarise_losses({}, 5.0));
}

TEST_CASE("the true surface takes the Elo surface's shapes and rotations over unit positions",
          "[simulate-own]") {
  rm::test::TempDir dir, scratch;
  const auto control = load(dir, files::spsa_one_parameter_file(200));  // c over [0, 1]
  const auto axes = sim::parameter_axes(control);
  // Optimum at 0.5, 10 Elo at half a range: a quarter of the range is an offset of 1/2.
  const sim::TrueSurface quadratic(axes, {0.5}, {10.0});
  const sim::TrueSurface asymmetric(axes, {0.5}, {10.0}, {sim::SurfaceShape::Asymmetric});
  CHECK(quadratic.elo(nlohmann::json::array({0.75})) == -2.5);
  CHECK(quadratic.elo(nlohmann::json::array({0.25})) == -2.5);
  CHECK(asymmetric.elo(nlohmann::json::array({0.75})) == -2.5);
  CHECK(asymmetric.elo(nlohmann::json::array({0.25})) == -10.0);  // four times steeper below
  // A parameter of no effect stays without one in any shape.
  CHECK(sim::TrueSurface(axes, {0.5}, {0.0}, {sim::SurfaceShape::Quartic})
            .elo(nlohmann::json::array({0.0})) == 0.0);
  // Rotated runs: the same seed the same losses, and other losses than without interactions.
  const auto two = load(dir, files::model_tuner_file());
  sim::OwnRunsSpec spec{3, 5, 1, scratch.path(), {}};
  spec.truth = sim::parse_truth("c=:40", sim::parameter_axes(two));
  const auto plain = sim::simulate_own_runs(two, spec);
  spec.shape = sim::SurfaceShape::Asymmetric;
  spec.rotated = true;
  const auto rotated = sim::simulate_own_runs(two, spec);
  CHECK(sim::simulate_own_runs(two, spec)[2].result.loss == rotated[2].result.loss);
  CHECK(rotated[0].optimum == plain[0].optimum);  // the optima are drawn as without a rotation
  bool differs = false;
  for (std::size_t i = 0; i < plain.size(); ++i)
    differs = differs || plain[i].result.loss != rotated[i].result.loss;
  CHECK(differs);
}

TEST_CASE("runs can keep several games in flight as a real run would", "[simulate-own]") {
  rm::test::TempDir dir, scratch;
  const auto control = load(dir, files::spsa_one_parameter_file(400));
  sim::OwnRunsSpec spec{3, 5, 1, scratch.path(), {}};
  spec.truth = sim::parse_truth("", sim::parameter_axes(control));
  const auto one = sim::simulate_own_runs(control, spec);
  spec.in_flight = 6;
  const auto six = sim::simulate_own_runs(control, spec);
  CHECK(sim::simulate_own_runs(control, spec)[1].result.loss == six[1].result.loss);
  bool differs = false;
  for (std::size_t i = 0; i < one.size(); ++i) {
    CHECK(six[i].result.games == one[i].result.games);  // the file's own games either way
    differs = differs || six[i].result.loss != one[i].result.loss;
  }
  CHECK(differs);  // pairs start before earlier ones have moved theta
}
