// Simulated SPSA runs: the game model, determinism, games in flight, the variants, the
// agreement with spsa_simul's theory on a small design, the spsa_tuner playing them with the
// search-driven simulator's numbers, and the ringmaster-simulate-spsa command line.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "ringmaster/competitions/spsa_tuner/spsa_design.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner.hpp"
#include "ringmaster/simulation/paired.hpp"
#include "ringmaster/simulation/spsa_run.hpp"
#include "ringmaster/simulation/spsa_variant.hpp"
#include "ringmaster/simulation/tuner_spec.hpp"
#include "tests/support/program_output.hpp"

using namespace rm::simulation;
namespace spsa = rm::comp::spsa;

namespace {

using Output = rm::test::ProgramOutput;

Output run_simulate_spsa(const std::string& arguments) {
  return rm::test::run_program(std::string(RM_BIN_DIR) + "/ringmaster-simulate-spsa " + arguments +
                               " 2>&1");
}

// A small design: 4 parameters, 20 Elo at half a range, precision 4 Elo (12,079 games).
spsa::DesignInput small_design() {
  spsa::DesignInput in;
  in.elo_at_half_range.assign(4, 20.0);
  in.precision = 4.0;
  return in;
}

SpsaRunSpec run_spec(const EloSurface& surface, const spsa::Design& design, int run,
                     SpsaPlay play = SpsaPlay::SingleGame) {
  SpsaRunSpec spec;
  spec.search = variant_settings(parse_spsa_variant("plain"), design, surface.start_point(10.0),
                                 static_cast<std::uint64_t>(run), design.games);
  spec.play = play;
  spec.start_elo = 10.0;
  spec.budget = design.games;
  spec.outcome_seed = 1000 + static_cast<std::uint64_t>(run);
  return spec;
}

}  // namespace

TEST_CASE("spsa run: games follow the logistic Elo model with its draw ratio", "[simulation]") {
  CHECK(game_score(0.0, 0.0, 0.4999) == 1.0);
  CHECK(game_score(0.0, 0.0, 0.5) == 0.0);
  CHECK(game_score(0.0, 0.1, 0.5) == 0.5);
  CHECK(game_score(0.0, 0.1, 0.96) == 0.0);
  // 100 Elo stronger: expected score 0.640.
  double points = 0.0;
  for (int i = 0; i < 10000; ++i) points += game_score(100.0, 0.0, (i + 0.5) / 10000.0);
  CHECK(points / 10000.0 == Approx(1.0 / (1.0 + std::pow(10.0, -0.25))).margin(1e-3));
}

TEST_CASE("spsa run: the same seeds give the same run, in flight or not", "[simulation]") {
  const spsa::Design design = spsa::design_spsa(small_design());
  const EloSurface surface(SurfaceSpec{small_design().elo_at_half_range, {}, {}, false, 0});
  for (SpsaPlay play : {SpsaPlay::GamePair, SpsaPlay::SingleGame, SpsaPlay::OpponentAtOptimum,
                        SpsaPlay::OpponentAtStart}) {
    SpsaRunSpec spec = run_spec(surface, design, 1, play);
    spec.budget = 2001;
    const SpsaRunResult a = simulate_spsa_run(surface, spec);
    CHECK(simulate_spsa_run(surface, spec).loss == a.loss);
    CHECK(a.games >= 2001);
    CHECK(a.games <= 2002);
    spec.in_flight = 16;
    const SpsaRunResult b = simulate_spsa_run(surface, spec);
    CHECK(simulate_spsa_run(surface, spec).loss == b.loss);
    CHECK(b.games == a.games);
  }
}

TEST_CASE("spsa run: plain SPSA's mean final loss agrees with spsa_simul's theory",
          "[simulation]") {
  const spsa::DesignInput in = small_design();
  const spsa::Design design = spsa::design_spsa(in);
  REQUIRE(design.games == 12079);
  const EloSurface surface(SurfaceSpec{in.elo_at_half_range, {}, {}, false, 0});
  std::vector<double> losses;
  int within = 0;
  for (int run = 0; run < 100; ++run) {
    losses.push_back(simulate_spsa_run(surface, run_spec(surface, design, run)).loss);
    within += losses.back() <= in.precision;
  }
  const MeanAndError mean = mean_and_error(losses);
  const double theory =
      spsa::predicted_mean_loss(design, in, in.elo_at_half_range, std::vector<double>(4, 0.0),
                                surface.start_point(10.0), static_cast<double>(design.games));
  CHECK(theory == Approx(1.707).margin(1e-3));
  CHECK(std::fabs(mean.mean - theory) < 4.0 * mean.standard_error);
  CHECK(within >= 85);
}

