// The model_tuner: the quadratic model's numerics, the search, and the Competition (candidates,
// results, state round trip, reports), driven by synthetic results.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner_settings.hpp"
#include "ringmaster/competitions/model_tuner/quadratic_model.hpp"
#include "ringmaster/report/display_text.hpp"
#include "ringmaster/report/live_summary.hpp"
#include "ringmaster/report/progress_text.hpp"
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

TEST_CASE("proposal table: uniform while opening, then cells and the surrogate", "[model_tuner]") {
  const ProposalShares opening = proposal_shares(Phase::Opening, 1, 0.2);
  CHECK(opening.uniform == 1.0);
  const ProposalShares one = proposal_shares(Phase::Search, 1, 0.2);
  CHECK(one.uniform == 0.0);
  CHECK(one.cells == 0.2);
  CHECK(one.surrogate == Approx(0.4));  // Thompson sampling
  CHECK(one.interval == Approx(0.4));   // the values not shown worse
  const ProposalShares two = proposal_shares(Phase::Search, 2, 0.2);
  CHECK(two.cells == 0.0);  // the bandit is for one parameter only
  CHECK(two.surrogate == 1.0);
  CHECK(pick_proposal(one, 0.0) == Proposal::Cells);
  CHECK(pick_proposal(one, 0.19) == Proposal::Cells);
  CHECK(pick_proposal(one, 0.2) == Proposal::Surrogate);
  CHECK(pick_proposal(one, 0.59) == Proposal::Surrogate);
  CHECK(pick_proposal(one, 0.61) == Proposal::Interval);
  CHECK(two.interval == 0.0);
  CHECK(pick_proposal(opening, 0.99) == Proposal::Uniform);
}

TEST_CASE("model search: the opening phase plays uniform points until the first fit",
          "[model_tuner]") {
  for (const int dims : {1, 2}) {
    SearchSettings settings;
    settings.dims = dims;
    ModelSearch search(settings);
    std::mt19937_64 rng(4);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    // 30 games for the process; 3 per coefficient (18) for a quadratic in two parameters.
    CHECK(search.opening_games() == (dims == 1 ? 30 : 18));
    double low = 1.0, high = -1.0;
    for (int i = 0; i < search.opening_games(); ++i) {
      CHECK(search.phase() == Phase::Opening);
      const auto u = search.choose([&] { return unit(rng); });
      REQUIRE(u.size() == static_cast<std::size_t>(dims));
      low = std::min(low, u[0]);
      high = std::max(high, u[0]);
      search.add(u, unit(rng) < 0.5 ? 1.0 : 0.0);
    }
    CHECK(search.phase() == Phase::Search);
    CHECK(low < -0.5);  // spread over the range
    CHECK(high > 0.5);
  }
}

TEST_CASE("model search: a share of games goes to a bandit over cells of the whole range",
          "[model_tuner]") {
  SearchSettings settings;
  ModelSearch search(settings);
  // 2,000 games at 0.05, inside the fifth of the 8 cells, [0, 0.25].
  std::vector<Sample> samples;
  for (int i = 0; i < 2000; ++i) samples.push_back(Sample{{0.05}, i % 2 == 0 ? 1.0 : 0.0, 1.0});
  REQUIRE(search.restore(samples, nlohmann::json::object()));
  REQUIRE(search.phase() == Phase::Search);
  // A first uniform number below the share picks the bandit; the cells without games have the
  // largest bound, and of equal ones the first.
  CHECK(search.choose([] { return 0.0; }).at(0) == Approx(-1.0));
  // Once the first cell has lost enough games, the bandit moves on to the next.
  for (int i = 0; i < 200; ++i) search.add({-0.9}, 0.0);
  CHECK(search.choose([] { return 0.0; }).at(0) == Approx(-0.75));
  // A restored search counts the same games.
  ModelSearch restored(settings);
  REQUIRE(restored.restore(search.samples(), search.surrogate_state()));
  CHECK(restored.choose([] { return 0.0; }).at(0) == Approx(-0.75));
  // cell_share 0: no bandit, the same number goes to the process.
  settings.cell_share = 0.0;
  ModelSearch without(settings);
  REQUIRE(without.restore(search.samples(), search.surrogate_state()));
  int in_first_cell = 0;
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 200; ++i) {
    bool first = true;
    const double u = without
                         .choose([&] {
                           if (first) {
                             first = false;
                             return 0.0;
                           }
                           return unit(rng);
                         })
                         .at(0);
    if (u < -0.75) ++in_first_cell;
  }
  CHECK(in_first_cell < 100);  // the process knows the first cell loses
}

