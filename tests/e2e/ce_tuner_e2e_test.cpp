// The real `ringmaster` binary on small ce_tuner events with ringbot: a run to the end with
// `show` and `report --json`, SIGKILLs with resumes ending exactly like an uninterrupted run,
// and a forbidden control-file change refused.
#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>

#include "tests/e2e/e2e_support.hpp"

using rm::test::CompetitionDir;
using namespace std::chrono_literals;

namespace {

// A ce_tuner event on 7x7 with so few playouts that a game takes milliseconds. ringbot's
// results depend only on its seed and the game id, so two runs of the same event agree.
std::string ce_yaml(int samples, int batch, int generations, int opponent_playouts) {
  return rm::test::small_ce_event_yaml(samples, batch, generations, opponent_playouts,
                                       "description: e2e ce event\n");
}

std::string candidate_parameters(const std::string& sgf) {
  const std::string key = "Candidate parameters: ";
  auto pos = sgf.find(key);
  if (pos == std::string::npos) return "";
  auto end = sgf.find_first_of("\n]", pos);
  return sgf.substr(pos + key.size(), end - pos - key.size());
}

nlohmann::json json_report(CompetitionDir& event) {
  auto report = event.run({"report", "--json"});
  INFO(report.err);
  REQUIRE(report.exit_status == 0);
  return nlohmann::json::parse(report.out);
}

}  // namespace

TEST_CASE("ce_tuner: an event runs to the end, then show and report --json", "[e2e][ce_tuner]") {
  CompetitionDir event("ce_small", ce_yaml(4, 3, 3, 8));
  auto f = event.run({"run", "-j", "2", "-q"});
  INFO(f.err);
  REQUIRE(f.exit_status == 0);
  CHECK(event.committed_games() == 36);

  auto store = rm::store::Store::open_read_only(event.file(".db"));
  const std::regex id_pattern("g[0-2]#[0-3]r[0-2]");
  std::set<std::string> ids;
  for (const auto& g : store->games()) {
    CHECK(std::regex_match(g.game_id, id_pattern));
    CHECK(ids.insert(g.game_id).second);
    REQUIRE(std::filesystem::exists(g.sgf_path));
    CHECK_THAT(candidate_parameters(rm::test::slurp(g.sgf_path)), Catch::StartsWith("pl: "));
  }
  CHECK(ids.size() == 36);

  auto show = event.run({"show"});
  REQUIRE(show.exit_status == 0);
  CHECK_THAT(show.out, Catch::StartsWith(
                           "CEM tuning event: ce_small\ne2e ce event\nboard size: 7\nkomi: 4.5\n"
                           "generation 3\n\nwins from current samples:\n["));
  CHECK_THAT(show.out, Catch::Contains("final distribution:\npl: "));
  CHECK_THAT(show.out, Catch::Contains("samples of generation 2 (3 games each;"));

  const auto json = json_report(event);
  CHECK(json.at("competition_type") == "ce_tuner");
  CHECK(json.at("games_played") == 36);
  CHECK(json.at("finished") == true);
  CHECK(json.at("generation") == 3);
  REQUIRE(json.at("generations").size() == 3);
  for (const auto& g : json.at("generations")) {
    int elites = 0;
    for (const auto& s : g.at("samples")) elites += s.at("elite").get<bool>() ? 1 : 0;
    CHECK(elites == 1);  // max(1, int(0.3*4 + 0.5)) = 1
  }
  CHECK(std::filesystem::exists(event.file(".report")));
  const std::string hist = rm::test::slurp(event.file(".hist"));
  CHECK_THAT(hist, Catch::Contains("Generation 0\nDistribution\npl: 20\n 1.30~0.10\n"));
  CHECK_THAT(hist, Catch::Contains("Generation 2\n"));

  // A finished event starts no more games; a forbidden change is refused with its reason.
  auto again = event.run({"run", "-q"});
  CHECK(again.exit_status == 0);
  CHECK(event.committed_games() == 36);
  event.write(ce_yaml(5, 3, 3, 8));
  auto refused = event.run({"run", "-q"});
  CHECK(refused.exit_status == 1);
  CHECK_THAT(
      refused.err,
      Catch::Contains("samples_per_generation changed from 4 to 5 (use 'reset' to start again)"));
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}