TEST_CASE("spsa run: variants", "[simulation]") {
  const SpsaVariant v = parse_spsa_variant("avg:r=2:from=0.25:c=0.5");
  CHECK(v.average_from == 0.25);
  CHECK(v.r_factor == 2.0);
  CHECK(v.c_factor == 0.5);
  CHECK(parse_spsa_variant("avg").average_from == 0.5);
  CHECK(parse_spsa_variant("plain").average_from < 0.0);
  const spsa::Design design = spsa::design_spsa(small_design());
  const auto s = variant_settings(v, design, std::vector<double>(4, 0.1), 3, 1000);
  CHECK(s.r == Approx(2.0 * design.r));
  CHECK(s.c[0] == Approx(1.0 / 6.0));
  CHECK(s.average_from_games == 250);
  const long half = design.games / 2;  // a budget is whole games
  const auto budget = variant_settings(parse_spsa_variant("avg:c=budget:cmax=1.2"), design,
                                       std::vector<double>(4, 0.1), 3, half);
  CHECK(budget.c[0] == Approx(1.2 * design.c[0]));
  CHECK(budget.r == Approx(design.r));
  CHECK(budget.average_from_games == std::lround(0.5 * static_cast<double>(half)));
  CHECK(variant_settings(parse_spsa_variant("avg:c=budget"), design, std::vector<double>(4, 0.1), 3,
                         design.games)
            .c[0] == Approx(design.c[0]));
  // "budget" is the tuner's settings_for_budget.
  const spsa::SearchSettings tuned = variant_settings(
      parse_spsa_variant("budget"), design, std::vector<double>(4, 0.1), 3, design.games / 2);
  const spsa::SearchSettings expected =
      spsa::settings_for_budget(design, std::vector<double>(4, 0.1), 3, design.games / 2);
  CHECK(tuned.c == expected.c);
  CHECK(tuned.r == expected.r);
  CHECK(tuned.early_r_factor == expected.early_r_factor);
  CHECK(tuned.early_r_games == expected.early_r_games);
  CHECK(tuned.average_from_games == expected.average_from_games);
  CHECK_THROWS_AS(parse_spsa_variant("plain:cmax=0.5"), std::invalid_argument);
  CHECK_THROWS_AS(parse_spsa_variant("fancy"), std::invalid_argument);
  CHECK_THROWS_AS(parse_spsa_variant("plain:from=0.5"), std::invalid_argument);
  CHECK_THROWS_AS(parse_spsa_variant("avg:r=x"), std::invalid_argument);
  CHECK_THROWS_AS(variant_settings(parse_spsa_variant("plain:c=3"), design,
                                   std::vector<double>(4, 0.1), 3, 1000),
                  std::invalid_argument);
}

TEST_CASE("ringmaster-simulate-spsa: table, paired differences and JSON", "[simulation]") {
  const std::string args =
      "-d 3 -E 20 --precision 4 -t plain,avg -b 0.5x,2000 -r 4 --baseline plain --json -";
  const Output out = run_simulate_spsa(args + " -j 2");
  REQUIRE(out.status == 0);
  CHECK(out.text.find("final Elo loss, 4 runs per row") != std::string::npos);
  CHECK(out.text.find("paired difference from plain") != std::string::npos);
  const auto json = nlohmann::json::parse(out.text.substr(out.text.find("{\n")));
  REQUIRE(json["rows"].size() == 4);  // variants x budgets
  CHECK(json["rows"][0]["losses"].size() == 4);
  CHECK(json["rows"][2].contains("paired"));
  const Output again = run_simulate_spsa(args + " -j 1");
  CHECK(nlohmann::json::parse(again.text.substr(again.text.find("{\n")))["rows"] == json["rows"]);
}

