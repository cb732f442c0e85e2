// The real `ringmaster` binary with ringbot: validation games of the recommended candidate
// (recorded, reported, not fed to the tuner; exact across stops and kills), mc_tuner's
// virtual loss with parallel games, and `playoff-file` turning the result into a playoff.
#include <catch2/catch.hpp>
#include <fstream>
#include <set>

#include "tests/e2e/e2e_support.hpp"

using rm::test::CompetitionDir;
using namespace std::chrono_literals;

namespace {

std::string mc_yaml(const std::string& extra) {
  return rm::test::small_tuning_event_yaml(20) + extra;
}

std::string ce_yaml(int generations) {
  return rm::test::small_ce_event_yaml(
      6, 4, generations, 40,
      "description: e2e ce validation\nvalidation: {every: 24, games: 6, at_end: 10}\n");
}

const std::string kScripted = std::string(RM_BIN_DIR) + "/scripted_engine";

// An mc_tuner whose candidate (a scripted engine) reads a rendered file at startup and before
// every move and crashes unless the file is whole: its first line names the candidate's
// value, then 800 KB of filler, then the line "end".
std::string checked_files_yaml(const std::string& code, const std::string& validation) {
  return "competition_type: mc_tuner\n" + rm::test::small_event_game_settings_yaml(8) +
         "number_of_games: 8\n"
         "candidate_colour: w\n"
         "opponent: opp\n"
         "exploration_coefficient: 0.45\n"
         "initial_visits: 2\n"
         "initial_wins: 1\n"
         "seed: 42\n"
         "parameters:\n"
         "  - {code: pl, scale: 'LOG(2, 40, integer)', split: 3, format: 'pl: %d'}\n"
         "validation: " +
         validation +
         "\n"
         "candidate:\n"
         "  command: ['" +
         kScripted +
         "', --check-file, '{files_dir}/data.txt', --seed, '3']\n"
         "  files:\n"
         "    data.txt: {template: " +
         code + "-data.in}\n";
}

void write_checked_template(const CompetitionDir& event) {
  std::ofstream out(event.file("-data.in"), std::ios::binary);
  out << "value {pl}\n";
  for (int line = 0; line < 15000; ++line)
    out << "filler line " << line << " of the rendered candidate file.........\n";
  out << "end\n";
}

nlohmann::json json_report(CompetitionDir& event) {
  auto report = event.run({"report", "--json"});
  INFO(report.err);
  REQUIRE(report.exit_status == 0);
  return nlohmann::json::parse(report.out);
}

}  // namespace

