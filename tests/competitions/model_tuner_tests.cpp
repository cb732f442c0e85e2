// The model_tuner: the quadratic model's numerics, the search, and the Competition (candidates,
// results, state round trip, reports), driven by synthetic results.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"
#include "ringmaster/competitions/model_tuner/quadratic_model.hpp"
#include "ringmaster/control/model_tuner_config.hpp"
#include "tests/support/temp_dir.hpp"

using namespace rm::comp;
using namespace rm::comp::model;

namespace {

double logit_of(const std::vector<double>& beta, const std::vector<double>& u) {
  std::vector<double> phi;
  features(u, phi);
  double q = 0.0;
  for (std::size_t i = 0; i < phi.size(); ++i) q += beta[i] * phi[i];
  return q;
}

// Two parameters: pl (an integer on a LOG scale) and c.
const char* const kTwoParameters =
    "parameters:\n"
    "  - {code: pl, lower: 10, upper: 1000, scale: LOG, integer: true}\n"
    "  - {code: c, lower: -1, upper: 1}\n"
    "candidate:\n"
    "  command: [/bin/true, \"{pl}\", \"{c:%.17g}\"]\n";

rm::control::ControlFile model_control(const rm::test::TempDir& dir, const std::string& extra = "",
                                       const std::string& parameters = kTwoParameters) {
  const std::string path = dir.write("tune.yaml",
                                     "competition_type: model_tuner\n"
                                     "players:\n"
                                     "  opp: {command: [/bin/true]}\n"
                                     "board_size: 9\n"
                                     "komi: 7.5\n"
                                     "number_of_games: 400\n"
                                     "candidate_colour: random\n"
                                     "opponent: opp\n"
                                     "seed: 11\n" +
                                         extra + parameters);
  return rm::comp::load_control_file(path);
}

// The candidate's win probability: best at pl = 100 (u = 0), c = 0.3.
double win_probability(const rm::game::GameJob& job) {
  const auto& candidate = job.black.code == "opp" ? job.white : job.black;
  const double pl = std::stod(candidate.engine.process.argv[1]);
  const double c = std::stod(candidate.engine.process.argv[2]);
  const double u = std::log10(pl) - 2.0;
  return 1.0 / (1.0 + std::exp(-(0.5 - 2.0 * u * u - 3.0 * (c - 0.3) * (c - 0.3))));
}

rm::game::GameResult result_of(const rm::game::GameJob& job, bool candidate_won) {
  rm::game::GameResult r;
  r.game_id = job.game_id;
  r.black_code = job.black.code;
  r.white_code = job.white.code;
  const bool candidate_is_black = job.black.code != "opp";
  r.winner = candidate_won == candidate_is_black ? "b" : "w";
  r.sgf_result = r.winner == "b" ? "B+R" : "W+R";
  return r;
}

// Plays `games` games in order, with outcomes from `rng`.
void play(ModelTuner& tuner, int games, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < games; ++i) {
    auto job = tuner.next_job();
    REQUIRE(job);
    tuner.on_result(result_of(job->job, unit(rng) < win_probability(job->job)));
  }
}

}  // namespace

TEST_CASE("quadratic model: features and names", "[model_tuner]") {
  std::vector<double> phi;
  features({0.5, -2.0}, phi);
  CHECK(phi == std::vector<double>{1.0, 0.5, -2.0, 0.25, -1.0, 4.0});
  CHECK(coefficient_count(5) == 21);
  CHECK(coefficient_names({"a", "b"}) ==
        std::vector<std::string>{"1", "a", "b", "a^2", "a*b", "b^2"});
}