TEST_CASE("model search: the interval's games are among the values not shown worse",
          "[model_tuner]") {
  SearchSettings settings;
  ModelSearch search(settings);
  std::vector<Sample> samples;
  std::mt19937_64 rng(8);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 3000; ++i) {  // a clear peak at 0.3
    const double u = 2.0 * unit(rng) - 1.0;
    samples.push_back(Sample{{u}, unit(rng) < 0.7 - 0.5 * (u - 0.3) * (u - 0.3) ? 1.0 : 0.0, 1.0});
  }
  REQUIRE(search.restore(samples, nlohmann::json::object()));
  const Recommendation r = search.recommend();
  CHECK(r.high[0] - r.low[0] < 1.0);  // the evidence has ruled out much of the range
  for (int i = 0; i < 200; ++i) {
    bool first = true;
    const double u = search
                         .choose([&] {
                           if (first) {
                             first = false;
                             return 0.99;  // the interval's share is the last in the table
                           }
                           return unit(rng);
                         })
                         .at(0);
    CHECK(u >= r.low[0]);
    CHECK(u <= r.high[0]);
  }
}

TEST_CASE("model search: with two parameters every game after the opening is in the region",
          "[model_tuner]") {
  SearchSettings settings;
  settings.dims = 2;
  ModelSearch plane(settings);
  std::vector<Sample> samples(30, Sample{{0.0, 0.0}, 1.0, 1.0});
  std::vector<double> identity(36, 0.0);
  for (int i = 0; i < 6; ++i) identity[static_cast<std::size_t>(i * 7)] = 1.0;
  const nlohmann::json state = {{"beta", std::vector<double>(6, 0.0)},
                                {"covariance", identity},
                                {"centre", {0.0, 0.0}},
                                {"half_width", {0.1, 0.1}},
                                {"last_fit_size", 18}};
  REQUIRE(plane.restore(samples, state));
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 1000; ++i)
    for (double x : plane.choose([&] { return unit(rng); })) CHECK(std::abs(x) <= 0.1);
}

