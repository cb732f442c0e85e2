// The settings added for parallel games and validation: mc_tuner's in_flight_visits and every
// tuner's `validation`, with their defaults and errors (file:line:column and the setting).
#include <catch2/catch.hpp>

#include "ringmaster/competitions/ce_tuner/ce_tuner_settings.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner_settings.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::CeTunerSettings;
using rm::comp::InFlightVisits;
using rm::comp::load_control_file;
using rm::comp::McTunerSettings;
using rm::comp::ModelTunerSettings;
using rm::control::testing::TempDir;
using rm::control::testing::valid_control;

namespace {

ControlFile load(const TempDir& dir, const std::string& text) {
  return load_control_file(dir.write("tune.yaml", text));
}

std::string error_of(const TempDir& dir, const std::string& text) {
  return rm::control::testing::load_error(dir, "tune.yaml", text);
}

// valid_control() has 17 lines; the extra settings start at line 18.
const std::string kCe =
    "competition_type: ce_tuner\n"
    "players:\n"
    "  opp: {command: [ringbot]}\n"
    "board_size: 9\n"
    "komi: 7.5\n"
    "candidate_colour: b\n"
    "opponent: opp\n"
    "samples_per_generation: 4\n"
    "batch_size: 2\n"
    "number_of_generations: 3\n"
    "elite_proportion: 0.5\n"
    "step_size: 0.5\n"
    "parameters:\n"
    "  - {code: pl, initial_mean: 2, initial_variance: 0.1}\n"
    "candidate: {command: [ringbot, --playouts, '{pl}']}\n";

const std::string kModel =
    "competition_type: model_tuner\n"
    "players:\n"
    "  opp: {command: [ringbot]}\n"
    "board_size: 9\n"
    "komi: 7.5\n"
    "number_of_games: 100\n"
    "candidate_colour: w\n"
    "opponent: opp\n"
    "parameters:\n"
    "  - {code: pl, lower: 10, upper: 100}\n"
    "candidate: {command: [ringbot, --playouts, '{pl}']}\n";

}  // namespace

TEST_CASE("in_flight_visits: none by default, virtual_loss on request", "[control][validation]") {
  TempDir dir;
  auto plain = load(dir, valid_control());
  CHECK(plain.settings<McTunerSettings>().in_flight_visits == InFlightVisits::None);
  auto none = load(dir, valid_control("in_flight_visits: none\n"));
  CHECK(none.settings<McTunerSettings>().in_flight_visits == InFlightVisits::None);
  auto virtual_loss = load(dir, valid_control("in_flight_visits: virtual_loss\n"));
  CHECK(virtual_loss.settings<McTunerSettings>().in_flight_visits == InFlightVisits::VirtualLoss);
  auto virtual_visit = load(dir, valid_control("in_flight_visits: virtual_visit\n"));
  CHECK(virtual_visit.settings<McTunerSettings>().in_flight_visits == InFlightVisits::VirtualVisit);
}

TEST_CASE("in_flight_visits: other values are refused with their position",
          "[control][validation]") {
  TempDir dir;
  CHECK_THAT(error_of(dir, valid_control("in_flight_visits: virtual\n")),
             Catch::StartsWith("tune.yaml:18:19: in_flight_visits: "));
  CHECK_THAT(error_of(dir, valid_control("in_flight_visits: virtual\n")),
             Catch::Contains("virtual_loss"));
  CHECK_THAT(error_of(dir, valid_control("in_flight_visit: none\n")),
             Catch::StartsWith("tune.yaml:18:1: ") && Catch::Contains("in_flight_visits"));
  // Only the mc_tuner has it (ce_tuner and model_tuner spread parallel games already).
  CHECK_THAT(error_of(dir, kModel + "in_flight_visits: none\n"),
             Catch::StartsWith("tune.yaml:12:1: "));
}