TEST_CASE("quadratic model: a weighted fit recovers known coefficients", "[model_tuner]") {
  const std::vector<double> truth{0.4, -0.6, 0.3, -1.5, 0.5, -1.0};
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<Sample> samples;
  for (int i = 0; i < 40000; ++i) {
    std::vector<double> u{2 * unit(rng) - 1, 2 * unit(rng) - 1};
    const double p = logistic(logit_of(truth, u));
    samples.push_back(Sample{u, unit(rng) < p ? 1.0 : 0.0, 1.0});
  }
  QuadraticModel model(2);
  REQUIRE(model.fit(samples));
  for (std::size_t i = 0; i < truth.size(); ++i) {
    INFO(i);
    CHECK(model.beta()[i] == Approx(truth[i]).margin(0.12));
    // The covariance is honest: every coefficient within 4 standard deviations.
    CHECK(std::abs(model.beta()[i] - truth[i]) < 4.0 * std::sqrt(model.covariance()[i * 6 + i]));
  }
}

TEST_CASE("quadratic model: nearly separable data gives a finite fit", "[model_tuner]") {
  std::vector<Sample> samples;
  for (int i = 0; i < 20; ++i) samples.push_back(Sample{{-1.0}, 0.0, 1.0});
  for (int i = 0; i < 3; ++i) samples.push_back(Sample{{0.5}, 1.0, 1.0});
  QuadraticModel model(1);
  REQUIRE(model.fit(samples));
  for (double b : model.beta()) CHECK(std::isfinite(b));
  CHECK(model.value({-1.0}) < model.value({0.5}));
}

TEST_CASE("quadratic model: maximum in the box", "[model_tuner]") {
  // Concave with an interior maximum at (0.2, -0.4): q = -(u1-0.2)^2 - (u2+0.4)^2.
  const std::vector<double> concave{-0.2, 0.4, -0.8, -1.0, 0.0, -1.0};
  const auto top = maximise_in_box(concave, 2);
  CHECK(top[0] == Approx(0.2).margin(1e-6));
  CHECK(top[1] == Approx(-0.4).margin(1e-6));
  // Maximum outside the box: clipped to the edge along u1.
  const auto edge = maximise_in_box({0.0, 4.0, -1.0}, 1);  // q = 4u - u^2: max at u = 2
  CHECK(edge[0] == 1.0);
  // Convex: the better corner.
  const auto corner = maximise_in_box({0.0, -0.1, 1.0}, 1);
  CHECK(corner[0] == -1.0);
}

TEST_CASE("model search: a share of early games explores a region three times as wide",
          "[model_tuner]") {
  // A region of half-width 0.1 around 0: a wide game lands beyond it two times in three.
  auto outside_share = [](double fraction, int results) {
    SearchSettings settings;
    settings.explore_fraction = fraction;
    settings.cell_share = 0.0;  // the bandit's games go anywhere (next test)
    ModelSearch search(settings);
    std::vector<Sample> samples(static_cast<std::size_t>(results), Sample{{0.0}, 1.0, 1.0});
    REQUIRE(search.restore(samples, {}, {}, {0.0}, {0.1}, {0.0}, 0));
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int outside = 0, beyond_wide = 0;
    const int draws = 20000;
    for (int i = 0; i < draws; ++i) {
      const std::vector<double> point = search.choose([&] { return unit(rng); });
      const double u = point.empty() ? 9.0 : point.front();
      if (point.size() != 1 || std::abs(u) > 0.3 + 1e-12) ++beyond_wide;
      if (std::abs(u) > 0.1) ++outside;
    }
    CHECK(beyond_wide == 0);
    return static_cast<double>(outside) / draws;
  };
  CHECK(outside_share(0.0, 0) == 0.0);
  CHECK(outside_share(0.3, 0) == Approx(0.2).margin(0.015));
  // After 500 results the share falls as 500 / n: at 5000, a tenth of it.
  CHECK(outside_share(0.3, 5000) == Approx(0.02).margin(0.005));
}