TEST_CASE("ce_tuner: killed at random moments, resumed, it ends as an uninterrupted run",
          "[e2e][ce_tuner][kill]") {
  const int samples = 6, batch = 8, generations = 4;  // 192 games, about 3 s on 2 cores
  const int total = samples * batch * generations;
  CompetitionDir reference("ce_reference", ce_yaml(samples, batch, generations, 40));
  REQUIRE(reference.run({"run", "-j", "2", "-q"}).exit_status == 0);

  CompetitionDir event("ce_killed", ce_yaml(samples, batch, generations, 40));
  const int kills_before_the_end = rm::test::kill_at_random_moments(event, 3, 20241123, 200, 1000);
  CHECK(kills_before_the_end >= 2);
  auto last = event.run({"run", "-j", "2", "-q"});
  INFO(last.err);
  REQUIRE(last.exit_status == 0);

  // Every game once, and the tuner's counts equal those recomputed from the stored games.
  auto store = rm::store::Store::open_read_only(event.file(".db"));
  const auto games = store->games();
  REQUIRE(games.size() == static_cast<std::size_t>(total));
  std::set<std::string> ids;
  std::map<std::string, std::pair<int, double>> recomputed;  // candidate -> (games, score)
  for (const auto& g : games) {
    CHECK(ids.insert(g.game_id).second);
    const std::string candidate = g.game_id.substr(0, g.game_id.find('r'));
    auto& tally = recomputed[candidate];
    ++tally.first;
    const std::string winner = g.winner == "b" ? g.black_code : g.winner == "w" ? g.white_code : "";
    tally.second += winner == candidate ? 1.0 : winner.empty() ? 0.5 : 0.0;
  }
  const auto json = json_report(event);
  CHECK(json.at("games_played") == total);
  std::map<std::string, std::pair<int, double>> reported;
  for (const auto& g : json.at("generations"))
    for (const auto& s : g.at("samples"))
      reported[s.at("candidate").get<std::string>()] = {s.at("games").get<int>(),
                                                        s.at("score").get<double>()};
  CHECK(reported == recomputed);
  // ringbot's games depend only on the game id and the candidate: the killed event's samples,
  // results and distributions are exactly the uninterrupted one's.
  CHECK(json.at("generations") == json_report(reference).at("generations"));
  CHECK(json.at("distribution") == json_report(reference).at("distribution"));
}

TEST_CASE("ce_tuner: a void game is replayed once, then the run halts and the next run reissues it",
          "[e2e][ce_tuner]") {
  // Integer samples of N(3, 16) as playouts: ringbot refuses values below 1, so those
  // candidates' games are void. With seed 3 sample 0 draws a usable value and sample 1 not.
  const auto control = [](int seed) {
    return "competition_type: ce_tuner\n"
           "players:\n"
           "  opp:\n"
           "    command: [ringbot, --playouts, '8', --seed, '3']\n"
           "board_size: 7\n"
           "komi: 4.5\n"
           "candidate_colour: b\n"
           "opponent: opp\n"
           "samples_per_generation: 3\n"
           "batch_size: 2\n"
           "number_of_generations: 1\n"
           "elite_proportion: 0.3\n"
           "step_size: 0.5\n"
           "seed: " +
           std::to_string(seed) +
           "\n"
           "parameters:\n"
           "  - code: pl\n"
           "    initial_mean: 3\n"
           "    initial_variance: 16\n"
           "    transform: {expression: 'x', integer: true}\n"
           "candidate:\n"
           "  command: [ringbot, --playouts, '{pl}', --seed, '5']\n";
  };
  const auto started = [](const CompetitionDir& event) {
    std::vector<std::string> ids;
    std::istringstream log(rm::test::slurp(event.file(".log")));
    for (std::string line; std::getline(log, line);)
      if (line.rfind("starting game ", 0) == 0) ids.push_back(line.substr(14, line.find(':') - 14));
    return ids;
  };
  CompetitionDir event("ce_void", control(3));
  auto first = event.run({"run", "-j", "1", "-q"});
  CHECK(first.exit_status == 1);  // halted on errors
  CHECK_THAT(first.err, Catch::Contains("halting run due to void games"));
  CHECK_THAT(first.err, Catch::Contains("ringmaster: run halted: too many void games"));
  CHECK(started(event) == std::vector<std::string>{"g0#0r0", "g0#1r0", "g0#1r0"});
  CHECK(event.committed_games() == 1);
  // The next run issues g0#1r0 again first; failing before any success, it halts at once.
  auto second = event.run({"run", "-j", "1", "-q"});
  CHECK(second.exit_status == 1);
  CHECK(started(event) == std::vector<std::string>{"g0#0r0", "g0#1r0", "g0#1r0", "g0#1r0"});
  CHECK(event.committed_games() == 1);
  CHECK(json_report(event).at("samples")[0].at("games") == 1);
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());
}
