// mc_tuner's in_flight_visits: virtual_loss: games in flight count as lost visits when the
// next candidate is chosen, so parallel games spread instead of piling onto one candidate;
// deterministic for a seed and not part of the saved state.
#include <catch2/catch.hpp>
#include <set>

#include "ringmaster/competitions/mc_tuner/mc_tuner_settings.hpp"
#include "tests/competitions/tuner_fixture.hpp"

using namespace rm::comp;
using namespace rm::comp::test;

namespace {

// 20 games one at a time: the candidate with pl 5 (index 2) wins, the others lose.
void favour_middle(McTuner& tuner) {
  for (int i = 0; i < 20; ++i) {
    auto request = tuner.next_job();
    REQUIRE(request);
    const auto path = tuner.outstanding_path(std::stoi(request->job.game_id));
    REQUIRE(path);
    tuner.on_result(result_for(request->job, (*path)[0] == 2));
  }
}

std::vector<std::vector<int>> issue(McTuner& tuner, int n,
                                    std::vector<rm::game::GameJob>* jobs = nullptr) {
  std::vector<std::vector<int>> paths;
  for (int i = 0; i < n; ++i) {
    auto request = tuner.next_job();
    REQUIRE(request);
    if (jobs) jobs->push_back(request->job);
    paths.push_back(*tuner.outstanding_path(std::stoi(request->job.game_id)));
  }
  return paths;
}

}  // namespace

TEST_CASE("in_flight_visits: none piles parallel games onto the leader, virtual_loss spreads them",
          "[mc_tuner][virtual_loss]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  McTuner gomill(cf);
  favour_middle(gomill);
  const auto piled = issue(gomill, 8);
  CHECK(std::set<std::vector<int>>(piled.begin(), piled.end()).size() == 1);
  CHECK(gomill.tree().root().in_flight == 8);  // counted, but not used for choosing

  mc(cf).in_flight_visits = InFlightVisits::VirtualLoss;
  McTuner spread(cf);
  favour_middle(spread);  // one game at a time: the same choices as gomill's
  CHECK(spread.tree().to_json() == gomill.tree().to_json());
  const auto paths = issue(spread, 8);
  CHECK(paths[0] == piled[0]);  // nothing in flight yet: the same first choice
  CHECK(std::set<std::vector<int>>(paths.begin(), paths.end()).size() > 1);
  CHECK(spread.tree().root().in_flight == 8);
  int in_flight = 0;
  for (const auto& child : spread.tree().root().children) in_flight += child.in_flight;
  CHECK(in_flight == 8);
}

TEST_CASE("virtual_loss: results and void games take games out of flight",
          "[mc_tuner][virtual_loss]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  mc(cf).in_flight_visits = InFlightVisits::VirtualLoss;
  McTuner tuner(cf);
  std::vector<rm::game::GameJob> jobs;
  const auto paths = issue(tuner, 3, &jobs);
  CHECK(tuner.tree().root().in_flight == 3);
  tuner.on_result(result_for(jobs[0], true));
  CHECK(tuner.tree().root().in_flight == 2);
  CHECK(tuner.tree().node_at(paths[0]).in_flight ==
        static_cast<int>(std::count(paths.begin() + 1, paths.end(), paths[0])));
  tuner.on_void(void_for(jobs[1]));
  tuner.on_result(result_for(jobs[2], false));
  CHECK(tuner.tree().root().in_flight == 0);
  for (const auto& child : tuner.tree().root().children) CHECK(child.in_flight == 0);
}

TEST_CASE("virtual_loss: same seed and results, same choices, a restore reissues them exactly",
          "[mc_tuner][virtual_loss]") {
  TempDir dir;
  auto cf = make_control(dir.path(), 7);
  mc(cf).in_flight_visits = InFlightVisits::VirtualLoss;
  McTuner a(cf);
  McTuner b(cf);
  favour_middle(a);
  favour_middle(b);
  const nlohmann::json saved = a.state();
  std::vector<rm::game::GameJob> jobs_a, jobs_b;
  const auto paths_a = issue(a, 6, &jobs_a);
  const auto paths_b = issue(b, 6, &jobs_b);
  CHECK(paths_a == paths_b);
  for (std::size_t i = 0; i < jobs_a.size(); ++i) CHECK(jobs_a[i].game_id == jobs_b[i].game_id);

  // The state after a kill holds no games in flight (they were never committed): a new run
  // reissues the same numbers, lowest first, and chooses as the first run did.
  const nlohmann::json in_flight_state = a.state();
  CHECK(in_flight_state.at("tree") == saved.at("tree"));
  McTuner resumed(cf);
  resumed.restore(in_flight_state);
  CHECK(resumed.tree().root().in_flight == 0);
  std::vector<rm::game::GameJob> jobs_r;
  const auto paths_r = issue(resumed, 6, &jobs_r);
  CHECK(paths_r == paths_a);
  for (std::size_t i = 0; i < jobs_r.size(); ++i) CHECK(jobs_r[i].game_id == jobs_a[i].game_id);
}

TEST_CASE("virtual_loss: may be switched on or off between runs", "[mc_tuner][virtual_loss]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  McTuner first(cf);
  favour_middle(first);
  mc(cf).in_flight_visits = InFlightVisits::VirtualLoss;
  McTuner second(cf);
  second.check_stored_definition(first.definition());  // not part of the definition
  second.restore(first.state());
  const auto paths = issue(second, 8);
  CHECK(std::set<std::vector<int>>(paths.begin(), paths.end()).size() > 1);
}

TEST_CASE("virtual_visit: spreads parallel games too, keeping the win rates, alone it is gomill's",
          "[mc_tuner][virtual_loss]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  McTuner gomill(cf);
  favour_middle(gomill);
  const auto piled = issue(gomill, 8);
  mc(cf).in_flight_visits = InFlightVisits::VirtualVisit;
  McTuner tuner(cf);
  favour_middle(tuner);
  CHECK(tuner.tree().to_json() == gomill.tree().to_json());
  const auto paths = issue(tuner, 8);
  CHECK(paths[0] == piled[0]);
  const std::set<std::vector<int>> distinct(paths.begin(), paths.end());
  CHECK(distinct.size() > 1);
  // The leader keeps more of them than under virtual loss: its win rate is not lowered.
  CHECK(std::count(paths.begin(), paths.end(), std::vector<int>{2}) >= 2);
  McTuner resumed(cf);
  resumed.restore(tuner.state());
  CHECK(issue(resumed, 8) == paths);
}
