// The real `ringmaster` binary: `candidates` for the spsa_tuner, model_tuner and ce_tuner (the
// start, the recommendation read from the database without touching it, values given with
// --values and their errors, files rendered whole into kept directories).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "tests/e2e/e2e_support.hpp"

using rm::test::CompetitionDir;
using namespace std::chrono_literals;

namespace {

std::string spsa_yaml(int games) {
  return rm::test::small_spsa_event_yaml(games);
}

rm::test::Finished candidates(CompetitionDir& event, const std::vector<std::string>& more = {}) {
  std::vector<std::string> args{"candidates"};
  args.insert(args.end(), more.begin(), more.end());
  return event.run(args);
}

std::string file_or_none(const std::string& path) {
  return std::filesystem::exists(path) ? rm::test::slurp(path) : "(none)";
}

}  // namespace

TEST_CASE("candidates: an spsa_tuner lists its start before any game and creates no database",
          "[e2e][candidates]") {
  CompetitionDir event("cands_spsa", spsa_yaml(40));
  auto f = candidates(event);
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(f.out ==
        "spsa_tuner cands_spsa: 1 candidate (start)\n"
        "parameter c: LINEAR(0.1, 2.0)\n"
        "parameter pl: LOG(4.0, 32.0, integer=True)\n"
        "\n"
        "start: c: 1.600; pl: 6\n"
        "  command: ringbot --uct_c 1.6000 --playouts 6 --seed 5\n");
  CHECK_FALSE(std::filesystem::exists(event.file(".db")));
  CHECK_FALSE(std::filesystem::exists(event.file(".lock")));
}

TEST_CASE("candidates: after a run the recommendation is listed and the database is untouched",
          "[e2e][candidates]") {
  CompetitionDir event("cands_read", spsa_yaml(40));
  auto run = event.run({"run", "-g", "6", "-q"});
  INFO(run.err);
  REQUIRE(run.exit_status == 0);
  const std::string db = rm::test::slurp(event.file(".db"));
  const std::string wal = file_or_none(event.file(".db-wal"));
  const bool lock = std::filesystem::exists(event.file(".lock"));
  auto f = candidates(event);
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK_THAT(f.out, Catch::StartsWith("spsa_tuner cands_read: 2 candidates (start, tuned)\n"));
  CHECK_THAT(f.out, Catch::Contains("\nrecommended after 6 tuning games (tuned): c: "));
  // The same values and command line as the report's tuned engine.
  auto report = event.run({"report", "--json"});
  REQUIRE(report.exit_status == 0);
  const auto json = nlohmann::json::parse(report.out);
  const auto& tuned = json.at("tuned_command");
  std::string command;
  for (const auto& word : tuned) command += (command.empty() ? "" : " ") + word.get<std::string>();
  CHECK_THAT(f.out, Catch::Contains("tuning games (tuned): c: ") &&
                        Catch::Contains("  command: " + command + "\n"));
  CHECK(rm::test::slurp(event.file(".db")) == db);
  CHECK(file_or_none(event.file(".db-wal")) == wal);
  CHECK(std::filesystem::exists(event.file(".lock")) == lock);
}

TEST_CASE("candidates: works while a run goes on", "[e2e][candidates]") {
  CompetitionDir event("cands_running", spsa_yaml(2000));
  auto running = event.start({"run", "-q"});
  REQUIRE(event.wait_for_games(2));
  auto f = candidates(event);
  INFO(f.err);
  CHECK(f.exit_status == 0);
  CHECK_THAT(f.out, Catch::Contains("\nrecommended after "));
  auto stop = event.run({"stop"});
  CHECK(stop.exit_status == 0);
  auto finished = running->wait(60s);
  REQUIRE(finished);
  CHECK(finished->exit_status == 0);
}