TEST_CASE("validation: off by default, read for every tuner", "[control][validation]") {
  TempDir dir;
  auto plain = load(dir, valid_control());
  CHECK_FALSE(plain.settings<McTunerSettings>().validation.enabled());

  auto mc = load(dir, valid_control("number_of_games: 1000\n"
                                    "validation: {every: 500, games: 50, at_end: 100}\n"));
  const auto& v = mc.settings<McTunerSettings>().validation;
  CHECK(v.every == 500);
  CHECK(v.games == 50);
  CHECK(v.at_end == 100);
  CHECK(v.enabled());

  auto ce = load(dir, kCe + "validation: {at_end: 20}\n");
  const auto& cv = ce.settings<CeTunerSettings>().validation;
  CHECK(cv.every == 0);
  CHECK(cv.games == 0);
  CHECK(cv.at_end == 20);
  CHECK(cv.enabled());

  auto model = load(dir, kModel + "validation:\n  every: 30\n  games: 10\n");
  const auto& mv = model.settings<ModelTunerSettings>().validation;
  CHECK(mv.every == 30);
  CHECK(mv.games == 10);
  CHECK(mv.at_end == 0);

  auto zeros = load(dir, valid_control("validation: {every: 0, games: 0, at_end: 0}\n"));
  CHECK_FALSE(zeros.settings<McTunerSettings>().validation.enabled());
}

TEST_CASE("validation: errors name file:line:column and the setting", "[control][validation]") {
  TempDir dir;
  CHECK(error_of(dir, valid_control("validation: {every: -1, games: 5}\n")) ==
        "tune.yaml:18:21: validation.every: must be an integer from 0 to 1000000000 (got -1)");
  CHECK(error_of(dir, valid_control("validation: {every: 10, games: 2.5}\n")) ==
        "tune.yaml:18:32: validation.games: must be an integer (got '2.5')");
  CHECK(error_of(dir, valid_control("validation: {at_end: 10000000000}\n")) ==
        "tune.yaml:18:22: validation.at_end: must be an integer from 0 to 1000000000 (got "
        "10000000000)");
  // The docs always said at_end needs number_of_games: without one there is no end.
  CHECK(error_of(dir, valid_control("validation: {at_end: 10}\n")) ==
        "tune.yaml:18:22: validation.at_end: needs number_of_games (without it the tuning has "
        "no end for a final round)");
  std::string endless_model = kModel;
  endless_model.erase(endless_model.find("number_of_games: 100\n"), 21);
  CHECK_THAT(error_of(dir, endless_model + "validation: {every: 5, games: 2, at_end: 3}\n"),
             Catch::StartsWith("tune.yaml:11:42: validation.at_end: needs number_of_games"));
  CHECK_NOTHROW(load(dir, valid_control("validation: {every: 5, games: 2, at_end: 0}\n")));
  CHECK(error_of(dir, valid_control("validation: {every: 10}\n")) ==
        "tune.yaml:18:13: validation: every needs games (the games of each validation round)");
  CHECK(error_of(dir, valid_control("validation: {games: 10}\n")) ==
        "tune.yaml:18:13: validation: games needs every (how many tuning games between rounds)");
  CHECK_THAT(
      error_of(dir, valid_control("validation: {every: 10, games: 0}\n")),
      Catch::StartsWith("tune.yaml:18:32: validation.games: must be positive when every is"));
  CHECK_THAT(error_of(dir, valid_control("validation: {every: 10, game: 3}\n")),
             Catch::StartsWith("tune.yaml:18:25: ") && Catch::Contains("games"));
  CHECK_THAT(error_of(dir, valid_control("validation: 50\n")),
             Catch::StartsWith("tune.yaml:18:13: validation"));
  // Counts are refused, not wrapped: 50 rounds of 300000000 games once showed as negative.
  CHECK(error_of(dir, kModel + "validation: {every: 2, games: 300000000}\n") ==
        "tune.yaml:12:13: validation: tuning and validation together would play 15000000100 "
        "games (100 tuning, 50 rounds of 300000000, 0 at the end): at most 2147483647");
  CHECK_THAT(error_of(dir, kCe + "validation: {every: 1, games: 100000000}\n"),
             Catch::StartsWith("tune.yaml:16:13: validation: tuning and validation together "
                               "would play 2400000024 games"));
  CHECK_NOTHROW(load(dir, kModel + "validation: {every: 2, games: 40000000}\n"));
  CHECK_THAT(error_of(dir, kCe + "validation: {at_end: x}\n"),
             Catch::StartsWith("tune.yaml:16:22: validation.at_end: "));
  CHECK_THAT(error_of(dir, kModel + "validation: {every: 5, games: -2}\n"),
             Catch::StartsWith("tune.yaml:12:31: validation.games: "));
}