TEST_CASE("model search: a share of games goes to a bandit over cells of the whole range",
          "[model_tuner]") {
  SearchSettings settings;
  settings.thompson_share = 0.0;  // no process: the region and the bandit only
  ModelSearch search(settings);
  // 2,000 games in the region [0, 0.1], inside the fifth of the 8 cells, [0, 0.25].
  std::vector<Sample> samples;
  for (int i = 0; i < 2000; ++i) samples.push_back(Sample{{0.05}, i % 2 == 0 ? 1.0 : 0.0, 1.0});
  REQUIRE(search.restore(samples, {}, {}, {0.05}, {0.05}, {0.05}, 0));
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const auto first_cell_share = [&] {
    int in_first = 0, elsewhere = 0;
    for (int i = 0; i < 20000; ++i) {
      const double u = search.choose([&] { return unit(rng); }).at(0);
      if (u >= -1.0 && u <= -0.75)
        ++in_first;
      else if (u < 0.0 || u > 0.1)
        ++elsewhere;
    }
    CHECK(elsewhere == 0);
    return in_first / 20000.0;
  };
  // The cells without games have the largest bound; of equal ones, the first.
  CHECK(first_cell_share() == Approx(settings.cell_share).margin(0.015));
  // Once the first cell has lost enough games, the bandit moves on to the next.
  for (int i = 0; i < 200; ++i) search.add({-0.9}, 0.0);
  const double u = search.choose([] { return 0.0; }).at(0);  // 0 < share: the bandit's game
  CHECK(u == Approx(-0.75));
  // A restored search counts the same games.
  ModelSearch restored(settings);
  REQUIRE(restored.restore(search.samples(), {}, {}, {0.05}, {0.05}, {0.05}, 0));
  CHECK(restored.choose([] { return 0.0; }).at(0) == Approx(-0.75));
  // With two parameters there is no bandit: every game is in the region.
  SearchSettings two = settings;
  two.dims = 2;
  ModelSearch plane(two);
  REQUIRE(plane.restore({}, {}, {}, {0.0, 0.0}, {0.1, 0.1}, {0.0, 0.0}, 0));
  for (int i = 0; i < 1000; ++i)
    for (double x : plane.choose([&] { return unit(rng); })) CHECK(std::abs(x) <= 0.1);
}

TEST_CASE("model search: the estimate from a narrower fit is nearer a kinked optimum",
          "[model_tuner]") {
  // CLOP's Angle: a kink at -0.2, steep to the left, gentle to the right. A quadratic over the
  // whole region leans to the gentle side; the narrower fit leans less.
  auto angle = [](double x) {
    const double logit = x < -0.2 ? 1.0 + std::sqrt(2.0) - 2.0 * std::sqrt(0.3 - x)
                                  : 1.0 + std::sqrt(2.0) - std::sqrt(x + 2.2);
    return 1.0 / (1.0 + std::exp(-logit));
  };
  auto mean_error = [&](double estimate_kernel) {
    double total = 0.0;
    for (int run = 0; run < 8; ++run) {
      SearchSettings settings;
      settings.estimate_kernel = estimate_kernel;
      ModelSearch search(settings);
      std::mt19937_64 rng(static_cast<std::uint64_t>(run) + 1);
      std::uniform_real_distribution<double> unit(0.0, 1.0);
      for (int i = 0; i < 4000; ++i) {
        const std::vector<double> u = search.choose([&] { return unit(rng); });
        const double x = u.empty() ? 0.0 : u[0];
        search.add(u, unit(rng) < angle(x) ? 1.0 : 0.0);
      }
      const std::vector<double> best = search.best();
      total += std::abs((best.empty() ? 1.0 : best[0]) + 0.2);
    }
    return total / 8;
  };
  CHECK(mean_error(0.7) < mean_error(0.0));
}

