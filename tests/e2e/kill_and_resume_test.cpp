// THE key guarantee: SIGKILL Ringmaster at random moments, resume each time, and the event
// still ends with exactly number_of_games games, each once, each with its SGF record, the
// tuner's statistics equal to those recomputed from the stored games, and no engine left.
#include <catch2/catch.hpp>
#include <csignal>
#include <map>
#include <random>
#include <set>

#include "tests/e2e/e2e_support.hpp"

using rm::test::EventDir;
using namespace std::chrono_literals;

namespace {

// "Candidate parameters: pl: 9" from an SGF root comment.
std::string candidate_parameters(const std::string& sgf) {
  const std::string key = "Candidate parameters: ";
  auto pos = sgf.find(key);
  if (pos == std::string::npos) return "";
  auto end = sgf.find('\n', pos);
  return sgf.substr(pos + key.size(), end - pos - key.size());
}

}  // namespace

TEST_CASE("killed four times at random moments the event still ends exact", "[e2e][kill]") {
  const int number_of_games = 250;  // about 5 s of games on 2 cores: the kills land mid-run
  EventDir event("killed", number_of_games, 40);
  const int kills_before_the_end = rm::test::kill_at_random_moments(event, 4, 20240611, 300, 1500);
  CHECK(kills_before_the_end >= 1);

  auto last = event.run({"run", "-j", "2", "-q"});
  INFO(last.err);
  REQUIRE(last.exit_status == 0);
  CHECK(rm::test::tagged_processes_after(event.tag(), 5s).empty());

  auto store = rm::store::Store::open_read_only(event.file(".db"));
  auto games = store->games();
  CHECK(store->game_count() == number_of_games);
  REQUIRE(games.size() == static_cast<std::size_t>(number_of_games));
  std::set<std::string> ids;
  std::map<std::string, std::pair<int, int>> recomputed;  // parameters -> (games, wins)
  int candidate_wins = 0;
  for (const auto& g : games) {
    CHECK(ids.insert(g.game_id).second);  // no game counted twice
    REQUIRE(std::filesystem::exists(g.sgf_path));
    std::string parameters = candidate_parameters(rm::test::slurp(g.sgf_path));
    CHECK_FALSE(parameters.empty());
    bool won = g.winner == "w";  // candidate_colour: w
    recomputed[parameters].first += 1;
    recomputed[parameters].second += won ? 1 : 0;
    candidate_wins += won ? 1 : 0;
  }

  auto report = event.run({"show", "--json"});
  REQUIRE(report.exit_status == 0);
  auto json = nlohmann::json::parse(report.out);
  CHECK(json.at("games_played") == number_of_games);
  CHECK(json.at("tree").at("games") == number_of_games);
  CHECK(json.at("tree").at("wins") == candidate_wins);
  // The pooled statistics are rebuilt from the stored games: the same count, every game white.
  const auto& pool = json.at("pool");
  CHECK(pool.at("games_played") == number_of_games);
  CHECK(pool.at("players")[0].at("wins") == static_cast<double>(candidate_wins));
  CHECK(pool.at("players")[0].at("played_white") == number_of_games);
  std::map<std::string, std::pair<int, int>> stored;
  for (const auto& c : json.at("candidates"))
    if (c.at("games").get<int>() > 0)
      stored[c.at("parameters").get<std::string>()] = {c.at("games").get<int>(),
                                                       c.at("wins").get<int>()};
  CHECK(stored == recomputed);
}