TEST_CASE("candidates: --values renders the point given on the command line", "[e2e][candidates]") {
  CompetitionDir event("cands_values", spsa_yaml(40));
  auto f = candidates(event, {"--values", "pl=20, c=0.35"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK_THAT(f.out, Catch::StartsWith("spsa_tuner cands_values: 2 candidates (start, given)\n"));
  CHECK_THAT(f.out, Catch::EndsWith("\ngiven: c: 0.350; pl: 20\n"
                                    "  command: ringbot --uct_c 0.3500 --playouts 20 --seed 5\n"));
}

TEST_CASE("candidates: bad --values are refused with a clear message and exit 1",
          "[e2e][candidates]") {
  CompetitionDir event("cands_bad", spsa_yaml(40));
  const std::vector<std::pair<std::string, std::string>> cases{
      {"c=0.4,pl=8,x=1",
       "ringmaster: --values: unknown parameter 'x' (the parameters are c, pl)\n"},
      {"c=0.4", "ringmaster: --values: missing pl: give every parameter (c, pl)\n"},
      {"c=3,pl=8", "ringmaster: --values: c: 3 is outside its range, 0.1 to 2.0\n"},
      {"c=0.4,pl=8.5",
       "ringmaster: --values: pl: 8.5 is not a whole number (an integer parameter)\n"},
      {"c=abc,pl=8", "ringmaster: --values: c: 'abc' is not a number\n"},
      {"c=nan,pl=8", "ringmaster: --values: c: 'nan' is not a number\n"},
      {"c=0.4,c=0.5,pl=8", "ringmaster: --values: parameter c is given twice\n"},
      {"c 0.4", "ringmaster: --values: 'c 0.4' is not CODE=VALUE (e.g. c=...)\n"},
      {"c=0.4,,pl=8", "ringmaster: --values: an empty item in 'c=0.4,,pl=8'\n"},
      {"", "ringmaster: --values: missing c, pl: give every parameter (c, pl)\n"},
  };
  for (const auto& [values, message] : cases) {
    INFO(values);
    auto f = candidates(event, {"--values", values});
    CHECK(f.exit_status == 1);
    CHECK(f.err == message);
    CHECK(f.out.empty());
  }
  CHECK_FALSE(std::filesystem::exists(event.file(".candidates")));
  // Only with candidates: a usage error elsewhere.
  auto show = event.run({"show", "--values", "c=0.4,pl=8"});
  CHECK(show.exit_status == 2);
  CHECK_THAT(show.err, Catch::Contains("--values: only with candidates"));
  // The mc_tuner's candidates are its grid.
  CompetitionDir mc("cands_mc", rm::test::small_tuning_event_yaml(10));
  auto grid = candidates(mc, {"--values", "pl=4"});
  CHECK(grid.exit_status == 1);
  CHECK(grid.err ==
        "ringmaster: --values: an mc_tuner's candidates are its grid: list them without "
        "--values\n");
}

TEST_CASE("candidates: a model_tuner lists the centre of its ranges and given values",
          "[e2e][candidates]") {
  CompetitionDir event("cands_model",
                       "competition_type: model_tuner\n" +
                           rm::test::small_event_game_settings_yaml(8) +
                           "number_of_games: 20\n"
                           "candidate_colour: random\n"
                           "opponent: opp\n"
                           "seed: 9\n"
                           "parameters:\n"
                           "  - {code: pl, lower: 2, upper: 40, scale: LOG, integer: true, "
                           "format: 'pl: %d'}\n"
                           "candidate:\n"
                           "  command: [ringbot, --playouts, '{pl}', --seed, '5']\n");
  auto f = candidates(event, {"--values", "pl=33"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(f.out ==
        "model_tuner cands_model: 2 candidates (start, given)\n"
        "parameter pl: LOG(2.0, 40.0, integer=True)\n"
        "opponent: opp (ringbot --playouts 8 --seed 3)\n"
        "\n"
        "start: pl: 9\n"
        "  command: ringbot --playouts 9 --seed 5\n"
        "\n"
        "given: pl: 33\n"
        "  command: ringbot --playouts 33 --seed 5\n");
  auto out_of_range = candidates(event, {"--values", "pl=41"});
  CHECK(out_of_range.exit_status == 1);
  CHECK(out_of_range.err == "ringmaster: --values: pl: 41 is outside its range, 2.0 to 40.0\n");
  auto run = event.run({"run", "-g", "4", "-q"});
  REQUIRE(run.exit_status == 0);
  auto after = candidates(event);
  CHECK_THAT(after.out, Catch::Contains("\nrecommended after 4 tuning games (tuned): pl: "));
}

TEST_CASE("candidates: a ce_tuner lists its initial means and given optimiser values",
          "[e2e][candidates]") {
  CompetitionDir event("cands_ce", rm::test::small_ce_event_yaml(4, 1, 2, 8));
  auto f = candidates(event, {"--values", "pl=1"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(f.out ==
        "ce_tuner cands_ce: 2 candidates (start, given)\n"
        "parameter pl: EXPRESSION('max(2, 10^x)', integer=True)\n"
        "opponent: opp (ringbot --playouts 8 --seed 3)\n"
        "\n"
        "start: pl: 20\n"
        "  command: ringbot --playouts 20 --seed 5\n"
        "\n"
        "given: pl: 10\n"
        "  command: ringbot --playouts 10 --seed 5\n");
  auto bad = candidates(event, {"--values", "pl=x"});
  CHECK(bad.exit_status == 1);
  CHECK(bad.err == "ringmaster: --values: pl: 'x' is not a number\n");
}

TEST_CASE("candidates: a template's files are rendered whole into kept directories",
          "[e2e][candidates]") {
  const std::string code = "cands_files";
  CompetitionDir event(
      code, spsa_yaml(40) + "  files:\n    data.txt: {template: " + code + "-data.in}\n");
  const std::string filler(200000, 'x');
  std::ofstream(event.file("-data.in")) << "c {c:%.3f}\npl {pl}\n" << filler << "\nend\n";
  auto f = candidates(event, {"--values", "c=0.5,pl=12"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  const std::string start_dir = event.file(".candidates/start");
  const std::string given_dir = event.file(".candidates/given");
  CHECK_THAT(f.out, Catch::Contains("start: c: 1.600; pl: 6\n  files_dir: " + start_dir + "\n"));
  CHECK_THAT(f.out, Catch::Contains("given: c: 0.500; pl: 12\n  files_dir: " + given_dir + "\n"));
  const std::size_t size = std::string("c 0.500\npl 12\n").size() + filler.size() + 5;
  CHECK_THAT(f.out, Catch::Contains("  file: " + given_dir + "/data.txt (" + std::to_string(size) +
                                    " bytes)\n"));
  CHECK(rm::test::slurp(start_dir + "/data.txt") == "c 1.600\npl 6\n" + filler + "\nend\n");
  CHECK(rm::test::slurp(given_dir + "/data.txt") == "c 0.500\npl 12\n" + filler + "\nend\n");
}