TEST_CASE("ringmaster-simulate-spsa: a surface other than the design's guess", "[simulation]") {
  const auto run = [](const std::string& extra) {
    const Output out = run_simulate_spsa("-d 3 -E 8 --precision 4 -b 2000 -r 3 --json - " + extra);
    REQUIRE(out.status == 0);
    return std::make_pair(out.text, nlohmann::json::parse(out.text.substr(out.text.find("{\n"))));
  };
  const auto [plain_text, guessed] = run("");
  CHECK(plain_text.find("differs from the surface") == std::string::npos);
  // The truth as guessed: the same table.
  CHECK(run("--true-elos 8").second["rows"] == guessed["rows"]);
  // One parameter of no effect, one four times the guess: the same design, another surface.
  const auto [text, wrong] = run("--true-elos 0,32,8");
  CHECK(text.find("the design's guess (-E) differs from the surface's Elo (--true-elos)") !=
        std::string::npos);
  CHECK(wrong["design"] == guessed["design"]);
  CHECK(wrong["true_elos"] == nlohmann::json({0.0, 32.0, 8.0}));
  CHECK(wrong["rows"][0]["losses"] != guessed["rows"][0]["losses"]);
  CHECK(run_simulate_spsa("-d 2 --true-elos -1").status == 2);
}

TEST_CASE("ringmaster-simulate-spsa: bad arguments exit 2 with a message", "[simulation]") {
  for (const std::string args : {"-d 0", "-t fancy", "--surface cubic", "--play alone", "-b 0x",
                                 "--baseline avg", "--start-elo 1000", "--bogus 1"}) {
    INFO(args);
    const Output out = run_simulate_spsa(args);
    CHECK(out.status == 2);
    CHECK(out.text.find("ringmaster-simulate-spsa: ") == 0);
  }
}

TEST_CASE("spsa run: the spsa_tuner plays with a tool's search settings", "[simulation]") {
  SpsaControlSpec control;
  control.stated_elo.assign(4, 20.0);
  control.precision = 4.0;
  control.number_of_games = 20;
  rm::comp::SpsaTuner tuner(spsa_simulation_control_file(control));
  const spsa::Design design = spsa::design_spsa(small_design());
  const spsa::SearchSettings settings =
      variant_settings(parse_spsa_variant("avg:r=2"), design, std::vector<double>(4, 0.25), 7,
                       control.number_of_games);
  CHECK_THROWS_AS(tuner.use_search_settings(variant_settings(parse_spsa_variant("plain"), design,
                                                             std::vector<double>(3, 0.0), 7, 20)),
                  std::invalid_argument);
  tuner.use_search_settings(settings);
  CHECK(tuner.search().settings().r == settings.r);
  CHECK(tuner.search().theta() == settings.start);
  // Pair 0's games, head to head: plus against minus.
  const auto a = tuner.next_job();
  REQUIRE(a);
  CHECK(a->job.game_id == "0a");
  REQUIRE(a->job.opponent_candidate);
  CHECK(tuner.next_job()->job.game_id == "0b");
  CHECK_THROWS_AS(tuner.use_search_settings(settings), std::logic_error);
}

TEST_CASE("spsa run: through the spsa_tuner the losses are the search-driven simulator's",
          "[simulation]") {
  // The research simulator drives the search alone (it is about 150x cheaper); this pins it,
  // run by run, to the spsa_tuner competition playing the same games. The losses were measured
  // with the search-driven simulator before the tuner could be driven at all.
  const std::string common =
      "-d 4 -E 20 --precision 4 -s 3 -t budget -b 2001 -r 2 -n 4 "
      "--draw-ratio 0.1 --json - --play ";
  const std::vector<std::pair<std::string, std::vector<double>>> expected{
      {"pair", {2.3074555978579263, 0.4405635282144816}},
      {"opponent-start", {4.409334410048863, 6.303410638789805}},
      {"opponent-optimum", {4.436016846456442, 6.227266935061349}}};
  const auto losses = [](const std::string& args) {
    const Output out = run_simulate_spsa(args);
    REQUIRE(out.status == 0);
    const auto json = nlohmann::json::parse(out.text.substr(out.text.find("{\n")));
    std::vector<double> all;
    for (const auto& row : json["rows"])
      for (const double loss : row["losses"]) all.push_back(loss);
    return all;
  };
  for (const auto& [play, pinned] : expected) {
    INFO(play);
    CHECK(losses(common + play) == pinned);
    CHECK(losses(common + play + " --through-tuner") == pinned);
  }
  // Lopsided, interacting, optima anywhere: every variant, several pairs in flight.
  const std::string rotated =
      "-d 3 -E 4,12,30 --precision 4 --surface asymmetric --rotate "
      "--optimum-spread 0.45 -t plain,avg,budget -b 1500,3000 -r 2 -n 3 "
      "-s 11 --json - ";
  const std::vector<double> search = losses(rotated);
  CHECK(search.size() == 12);
  CHECK(losses(rotated + "--through-tuner") == search);
  CHECK(run_simulate_spsa("-d 2 --play game --through-tuner").status == 2);
}