TEST_CASE("model search: a start's opening plays within its box and recommends the start",
          "[model_tuner]") {
  for (const int dims : {1, 2}) {
    SearchSettings settings;
    settings.dims = dims;
    settings.start = dims == 1 ? std::vector<double>{0.8} : std::vector<double>{0.8, -0.5};
    settings.start_half_width = 0.4;
    ModelSearch search(settings);
    // The box clipped to the range: [0.4, 1] and [-0.9, -0.1].
    const std::vector<double> low{0.4, -0.9}, high{1.0, -0.1};
    const Recommendation before = search.recommend();
    CHECK(before.point == settings.start);
    for (std::size_t k = 0; k < settings.start.size(); ++k) {
      CHECK(before.low[k] == Approx(low[k]));
      CHECK(before.high[k] == Approx(high[k]));
    }
    std::mt19937_64 rng(4);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<double> seen_low(2, 1.0), seen_high(2, -1.0);
    for (int i = 0; i < search.opening_games(); ++i) {
      const auto u = search.choose([&] { return unit(rng); });
      for (std::size_t k = 0; k < u.size(); ++k) {
        CHECK(u[k] >= low[k]);
        CHECK(u[k] <= high[k]);
        seen_low[k] = std::min(seen_low[k], u[k]);
        seen_high[k] = std::max(seen_high[k], u[k]);
      }
      search.add(u, unit(rng) < 0.5 ? 1.0 : 0.0);
    }
    CHECK(seen_low[0] < 0.5);  // spread over the box, not stuck at the start
    CHECK(seen_high[0] > 0.9);
    if (dims == 2) {
      // The quadratic's first region was the box: its first refit moved the centre by at
      // most one half-width from (0.7, -0.5).
      const auto state = search.surrogate_state();
      const auto centre = state.at("centre").get<std::vector<double>>();
      CHECK(std::abs(centre[0] - 0.7) <= 0.3 + 1e-12);
      CHECK(std::abs(centre[1] + 0.5) <= 0.4 + 1e-12);
    }
  }
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
  cf.settings<rm::comp::ModelTunerSettings>().number_of_games = 3000;
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
  CHECK_THAT(report, Catch::Contains("Recommended: pl: "));
  CHECK_THAT(report, Catch::Contains("not shown worse from "));
  CHECK_THAT(report, Catch::Contains("Model's win rate there: "));
  CHECK_THAT(report, Catch::Contains("pl^2"));
  const auto json = tuner.json_report();
  CHECK(json["competition_type"] == "model_tuner");
  CHECK(json["estimate"]["values"].size() == 2);
  CHECK(json["estimate"]["win_rate_ci95_low"].get<double>() <=
        json["estimate"]["win_rate"].get<double>());
  CHECK(json["model"]["coefficients"].size() == 6);
  CHECK(json["process"].is_null());  // two parameters: no whole-range process
  CHECK_THAT(report, !Catch::Contains("Gaussian process"));
  for (const auto& v : json["estimate"]["values"]) {  // the point is inside its own interval
    CHECK(v["ci95_low"].get<double>() <= v["value"].get<double>());
    CHECK(v["value"].get<double>() <= v["ci95_high"].get<double>());
  }
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

TEST_CASE("model_tuner: a start: the opening's candidates around it, the check's candidate it",
          "[model_tuner]") {
  rm::test::TempDir dir;
  // pl's start 100 is its middle on the LOG scale (u 0), c's 0.8 is u 0.8; spread 0.1 of each
  // range: u within 0.2 of the start.
  const auto cf = model_control(dir, "spread: 0.1\n",
                                "parameters:\n"
                                "  - {code: pl, lower: 10, upper: 1000, scale: LOG, integer: "
                                "true, start: 100}\n"
                                "  - {code: c, lower: -1, upper: 1, start: 0.8}\n"
                                "candidate:\n"
                                "  command: [/bin/true, \"{pl}\", \"{c:%.17g}\"]\n");
  ModelTuner tuner(cf);
  CHECK_THAT(tuner.describe_points(std::nullopt).value_or(""),
             Catch::Contains("start: pl: 100; c: 0.8"));
  CHECK_THAT(tuner.short_report(),
             Catch::Contains("random points near the start (pl: 100; c: 0.8), at most 0.10 of "
                             "each range from it."));
  CHECK(tuner.json_report()["start"] ==
        nlohmann::json{{"parameters", "pl: 100; c: 0.8"}, {"spread", 0.1}});
  std::mt19937_64 rng(2);
  for (int i = 0; i < 18; ++i) {  // the opening: 3 games per coefficient
    auto job = tuner.next_job();
    REQUIRE(job);
    const auto& candidate = job->job.black.code == "opp" ? job->job.white : job->job.black;
    const double pl = std::stod(candidate.engine.process.argv[1]);
    const double c = std::stod(candidate.engine.process.argv[2]);
    CHECK(pl >= std::pow(10.0, 1.8) - 0.5);  // u -0.2, rounded to a whole number
    CHECK(pl <= std::pow(10.0, 2.2) + 0.5);
    CHECK(c >= 0.6 - 1e-4);  // within the 2^-16 grid of played points
    CHECK(c <= 1.0);
    tuner.on_result(result_of(job->job, i % 2 == 0));
    if (i == 5) {  // restored in the opening, it continues exactly
      ModelTuner resumed(cf);
      resumed.restore(nlohmann::json::parse(tuner.state().dump()));
      CHECK(resumed.state() == tuner.state());
      auto a = tuner.next_job();
      auto b = resumed.next_job();
      REQUIRE(a);
      REQUIRE(b);
      CHECK(a->job.black.engine.process.argv == b->job.black.engine.process.argv);
      tuner.on_result(result_of(a->job, true));
      ++i;
    }
  }
}

TEST_CASE("model_tuner: a state from before the rebuilt search (format 1) still resumes",
          "[model_tuner]") {
  rm::test::TempDir dir;
  for (const bool one_parameter : {false, true}) {
    const auto cf = one_parameter ? model_control(dir, "",
                                                  "parameters:\n"
                                                  "  - {code: c, lower: -1, upper: 1}\n"
                                                  "candidate:\n"
                                                  "  command: [/bin/true, \"{c:%.17g}\"]\n")
                                  : model_control(dir);
    ModelTuner original(cf);
    std::mt19937_64 rng(2);
    for (int i = 0; i < 150; ++i) {
      auto job = original.next_job();
      REQUIRE(job);
      original.on_result(result_of(job->job, i % 3 != 0));
    }
    // Format 1 kept the quadratic's values at the top level and the process under "process"
    // (with a count of relocations), and an estimate besides.
    nlohmann::json old = original.state();
    const nlohmann::json surrogate = old["surrogate"];
    old.erase("surrogate");
    old["format"] = 1;
    if (one_parameter) {
      old["process"] = surrogate;
      old["process"]["relocations"] = 0;
      for (const char* key : {"beta", "covariance", "centre", "estimate", "half_width"})
        old[key] = nlohmann::json::array();
      old["last_fit_size"] = 0;
    } else {
      for (const auto& [key, value] : surrogate.items()) old[key] = value;
      old["estimate"] = surrogate["centre"];
    }
    ModelTuner resumed(cf);
    resumed.restore(old);
    CHECK(resumed.search().samples().size() == 150);
    CHECK(resumed.search().best() == original.search().best());
    auto job = resumed.next_job();
    REQUIRE(job);
    resumed.on_result(result_of(job->job, true));
    CHECK(resumed.state()["format"] == 2);
  }
}

TEST_CASE("model_tuner: a changed parameter range is refused on resume", "[model_tuner]") {
  rm::test::TempDir dir;
  ModelTuner tuner(model_control(dir));
  auto cf = model_control(dir);
  auto& p = cf.settings<rm::comp::ModelTunerSettings>().parameters[1];
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

TEST_CASE("model_tuner: void games are skipped, two in a row halt", "[model_tuner]") {
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
  // The report counts games as the run's summary does: the void ones are not played games,
  // also after a restore.
  CHECK_THAT(tuner.full_report(), Catch::Contains("\n1/398 games played (2 void)\n"));
  CHECK(tuner.json_report().at("games_played") == 1);
  ModelTuner restored(model_control(dir));
  restored.restore(tuner.state());
  CHECK_THAT(restored.full_report(), Catch::Contains("\n1/398 games played (2 void)\n"));
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

TEST_CASE("model_tuner: with one parameter the reports show the process", "[model_tuner]") {
  rm::test::TempDir dir;
  auto cf = model_control(dir, "",
                          "parameters:\n"
                          "  - {code: c, lower: -1, upper: 1}\n"
                          "candidate:\n"
                          "  command: [/bin/true, \"{c:%.17g}\"]\n");
  ModelTuner tuner(cf);
  std::mt19937_64 rng(2);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  CHECK_THAT(tuner.full_report(), Catch::Contains("No model yet: the first 30 games"));
  for (int i = 0; i < 300; ++i) {
    auto job = tuner.next_job();
    REQUIRE(job);
    const auto& candidate = job->job.black.code == "opp" ? job->job.white : job->job.black;
    const double c = std::stod(candidate.engine.process.argv[1]);
    tuner.on_result(result_of(job->job, unit(rng) < 1.0 / (1.0 + std::exp(8.0 * c * c))));
  }
  const auto json = tuner.json_report();
  REQUIRE(json["process"].is_object());
  CHECK(json["process"]["kind"] == "process");
  CHECK(json["model"].is_null());
  const auto& v = json["estimate"]["values"][0];
  CHECK(v["ci95_low"].get<double>() <= v["value"].get<double>());
  CHECK(v["value"].get<double>() <= v["ci95_high"].get<double>());
  CHECK(v["sampling_low"].is_null());  // no sampling region with one parameter
  CHECK_THAT(tuner.full_report(), Catch::Contains("Model: a Gaussian process over 64 bins"));
}

TEST_CASE("model_tuner: the live view's frame fits an 80x24 terminal", "[model_tuner][display]") {
  rm::test::TempDir dir;
  auto cf = model_control(dir);
  ModelTuner tuner(cf);
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  rm::report::DisplayFrame f;
  for (int i = 0; i < 200; ++i) {
    auto job = tuner.next_job();
    REQUIRE(job);
    auto lines = tuner.on_result(result_of(job->job, unit(rng) < win_probability(job->job)));
    f.recent_results.push_back(lines.screen_line);
  }
  // Eight games in flight (-j 8), a -g budget, the Ctrl-X hint: the most a frame has.
  for (int i = 0; i < 8; ++i) f.games_in_progress.push_back(tuner.next_job()->job.game_id);
  f.max_games_left = 100;
  f.stop_key_hint = true;
  f.screen_report = tuner.screen_report(f.games_in_progress);
  f.summary_lines = rm::report::live_summary_lines(tuner.json_report());
  rm::report::Progress p;
  p.games_played = 200;
  p.games_remaining = 200;
  p.games_played_this_run = 200;
  p.seconds_this_run = 600;
  p.games_left_this_run = 108;
  f.progress_line = rm::report::progress_text(p);
  const std::string text = rm::report::render_display(f);
  INFO(text);
  std::vector<std::string> lines;
  for (std::size_t start = 0, end; start < text.size(); start = end + 1) {
    end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
  }
  CHECK(lines.size() <= 23);  // the last row stays for the cursor
  for (const auto& line : lines) {
    std::size_t characters = 0;
    for (char c : line) characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    CHECK(characters <= 80);
  }
  CHECK_THAT(text, Catch::Contains("not shown worse from"));
  CHECK_THAT(text, Catch::Contains("about 5m 24s left"));  // the -g budget's 108 games
}
