// The real `ringmaster` binary on small model_tuner events with ringbot: a run to the end with
// `show` and `report --json`, SIGKILLs with resumes ending exactly like an uninterrupted run,
// and a changed parameter range refused.
#include <catch2/catch.hpp>
#include <csignal>
#include <random>
#include <set>

#include "tests/e2e/e2e_support.hpp"

using rm::test::CompetitionDir;
using namespace std::chrono_literals;

namespace {

using rm::test::small_model_event_yaml;

nlohmann::json json_report(CompetitionDir& event) {
  auto report = event.run({"report", "--json"});
  INFO(report.err);
  REQUIRE(report.exit_status == 0);
  return nlohmann::json::parse(report.out);
}

}  // namespace

TEST_CASE("model_tuner: an event runs to the end, then show and report --json",
          "[e2e][model_tuner]") {
  CompetitionDir event("model_small", small_model_event_yaml(40));
  auto f = event.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(event.committed_games() == 40);
  int wins = 0;
  std::set<std::string> ids;
  for (const auto& g : event.games()) {
    CHECK(ids.insert(g.game_id).second);
    const std::string candidate = g.black_code == "opp" ? g.white_code : g.black_code;
    CHECK(candidate == "#" + g.game_id);
    if ((g.winner == "b" ? g.black_code : g.winner == "w" ? g.white_code : "") == candidate) ++wins;
    REQUIRE(std::filesystem::exists(g.sgf_path));
    // The stored result names its candidate: the parameters in the SGF's note, the value.
    REQUIRE(g.candidate);
    if (!g.candidate) continue;
    CHECK(g.candidate->code == candidate);
    CHECK_THAT(rm::test::slurp(g.sgf_path),
               Catch::Contains("Candidate parameters: " + g.candidate->parameters));
    REQUIRE(g.candidate->values.size() == 1);
    CHECK(g.candidate->parameters == "pl: " + g.candidate->values[0].dump());
  }
  // The CSV export reads each game's parameters from its stored result.
  auto csv = event.run({"report", "--csv"});
  REQUIRE(csv.exit_status == 0);
  for (const auto& g : event.games())
    if (g.candidate)
      CHECK_THAT(csv.out, Catch::Contains("," + g.candidate->code + ",") &&
                              Catch::Contains("," + g.candidate->parameters + ","));
  auto show = event.run({"show"});
  REQUIRE(show.exit_status == 0);
  CHECK_THAT(show.out, Catch::StartsWith("Model-based tuning event: model_small\ne2e model event\n"
                                         "board size: 7\nkomi: 4.5\n40/40 games played\n\n"
                                         "Recommended: pl: "));
  const auto json = json_report(event);
  CHECK(json.at("competition_type") == "model_tuner");
  CHECK(json.at("games_played") == 40);
  CHECK(json.at("results").at("games") == 40);
  CHECK(json.at("results").at("wins") == wins);
  const auto value = json.at("estimate").at("values")[0].at("value").get<long long>();
  CHECK(value >= 2);
  CHECK(value <= 40);
  CHECK(json.at("pool").at("games_played") == 40);
  // One parameter: the whole-range process is fitted from 30 results on.
  CHECK(json.at("process").at("bins") == 64);
  CHECK(json.at("process").at("fitted_on").get<int>() >= 30);
  CHECK_THAT(show.out, Catch::Contains("\nModel: a Gaussian process over 64 bins of the range "));
  CHECK_THAT(rm::test::slurp(event.file(".hist")), Catch::Contains(" won\n"));

  // A changed range is refused with its reason.
  event.write(small_model_event_yaml(40, 50));
  auto refused = event.run({"run", "-q"});
  CHECK(refused.exit_status == 1);
  CHECK_THAT(refused.err, Catch::Contains("parameter 1: upper changed from 40.0 to 50.0"));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("model_tuner: killed at random moments, resumed, it ends as an uninterrupted run",
          "[e2e][model_tuner][kill]") {
  // One game at a time: the model sees the results in the same order as the uninterrupted
  // run, so every choice, result and fit must be the same.
  const int total = 120;
  CompetitionDir reference("model_reference", small_model_event_yaml(total));
  REQUIRE(reference.run({"run", "-j", "1", "-q"}).exit_status == 0);

  CompetitionDir event("model_killed", small_model_event_yaml(total));
  const int kills_before_the_end =
      rm::test::kill_at_random_moments(event, 4, 20261123, 150, 700, 1);
  CHECK(kills_before_the_end >= 2);
  auto last = event.run({"run", "-j", "1", "-q"});
  INFO(last.err);
  REQUIRE(last.exit_status == 0);
  REQUIRE(event.committed_games() == total);

  const auto killed_json = json_report(event);
  const auto reference_json = json_report(reference);
  CHECK(killed_json.at("results") == reference_json.at("results"));
  CHECK(killed_json.at("estimate") == reference_json.at("estimate"));
  CHECK(killed_json.at("model") == reference_json.at("model"));
  CHECK(killed_json.at("process") == reference_json.at("process"));
  CHECK_FALSE(reference_json.at("process").is_null());
  // Game for game: the same candidate, colour and result under each game id.
  std::map<std::string, std::string> reference_games;
  for (const auto& g : reference.games())
    reference_games[g.game_id] = g.black_code + " " + g.white_code + " " + g.sgf_result;
  for (const auto& g : event.games())
    CHECK(reference_games[g.game_id] == g.black_code + " " + g.white_code + " " + g.sgf_result);
}