TEST_CASE("model_tuner: candidates are in range, integer values whole", "[model_tuner]") {
  rm::test::TempDir dir;
  ModelTuner tuner(model_control(dir));
  for (int i = 0; i < 50; ++i) {
    auto job = tuner.next_job();
    REQUIRE(job);
    const auto& candidate = job->job.black.code == "opp" ? job->job.white : job->job.black;
    CHECK(candidate.code == "#" + job->job.game_id);
    const auto& argv = candidate.engine.process.argv;
    std::size_t used = 0;
    const long long pl = std::stoll(argv[1], &used);
    CHECK(used == argv[1].size());
    CHECK(pl >= 10);
    CHECK(pl <= 1000);
    const double c = std::stod(argv[2]);
    CHECK(c >= -1.0);
    CHECK(c <= 1.0);
    CHECK_THAT(job->job.sgf_note, Catch::StartsWith("Candidate parameters: pl: " + argv[1]));
  }
}

TEST_CASE("model_tuner: finds the optimum of a synthetic problem", "[model_tuner]") {
  rm::test::TempDir dir;
  auto cf = model_control(dir);
  cf.settings<rm::control::ModelTunerSettings>().number_of_games = 3000;
  ModelTuner tuner(cf);
  std::mt19937_64 rng(1);
  play(tuner, 3000, rng);
  CHECK(tuner.finished());
  const auto values = tuner.recommended_values();
  REQUIRE(values);
  const double pl = static_cast<double>(std::get<long long>((*values)[0]));
  const double c = std::get<double>((*values)[1]);
  CHECK(pl > 60);
  CHECK(pl < 170);
  CHECK(c == Approx(0.3).margin(0.2));
  const auto report = tuner.full_report();
  CHECK_THAT(report, Catch::Contains("3000/3000 games played"));
  CHECK_THAT(report, Catch::Contains("Estimated optimum: pl: "));
  CHECK_THAT(report, Catch::Contains("Model's win rate there: "));
  CHECK_THAT(report, Catch::Contains("pl^2"));
  const auto json = tuner.json_report();
  CHECK(json["competition_type"] == "model_tuner");
  CHECK(json["estimate"]["values"].size() == 2);
  CHECK(json["estimate"]["win_rate_ci95_low"].get<double>() <=
        json["estimate"]["win_rate"].get<double>());
  CHECK(json["model"]["coefficients"].size() == 6);
  CHECK(json["process"].is_null());  // two parameters: no whole-range process
  CHECK_THAT(report, !Catch::Contains("Whole-range model"));
  CHECK(json["results"]["games"] == 3000);
}

TEST_CASE("model_tuner: a restored state continues exactly", "[model_tuner]") {
  rm::test::TempDir dir;
  const auto cf = model_control(dir);
  ModelTuner original(cf);
  std::mt19937_64 rng(2);
  play(original, 150, rng);
  // Through JSON text, as the store keeps it.
  const auto stored = nlohmann::json::parse(original.state().dump());
  ModelTuner resumed(cf);
  resumed.restore(stored);
  CHECK(resumed.state() == original.state());
  for (int i = 0; i < 60; ++i) {
    auto a = original.next_job();
    auto b = resumed.next_job();
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->job.black.engine.process.argv == b->job.black.engine.process.argv);
    CHECK(a->job.white.engine.process.argv == b->job.white.engine.process.argv);
    const bool won = i % 3 != 0;
    original.on_result(result_of(a->job, won));
    resumed.on_result(result_of(b->job, won));
  }
  CHECK(resumed.state() == original.state());
}

TEST_CASE("model_tuner: a changed parameter range is refused on resume", "[model_tuner]") {
  rm::test::TempDir dir;
  ModelTuner tuner(model_control(dir));
  auto cf = model_control(dir);
  auto& p = cf.settings<rm::control::ModelTunerSettings>().parameters[1];
  p.upper = 2.0;
  ModelTuner changed(cf);
  CHECK_THROWS_WITH(changed.check_stored_definition(tuner.definition()),
                    Catch::Contains("parameter 2: upper changed from 1.0 to 2.0"));
  CHECK_THROWS_AS(changed.restore(tuner.state()), IncompatibleState);
}