TEST_CASE(
    "validation: an mc_tuner with virtual loss and -j 2 plays, records and reports its rounds",
    "[e2e][validation]") {
  CompetitionDir event("validated", mc_yaml("in_flight_visits: virtual_loss\n"
                                            "validation: {every: 8, games: 3, at_end: 5}\n"));
  auto f = event.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(event.committed_games() == 20 + 2 * 3 + 5);
  std::set<std::string> validation_ids;
  for (const auto& g : event.games()) {
    REQUIRE(std::filesystem::exists(g.sgf_path));
    if (g.game_id[0] != 'v') continue;
    validation_ids.insert(g.game_id);
    CHECK_THAT(rm::test::slurp(g.sgf_path), Catch::Contains("Validation round "));
  }
  CHECK(validation_ids == std::set<std::string>{"v1#0", "v1#1", "v1#2", "v2#0", "v2#1", "v2#2",
                                                "v3#0", "v3#1", "v3#2", "v3#3", "v3#4"});
  const auto json = json_report(event);
  CHECK(json.at("games_played") == 20);
  CHECK(json.at("tree").at("games") == 20);         // the tuner saw its own games only
  CHECK(json.at("pool").at("games_played") == 20);  // rebuilt from the store without them
  const auto& rounds = json.at("validation").at("rounds");
  REQUIRE(rounds.size() == 3);
  CHECK(rounds[2].at("at_end") == true);
  CHECK(rounds[2].at("played") == 5);
  CHECK(rounds[2].at("values") == json.at("best").at("engine_values"));
  const std::string report = rm::test::slurp(event.file(".report"));
  CHECK_THAT(report, Catch::Contains(
                         "validation (recommended candidate v opp):\nround 1 after 8 games: pl: "));
  CHECK_THAT(report, Catch::Contains("final round 3 after 20 games: pl: "));
  CHECK_THAT(report, Catch::Contains("  5/5 games: "));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("validation: an mc_tuner run in pieces (-g) ends as an uninterrupted run",
          "[e2e][validation]") {
  const std::string yaml = mc_yaml("validation: {every: 6, games: 4, at_end: 4}\n");
  CompetitionDir whole("whole", yaml);
  REQUIRE(whole.run({"run", "-q"}).exit_status == 0);
  CompetitionDir pieces("pieces", yaml);
  for (int run = 0; run < 10 && pieces.committed_games() < 20 + 3 * 4 + 4; ++run)
    REQUIRE(pieces.run({"run", "-q", "-g", "5"}).exit_status == 0);
  CHECK(pieces.committed_games() == 20 + 3 * 4 + 4);
  const auto a = json_report(whole);
  const auto b = json_report(pieces);
  CHECK(a.at("tree") == b.at("tree"));
  CHECK(a.at("best") == b.at("best"));
  CHECK(a.at("validation") == b.at("validation"));
}

TEST_CASE("validation: a ce_tuner killed at random moments ends as an uninterrupted run",
          "[e2e][validation][kill]") {
  CompetitionDir reference("ce_val_reference", ce_yaml(3));
  REQUIRE(reference.run({"run", "-j", "2", "-q"}).exit_status == 0);
  CompetitionDir event("ce_val_killed", ce_yaml(3));
  rm::test::kill_at_random_moments(event, 3, 20261123, 200, 900);
  auto last = event.run({"run", "-j", "2", "-q"});
  INFO(last.err);
  REQUIRE(last.exit_status == 0);
  CHECK(event.committed_games() == 72 + 2 * 6 + 10);
  const auto a = json_report(reference);
  const auto b = json_report(event);
  CHECK(a.at("distribution") == b.at("distribution"));
  CHECK(a.at("validation") == b.at("validation"));
  CHECK(b.at("validation").at("rounds").size() == 3);
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("playoff-file: the recommended candidate as a playoff with an SPRT, which runs",
          "[e2e][validation][playoff-file]") {
  CompetitionDir event("tuned",
                       rm::test::small_tuning_event_yaml(12) + "validation: {at_end: 2}\n");
  auto before = event.run({"playoff-file"});
  CHECK(before.exit_status == 1);
  CHECK_THAT(before.err, Catch::Contains("no status file"));
  REQUIRE(event.run({"run", "-q", "-j", "2"}).exit_status == 0);
  const auto json = json_report(event);
  const std::string playouts = std::to_string(json.at("best").at("engine_values")[0].get<int>());

  auto written = event.run({"playoff-file"});
  INFO(written.err);
  REQUIRE(written.exit_status == 0);
  const std::string confirm = event.file("-confirm.yaml");
  CHECK(written.out == "wrote " + confirm + " (tuned: pl: " + playouts + " v opp)\n");
  const std::string text = rm::test::slurp(confirm);
  CHECK_THAT(text, Catch::Contains("competition_type: playoff\n"));
  CHECK_THAT(text, Catch::Contains("command: [ringbot, --playouts, " + playouts + ", --seed, 5]"));
  CHECK_THAT(text, Catch::Contains("sprt: {elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05}"));
  CHECK_THAT(text, Catch::Contains("alternating: true"));

  auto again = event.run({"playoff-file"});
  CHECK(again.exit_status == 1);
  CHECK_THAT(again.err, Catch::Contains("already exists"));
  auto unknown = event.run({"playoff-file", "--baseline", "nobody"});
  CHECK(unknown.exit_status == 1);
  CHECK_THAT(unknown.err, Catch::Contains("--baseline: unknown player nobody"));
  auto to_stdout = event.run({"playoff-file", "-o", "-", "--baseline", "opp"});
  CHECK(to_stdout.exit_status == 0);
  CHECK_THAT(to_stdout.out, Catch::Contains("player_2: opp"));

  // The written file is a valid playoff that runs.
  CompetitionDir playoff("confirm", text);
  auto played = playoff.run({"run", "-q", "-g", "4"});
  INFO(played.err);
  REQUIRE(played.exit_status == 0);
  CHECK(playoff.committed_games() == 4);
  auto shown = playoff.run({"show"});
  CHECK_THAT(shown.out, Catch::Contains("tuned v opp (4/2000 games)"));
  CHECK_THAT(shown.out, Catch::Contains("SPRT [0, 20] alpha 0.05 beta 0.05"));
}

TEST_CASE(
    "validation: at -j 4 no engine starts on a partial candidate file, each directory is "
    "written once, whole",
    "[e2e][validation][files]") {
  CompetitionDir event("checked_files",
                       checked_files_yaml("checked_files", "{every: 4, games: 16, at_end: 32}"));
  write_checked_template(event);
  auto f = event.run({"run", "-j", "4", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  const std::string log = rm::test::slurp(event.file(".log"));
  CHECK_THAT(log, !Catch::Contains("is incomplete"));
  int validation_games = 0;
  for (const auto& g : event.games()) {
    INFO(g.game_id);
    CHECK_FALSE(g.is_void);
    if (g.game_id[0] == 'v') ++validation_games;
  }
  CHECK(validation_games == 16 + 32);
  const auto json = json_report(event);
  const auto& rounds = json.at("validation").at("rounds");
  REQUIRE(rounds.size() == 2);
  for (const auto& round : rounds) {
    CHECK(round.at("void") == 0);
    CHECK(round.at("played") == round.at("games"));
  }
  // The rounds' directories hold the round's values, whole.
  for (const char* dir : {"v1", "v2"}) {
    const std::string text = rm::test::slurp(event.file(".candidates/") + dir + "/data.txt");
    CHECK_THAT(text, Catch::StartsWith("value "));
    CHECK_THAT(text, Catch::EndsWith("\nend\n"));
  }
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}
