// The real `ringmaster` binary on small spsa_tuner events with ringbot: head to head and
// against an opponent run to the end (each pair's two games, both candidates recorded, the
// reports), and SIGKILLs with resumes ending exactly like an uninterrupted run.
#include <catch2/catch.hpp>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include "engine/process/process.hpp"
#include "tests/e2e/e2e_support.hpp"

using rm::test::CompetitionDir;
using namespace std::chrono_literals;

namespace {

std::string spsa_yaml(int games, const std::string& mode = "") {
  return rm::test::small_spsa_event_yaml(games, "description: e2e spsa event\n" + mode);
}

nlohmann::json json_report(CompetitionDir& event) {
  auto report = event.run({"report", "--json"});
  INFO(report.err);
  REQUIRE(report.exit_status == 0);
  return nlohmann::json::parse(report.out);
}

}  // namespace

TEST_CASE("spsa_tuner: head to head runs to the end, each pair colour-swapped",
          "[e2e][spsa_tuner]") {
  CompetitionDir event("spsa_small", spsa_yaml(40));
  auto f = event.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(event.committed_games() == 40);
  std::set<std::string> ids;
  std::map<std::string, std::string> black_of;  // game id -> black's code
  for (const auto& g : event.games()) {
    CHECK(ids.insert(g.game_id).second);
    black_of[g.game_id] = g.black_code;
    // Both players are candidates, and the stored result names both.
    REQUIRE(g.candidate);
    REQUIRE(g.opponent_candidate);
    if (!g.candidate || !g.opponent_candidate) continue;
    const std::string pair = g.game_id.substr(0, g.game_id.size() - 1);
    CHECK(g.candidate->code == "#" + pair + "+");
    CHECK(g.opponent_candidate->code == "#" + pair + "-");
    CHECK(std::set<std::string>{g.black_code, g.white_code} ==
          std::set<std::string>{g.candidate->code, g.opponent_candidate->code});
    CHECK_THAT(rm::test::slurp(g.sgf_path),
               Catch::Contains(g.candidate->code + ": " + g.candidate->parameters));
  }
  for (int n = 0; n < 20; ++n) {
    const std::string a = std::to_string(n) + "a", b = std::to_string(n) + "b";
    REQUIRE(black_of.count(a) == 1);
    REQUIRE(black_of.count(b) == 1);
    CHECK(black_of[a] != black_of[b]);  // colours swapped within the pair
  }
  const auto json = json_report(event);
  CHECK(json.at("competition_type") == "spsa_tuner");
  CHECK(json.at("mode") == "head_to_head");
  CHECK(json.at("games_played") == 40);
  CHECK(json.at("pairs").at("played") == 20);
  CHECK(json.at("pairs").at("in_flight") == 0);
  long pairs = 0;
  for (const auto& n : json.at("pentanomial")) pairs += n.get<long>();
  CHECK(pairs == 20);
  REQUIRE(json.at("estimate").at("values").size() == 2);
  const double c = json.at("estimate").at("values")[0].at("value").get<double>();
  CHECK(c >= 0.1);
  CHECK(c <= 2.0);
  CHECK(json.at("trajectory").size() == 21);  // the start and every pair (stride 2 games)
  CHECK(json.at("tuned_command")[0] == "ringbot");
  auto show = event.run({"show"});
  REQUIRE(show.exit_status == 0);
  CHECK_THAT(show.out, Catch::StartsWith("SPSA tuning event: spsa_small\ne2e spsa event\n"
                                         "board size: 7\nkomi: 4.5\n40/40 games played (20 pairs)\n"
                                         "\nRecommended: c: "));
  CHECK_THAT(show.out, Catch::Contains("Confirm it against the start: ringmaster match -e "));
  auto report = event.run({"report"});
  REQUIRE(report.exit_status == 0);
  CHECK_THAT(rm::test::slurp(event.file(".report")), Catch::Contains("\nTrajectory (theta):\n"));

  // The budget is part of the design: a changed one is refused with its reason.
  event.write(spsa_yaml(60));
  auto refused = event.run({"run", "-q"});
  CHECK(refused.exit_status == 1);
  CHECK_THAT(refused.err, Catch::Contains("number_of_games changed from 40 to 60"));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("spsa_tuner: against an opponent, plus and minus each play it once",
          "[e2e][spsa_tuner]") {
  CompetitionDir event("spsa_opponent", spsa_yaml(20, "mode: against_opponent\nopponent: opp\n"));
  auto f = event.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(event.committed_games() == 20);
  std::map<std::string, std::string> colour_of;  // pair -> the candidates' colours
  for (const auto& g : event.games()) {
    REQUIRE(g.candidate);
    if (!g.candidate) continue;
    CHECK_FALSE(g.opponent_candidate);
    CHECK((g.black_code == "opp" || g.white_code == "opp"));
    const std::string pair = g.game_id.substr(0, g.game_id.size() - 1);
    CHECK(g.candidate->code == "#" + pair + (g.game_id.back() == 'a' ? "+" : "-"));
    colour_of[pair] += g.black_code == "opp" ? "w" : "b";
  }
  for (const auto& [pair, colours] : colour_of) CHECK((colours == "bb" || colours == "ww"));
  const auto json = json_report(event);
  CHECK(json.at("mode") == "against_opponent");
  const auto& results = json.at("results");
  CHECK(results.at("wins").get<long>() + results.at("losses").get<long>() +
            results.at("no_winner").get<long>() ==
        20);
  CHECK(json.at("pool").at("games_played") == 20);
}

TEST_CASE("spsa_tuner: head to head, validation rounds play the recommendation against the start",
          "[e2e][spsa_tuner]") {
  CompetitionDir event("spsa_validated",
                       spsa_yaml(20, "validation: {every: 10, games: 4, at_end: 6}\n"));
  auto f = event.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(event.committed_games() == 30);  // 20 tuning games, a round of 4 and a final one of 6
  int validation_games = 0;
  for (const auto& g : event.games()) {
    if (g.game_id[0] != 'v') continue;
    ++validation_games;
    REQUIRE(g.candidate);
    REQUIRE(g.opponent_candidate);
    if (!g.candidate || !g.opponent_candidate) continue;
    CHECK(g.opponent_candidate->code == "start");
    CHECK(g.opponent_candidate->parameters == "c: 1.600; pl: 6");
    CHECK(std::set<std::string>{g.black_code, g.white_code} ==
          std::set<std::string>{g.candidate->code, "start"});
  }
  CHECK(validation_games == 10);
  const auto json = json_report(event);
  const auto& gained = json.at("elo_gained");
  REQUIRE(gained.is_object());
  CHECK(gained.at("measured_by") == "validation");
  CHECK(gained.at("round") == 2);
  CHECK(gained.at("games") == 6);
  auto show = event.run({"show"});
  REQUIRE(show.exit_status == 0);
  CHECK_THAT(show.out, Catch::Contains("Elo gained: the recommendation after 20 games against "
                                       "the start (validation round 2, 6 games): Elo "));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("spsa_tuner: killed at random moments, resumed, it ends as an uninterrupted run",
          "[e2e][spsa_tuner][kill]") {
  // One game at a time: theta sees the results in the same order as the uninterrupted run, so
  // every pair, result and step must be the same; a game in progress at a kill is played
  // again with the same candidates.
  const int total = 160;
  CompetitionDir reference("spsa_reference", spsa_yaml(total));
  REQUIRE(reference.run({"run", "-j", "1", "-q"}).exit_status == 0);

  CompetitionDir event("spsa_killed", spsa_yaml(total));
  const int kills_before_the_end =
      rm::test::kill_at_random_moments(event, 4, 20261126, 150, 700, 1);
  CHECK(kills_before_the_end >= 2);
  auto last = event.run({"run", "-j", "1", "-q"});
  INFO(last.err);
  REQUIRE(last.exit_status == 0);
  REQUIRE(event.committed_games() == total);

  const auto killed_json = json_report(event);
  const auto reference_json = json_report(reference);
  for (const char* key : {"estimate", "trajectory", "pentanomial", "pairs", "games_played"})
    CHECK(killed_json.at(key) == reference_json.at(key));
  // Game for game: no game lost or doubled, the same candidates, colours and result.
  std::map<std::string, std::string> reference_games;
  for (const auto& g : reference.games())
    reference_games[g.game_id] = g.black_code + " " + g.white_code + " " + g.sgf_result + " " +
                                 (g.candidate ? g.candidate->parameters : "");
  std::set<std::string> seen;
  for (const auto& g : event.games()) {
    CHECK(seen.insert(g.game_id).second);
    CHECK(reference_games[g.game_id] == g.black_code + " " + g.white_code + " " + g.sgf_result +
                                            " " + (g.candidate ? g.candidate->parameters : ""));
  }
  CHECK(seen.size() == reference_games.size());
}

namespace {

const std::string kScripted = std::string(RM_BIN_DIR) + "/scripted_engine";

// A head-to-head tune whose candidate (a scripted engine) loads a rendered file, as GNU Go
// loads its patterns: it crashes at startup unless the file is whole (non-empty, ending with
// the line "end").
std::string spsa_files_yaml(int games) {
  return "competition_type: spsa_tuner\n" + rm::test::small_event_game_settings_yaml(8) +
         "number_of_games: " + std::to_string(games) +
         "\n"
         "precision: 5\n"
         "seed: 9\n"
         "parameters:\n"
         "  - {code: c, lower: 0.1, upper: 2.0, start: 1.6, elo: 20, format: 'c: %.3f'}\n"
         "  - {code: pl, lower: 4, upper: 32, scale: LOG, integer: true, start: 6, elo: 20}\n"
         "candidate:\n"
         "  command: ['" +
         kScripted +
         "', --check-file, '{files_dir}/values.txt', --seed, '3']\n"
         "  files:\n"
         "    values.txt: {template: values.txt.in}\n";
}

// The line of `text` that starts with `prefix`, without the prefix.
std::string line_after(const std::string& text, const std::string& prefix) {
  const auto at = text.find("\n" + prefix);
  REQUIRE(at != std::string::npos);
  const auto begin = at + 1 + prefix.size();
  return text.substr(begin, text.find('\n', begin) - begin);
}

// Runs `line` through /bin/sh in `dir`, with the binaries on the PATH (as a user pastes it).
rm::test::Finished run_pasted(CompetitionDir& event, const std::string& dir,
                              const std::string& line) {
  rm::test::ChildProcess shell(
      {"/bin/sh", "-c",
       "cd '" + dir + "' && PATH='" + std::string(RM_BIN_DIR) + "':\"$PATH\" && " + line},
      dir + "/pasted", event.tag());
  auto f = shell.wait(120s);
  REQUIRE(f);
  return *f;
}

}  // namespace

TEST_CASE(
    "spsa_tuner: with files:, the report's tuned engine and confirmation lines run as printed",
    "[e2e][spsa_tuner][files]") {
  CompetitionDir event("spsa_files", spsa_files_yaml(12));
  const std::string dir = std::filesystem::path(event.control()).parent_path().string();
  std::ofstream(dir + "/values.txt.in") << "c {c:%.4f}\npl {pl}\nend\n";
  auto f = event.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  const std::string report = rm::test::slurp(event.file(".report"));
  const std::string tuned = line_after(report, "Tuned engine: ");
  const std::string confirm = line_after(report, "Confirm it against the start: ");
  INFO(tuned << "\n" << confirm);
  CHECK_THAT(report, !Catch::Contains("sets values outside the command line"));

  // The tuned and start engines load files in kept directories, whole, with their values.
  const auto json = json_report(event);
  const auto tuned_argv = json.at("tuned_command").get<std::vector<std::string>>();
  const auto start_argv = json.at("start_command").get<std::vector<std::string>>();
  CHECK(tuned_argv != start_argv);
  REQUIRE(tuned_argv.size() == 5);
  REQUIRE(start_argv.size() == 5);
  CHECK(tuned_argv[2] == event.file(".candidates/tuned/values.txt"));
  CHECK(start_argv[2] == event.file(".candidates/start/values.txt"));
  CHECK(rm::test::slurp(start_argv[2]) == "c 1.6000\npl 6\nend\n");
  const auto& values = json.at("estimate").at("values");
  char c_text[32];
  std::snprintf(c_text, sizeof c_text, "%.4f", values[0].at("value").get<double>());
  CHECK(rm::test::slurp(tuned_argv[2]) == "c " + std::string(c_text) + "\npl " +
                                              std::to_string(values[1].at("value").get<int>()) +
                                              "\nend\n");
  CHECK(rm::process::split_command_line(tuned) == tuned_argv);

  // The tuned engine's line, pasted, starts the engine on its file (it answers and quits).
  auto started = run_pasted(event, dir, tuned + " < /dev/null");
  INFO(started.err);
  CHECK(started.exit_status == 0);

  // The confirmation match, pasted (fewer games, its results in a directory of the test's).
  std::string match = confirm;
  const auto games = match.find("--games 2000");
  REQUIRE(games != std::string::npos);
  match.replace(games, 12, "--games 2");
  CHECK_THAT(match, Catch::Contains("--name tuned"));
  CHECK_THAT(match, Catch::Contains("--name start"));
  CHECK_THAT(match, Catch::Contains(".candidates/tuned/values.txt"));
  CHECK_THAT(match, Catch::Contains(".candidates/start/values.txt"));
  auto played = run_pasted(event, dir, match + " --dir confirm --move-limit 200 -q");
  INFO(played.err);
  REQUIRE(played.exit_status == 0);
  CHECK_THAT(played.err, !Catch::Contains("is incomplete"));
  auto store = rm::store::Store::open_read_only(dir + "/confirm/match.db");
  CHECK(store->game_count() == 2);
  for (const auto& g : store->games()) CHECK_FALSE(g.is_void);

  // The HTML report gives both commands.
  auto html = event.run({"report", "--html"});
  REQUIRE(html.exit_status == 0);
  CHECK_THAT(html.out, Catch::Contains(".candidates/tuned/values.txt"));
  CHECK_THAT(html.out, Catch::Contains(".candidates/start/values.txt"));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}