TEST_CASE("model_tuner: a corrupt state is refused with a clear message", "[model_tuner]") {
  rm::test::TempDir dir;
  ModelTuner tuner(model_control(dir));
  std::mt19937_64 rng(3);
  play(tuner, 40, rng);
  auto state = tuner.state();
  state["samples"][0] = {1, 5};  // one coordinate short
  ModelTuner other(model_control(dir));
  CHECK_THROWS_WITH(other.restore(state), Catch::Contains("error loading competition state"));
}

TEST_CASE("model_tuner: void games are skipped; two in a row halt", "[model_tuner]") {
  rm::test::TempDir dir;
  ModelTuner tuner(model_control(dir));
  auto a = tuner.next_job();
  auto b = tuner.next_job();
  auto c = tuner.next_job();
  tuner.on_result(result_of(a->job, true));
  rm::game::GameResult void_b = result_of(b->job, false);
  void_b.is_void = true;
  CHECK(tuner.on_void(void_b));
  rm::game::GameResult void_c = result_of(c->job, false);
  void_c.is_void = true;
  CHECK_FALSE(tuner.on_void(void_c));
  CHECK(tuner.game_numbers().fixed() == 3);
  CHECK(tuner.search().samples().size() == 1);
}

TEST_CASE("model_tuner: each job records its candidate, which the result carries back",
          "[model_tuner]") {
  rm::test::TempDir dir;
  ModelTuner tuner(model_control(dir));
  auto a = tuner.next_job();
  REQUIRE(a);
  if (!a) return;  // (for GCC's null-dereference check)
  const auto& job = a->job;
  REQUIRE(job.candidate);
  if (!job.candidate) return;
  const std::string code = job.black.code == "opp" ? job.white.code : job.black.code;
  CHECK(job.candidate->code == code);
  CHECK("Candidate parameters: " + job.candidate->parameters == job.sgf_note);
  CHECK(job.candidate->values.size() == static_cast<std::size_t>(tuner.search().settings().dims));
  // Through the job's JSON (as to ringmaster-play) and back in the result.
  const auto result = rm::game::result_for(rm::game::job_from_json(rm::game::to_json(job)));
  CHECK(result.candidate == job.candidate);
  CHECK(rm::game::result_from_json(rm::game::to_json(result)).candidate == job.candidate);
}

TEST_CASE("model_tuner: the reports say when the flat-top rule holds", "[model_tuner]") {
  rm::test::TempDir dir;
  const std::string one_parameter =
      "parameters:\n"
      "  - {code: c, lower: -1, upper: 1}\n"
      "candidate:\n"
      "  command: [/bin/true, \"{c:%.17g}\"]\n";
  // A flat win rate holds the region open; a sharp top at c = -0.5 keeps it on its schedule.
  for (const bool flat : {true, false}) {
    auto cf = model_control(dir, "", one_parameter);
    cf.settings<rm::control::ModelTunerSettings>().number_of_games = 2500;
    ModelTuner tuner(cf);
    std::mt19937_64 rng(4);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int i = 0; i < 2500; ++i) {
      auto job = tuner.next_job();
      REQUIRE(job);
      const auto& candidate = job->job.black.code == "opp" ? job->job.white : job->job.black;
      const double d = std::stod(candidate.engine.process.argv[1]) + 0.5;
      const double p = flat ? 0.5 : 1.0 / (1.0 + std::exp(8.0 * d * d));
      tuner.on_result(result_of(job->job, unit(rng) < p));
    }
    const auto json = tuner.json_report();
    REQUIRE(json["process"].is_object());
    CHECK(json["process"]["flat_top"].get<bool>() == flat);
    CHECK(Catch::Contains("Flat top (the region is held wider than its schedule)")
              .match(tuner.full_report()) == flat);
  }
}
