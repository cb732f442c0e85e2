// The ce_tuner: gomill's arithmetic (elites, update), ids, scheduling, colours, void replays,
// state and restore, definition checks, reports.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"
#include "ringmaster/competitions/ce_tuner/ce_tuner_settings.hpp"
#include "scales/scale.hpp"
#include "tests/competitions/tuner_fixture.hpp"

using namespace rm::comp;
using rm::comp::test::result_for;
using rm::comp::test::TempDir;
using rm::comp::test::void_for;

namespace {

rm::comp::CeParameter ce_parameter(const std::string& code, double mean, double variance,
                                   const std::string& transform = "x", bool integer = false,
                                   const std::string& format = "") {
  rm::comp::CeParameter p;
  p.engine.code = code;
  p.engine.scale = rm::scales::make_expression(transform, integer);
  p.engine.format = format.empty() ? rm::scales::default_format(code) : format;
  p.initial_mean = mean;
  p.initial_variance = variance;
  return p;
}

// A ce_tuner on 9x9 against "opp": pl = int(10^x + 0.5) around 10^2, c = x around 0.5.
rm::control::ControlFile ce_control(const std::string& directory, std::uint64_t seed = 42) {
  rm::control::ControlFile cf;
  cf.path = directory + "/ce.yaml";
  cf.directory = directory;
  cf.code = "ce";
  cf.competition_type = "ce_tuner";
  cf.common.description = "A test CE event.";
  cf.game.board_size = 9;
  cf.game.komi = 7.5;
  rm::game::PlayerSpec opponent;
  opponent.code = "opp";
  opponent.engine.name = "opp";
  opponent.engine.process.argv = {"/bin/ringbot", "--playouts", "50"};
  cf.players["opp"] = opponent;
  rm::comp::CeTunerSettings s;
  s.candidate_colour = rm::control::CandidateColour::Black;
  s.opponent = "opp";
  s.parameters = {ce_parameter("pl", 2.0, 0.25, "10^x", true, "pl: %d"),
                  ce_parameter("c", 0.5, 0.01)};
  s.candidate.command = {"/bin/ringbot", "--playouts", "{pl}", "--uct-c", "{c:%.3f}"};
  s.candidate.parameters = s.engine_parameters();
  s.candidate.directory = directory;
  s.number_of_generations = 3;
  s.samples_per_generation = 4;
  s.batch_size = 2;
  s.elite_proportion = 0.5;
  s.step_size = 0.5;
  s.seed = seed;
  cf.competition = s;
  return cf;
}

rm::comp::CeTunerSettings& ce(rm::control::ControlFile& cf) {
  return cf.settings<rm::comp::CeTunerSettings>();
}

// Plays every job available now; `wins(sample, round)` says whether the candidate wins.
template <typename WinFn>
// Plays every game the tuner offers now; each result is also appended to `committed` (what the
// store would hold) when given.
int play_available(CeTuner& tuner, WinFn wins,
                   std::vector<rm::game::GameResult>* committed = nullptr) {
  std::vector<rm::game::GameJob> jobs;
  while (auto request = tuner.next_job()) jobs.push_back(request->job);
  for (const auto& job : jobs) {
    const std::string& id = job.game_id;  // g<gen>#<sample>r<round>
    const int sample = std::stoi(id.substr(id.find('#') + 1));
    const int round = std::stoi(id.substr(id.find('r') + 1));
    const auto result = result_for(job, wins(sample, round));
    if (committed != nullptr) committed->push_back(result);
    tuner.on_result(result);
  }
  return static_cast<int>(jobs.size());
}

}  // namespace

TEST_CASE("ce_tuner: elite count is gomill's max(1, int(p*n + 0.5))", "[ce_tuner]") {
  CHECK(elite_count(0.2, 10) == 2);
  CHECK(elite_count(0.25, 10) == 3);  // 2.5 + 0.5 = 3.0
  CHECK(elite_count(0.01, 10) == 1);  // int(0.6) = 0 -> at least one
  CHECK(elite_count(0.5, 4) == 2);
  CHECK(elite_count(0.99, 3) == 3);
  CHECK(elite_count(0.1, 1) == 1);
}

TEST_CASE("ce_tuner: ranking is by (wins, index) descending", "[ce_tuner]") {
  CHECK(rank_samples({1.0, 3.0, 3.0, 0.0}) == std::vector<int>{2, 1, 0, 3});
  CHECK(rank_samples({0.5, 0.0, 0.5, 1.0}) == std::vector<int>{3, 2, 0, 1});
  CHECK(rank_samples({0, 0, 0}) == std::vector<int>{2, 1, 0});
}

TEST_CASE("ce_tuner: distribution update against hand-computed values", "[ce_tuner]") {
  // Dimension 0: elites 1 and 3: mean 2, population variance (1+9)/2 - 4 = 1.
  //   step 0.5 from (0, 1): mean 0.5*2 + 0.5*0 = 1, variance 0.5*1 + 0.5*1 = 1.
  // Dimension 1: elites 2 and 2: mean 2, variance 0; from (4, 2): mean 3, variance 1.
  const auto d = update_distribution({{0.0, 1.0}, {4.0, 2.0}}, {{1.0, 2.0}, {3.0, 2.0}}, 0.5);
  REQUIRE(d.size() == 2);
  CHECK(d[0].mean == 1.0);
  CHECK(d[0].variance == 1.0);
  CHECK(d[1].mean == 3.0);
  CHECK(d[1].variance == 1.0);
  // step 0.25, three elites 0, 1, 5: mean 2, variance 26/3 - 4 = 14/3.
  const auto e = update_distribution({{10.0, 3.0}}, {{0.0}, {1.0}, {5.0}}, 0.25);
  CHECK(e[0].mean == Approx(0.25 * 2 + 0.75 * 10));                  // 8
  CHECK(e[0].variance == Approx(0.25 * (14.0 / 3.0) + 0.75 * 3.0));  // 3.41667
  CHECK(format_gaussians({{8.0, 3.4166666}, {-0.125, 0.0}}) == " 8.00~3.42 -0.12~0.00");
}

TEST_CASE("ce_tuner: seeded samples are repeatable and Gaussian", "[ce_tuner]") {
  const std::vector<Gaussian> d{{2.0, 0.25}, {-1.0, 4.0}, {7.0, 0.0}};
  const auto a = draw_samples(d, 2000, 7, 0);
  CHECK(a == draw_samples(d, 2000, 7, 0));
  CHECK(a != draw_samples(d, 2000, 8, 0));
  CHECK(a != draw_samples(d, 2000, 7, 1));
  for (std::size_t dim = 0; dim < d.size(); ++dim) {
    double sum = 0, squares = 0;
    for (const auto& x : a) {
      sum += x[dim];
      squares += x[dim] * x[dim];
    }
    const double n = static_cast<double>(a.size());
    const double mean = sum / n;
    const double variance = squares / n - mean * mean;
    CHECK(mean == Approx(d[dim].mean).margin(0.15));
    CHECK(variance == Approx(d[dim].variance).epsilon(0.1).margin(1e-9));
  }
  CHECK(a[5][2] == 7.0);  // zero variance: always the mean
}

TEST_CASE("ce_tuner: jobs, ids, candidate codes and fewest-issued-first scheduling", "[ce_tuner]") {
  TempDir dir;
  CeTuner tuner(ce_control(dir.path()));
  CHECK(tuner.samples().size() == 4);
  std::vector<std::string> ids;
  std::vector<rm::game::GameJob> jobs;
  while (auto request = tuner.next_job()) {
    ids.push_back(request->job.game_id);
    jobs.push_back(request->job);
    if (ids.size() == 1) {
      const auto& job = request->job;
      const auto& x = tuner.samples()[0].optimiser_values;
      const std::string pl = std::to_string(static_cast<long long>(std::pow(10.0, x[0]) + 0.5));
      char c[32];
      std::snprintf(c, sizeof c, "%.3f", x[1]);
      CHECK(job.black.code == "g0#0");
      CHECK(job.white.code == "opp");
      CHECK(job.black.engine.process.argv ==
            std::vector<std::string>{"/bin/ringbot", "--playouts", pl, "--uct-c", c});
      CHECK(job.sgf_event == "ce");
      CHECK(job.sgf_note == "Candidate parameters: " + tuner.format_parameters(x));
      CHECK(request->description == "game g0#0r0: " + tuner.format_parameters(x));
      CHECK(job.sgf_dir == dir.path() + "/ce.games");
    }
  }
  // Each sample gets batch_size games, the one with fewest issued first, lowest index on ties.
  CHECK(ids == std::vector<std::string>{"g0#0r0", "g0#1r0", "g0#2r0", "g0#3r0", "g0#0r1", "g0#1r1",
                                        "g0#2r1", "g0#3r1"});
  CHECK_FALSE(tuner.next_job());  // waiting for the generation to complete
  CHECK_FALSE(tuner.finished());
  CHECK(tuner.games_remaining() == 8 + 2 * 8);
  // Results in any order: sample 2's first result frees nothing (all its rounds are issued).
  tuner.on_result(result_for(jobs[6], true));
  CHECK_FALSE(tuner.next_job());
  CHECK(tuner.games_remaining() == 7 + 16);
}

TEST_CASE("ce_tuner: a generation ends with elites, the update and gomill's history lines",
          "[ce_tuner]") {
  TempDir dir;
  CeTuner tuner(ce_control(dir.path()));
  const auto samples0 = tuner.samples();
  const auto initial = tuner.distribution();
  // Wins: sample 0: 1 (one win), sample 1: 2, sample 2: 0.5 (a jigo), sample 3: 1.
  std::vector<rm::game::GameJob> jobs;
  while (auto request = tuner.next_job()) jobs.push_back(request->job);
  REQUIRE(jobs.size() == 8);
  const std::map<std::string, int> outcome{{"g0#0r0", 1}, {"g0#0r1", 0}, {"g0#1r0", 1},
                                           {"g0#1r1", 1}, {"g0#2r0", 2}, {"g0#2r1", 0},
                                           {"g0#3r0", 0}, {"g0#3r1", 1}};
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const int o = outcome.at(jobs[i].game_id);
    const auto lines = tuner.on_result(result_for(jobs[i], o == 1, o == 2));
    CHECK(lines.history_line ==
          jobs[i].game_id + " " +
              tuner.format_parameters(
                  samples0[std::stoul(jobs[i].game_id.substr(3, 1))].optimiser_values) +
              (o == 1   ? " won"
               : o == 2 ? " no winner"
                        : " lost"));
    if (i + 1 < jobs.size()) CHECK(tuner.periodic_history_lines().empty());
  }
  CHECK(tuner.generation() == 1);
  REQUIRE(tuner.history().size() == 1);
  const auto& record = tuner.history()[0];
  // (wins, index) descending: (2,1), (1,3), (1,0), (0.5,2); elites: 2 of 4.
  CHECK(record.ranking == std::vector<int>{1, 3, 0, 2});
  CHECK(record.elite_count == 2);
  CHECK(record.wins == std::vector<int>{1, 2, 0, 1});
  CHECK(record.no_winner == std::vector<int>{0, 0, 1, 0});
  for (std::size_t d = 0; d < 2; ++d) {
    const double a = samples0[1].optimiser_values[d];
    const double b = samples0[3].optimiser_values[d];
    const double m = (a + b) / 2;
    const double v = (a * a + b * b) / 2 - m * m;
    CHECK(tuner.distribution()[d].mean == 0.5 * m + 0.5 * initial[d].mean);
    CHECK(tuner.distribution()[d].variance == 0.5 * v + 0.5 * initial[d].variance);
  }
  const auto lines = tuner.periodic_history_lines();
  REQUIRE(lines.size() == 4 + 4 + 1);
  CHECK(lines[0] == "Generation 0");
  CHECK(lines[1] == "Distribution");
  CHECK(lines[2] == "pl: 100; c: 0.5");
  CHECK(lines[3] == " 2.00~0.25  0.50~0.01");
  CHECK(lines[4] == "g0#1* " + tuner.format_parameters(samples0[1].optimiser_values) + "   2");
  CHECK(lines[5] == "g0#3* " + tuner.format_parameters(samples0[3].optimiser_values) + "   1");
  CHECK(lines[6] == "g0#0  " + tuner.format_parameters(samples0[0].optimiser_values) + "   1");
  CHECK(lines[7] ==
        "g0#2  " + tuner.format_parameters(samples0[2].optimiser_values) + "   0");  // %3d of 0.5
  CHECK(lines[8].empty());
  // The next generation is drawn from the new distribution, with new codes.
  CHECK(tuner.samples()[0].optimiser_values != samples0[0].optimiser_values);
  CHECK(tuner.next_job()->job.game_id == "g1#0r0");
}

TEST_CASE("ce_tuner: the event stops after number_of_generations", "[ce_tuner]") {
  TempDir dir;
  CeTuner tuner(ce_control(dir.path()));
  int games = 0;
  for (int g = 0; g < 3; ++g)
    games += play_available(tuner, [](int s, int r) { return (s + r) % 3 == 0; });
  CHECK(games == 24);
  CHECK(tuner.finished());
  CHECK(tuner.generation() == 3);
  CHECK(tuner.games_remaining() == 0);
  CHECK_FALSE(tuner.next_job());
  CHECK(tuner.history().size() == 3);
  const std::string report = tuner.short_report();
  CHECK_THAT(report, Catch::Contains("final distribution:\n"));
  CHECK_THAT(report, Catch::Contains("generation 3\n"));
  CHECK(tuner.json_report().at("games_played") == 24);
}

TEST_CASE("ce_tuner: same seed, same samples and colours", "[ce_tuner]") {
  TempDir dir;
  auto cf = ce_control(dir.path(), 1234);
  ce(cf).candidate_colour = rm::control::CandidateColour::Random;
  ce(cf).batch_size = 10;
  CeTuner a(cf), b(cf);
  CHECK(a.samples()[0].optimiser_values == b.samples()[0].optimiser_values);
  int black = 0;
  for (int i = 0; i < 40; ++i) {
    const auto ja = a.next_job()->job;
    const auto jb = b.next_job()->job;
    CHECK(ja.game_id == jb.game_id);
    CHECK(ja.black.code == jb.black.code);
    if (ja.black.code != "opp") ++black;
  }
  CHECK(black > 8);
  CHECK(black < 32);
  CeTuner other(ce_control(dir.path(), 1235));
  CHECK(other.samples()[0].optimiser_values != a.samples()[0].optimiser_values);
}

TEST_CASE("ce_tuner: wins are gomill's: a point per win, half for no winner", "[ce_tuner]") {
  TempDir dir;
  CeTuner tuner(ce_control(dir.path()));
  std::vector<rm::game::GameJob> jobs;
  while (auto request = tuner.next_job()) jobs.push_back(request->job);
  tuner.on_result(result_for(jobs[0], true));         // g0#0r0 won
  tuner.on_result(result_for(jobs[1], false, true));  // g0#1r0 jigo
  auto unknown = result_for(jobs[2], false);          // g0#2r0 no result
  unknown.winner.clear();
  unknown.sgf_result = "?";
  tuner.on_result(unknown);
  tuner.on_result(result_for(jobs[5], false, true));  // g0#1r1 jigo
  const std::string report = tuner.short_report();
  CHECK_THAT(report, Catch::Contains("wins from current samples:\n[1, 1.0, 0.5, 0]\n"));
  const auto json = tuner.json_report();
  CHECK(json.at("samples")[1].at("score") == 1.0);
  CHECK(json.at("samples")[1].at("no_winner") == 2);
  CHECK(json.at("samples")[1].at("games") == 2);
}

TEST_CASE("ce_tuner: void games are replayed once, halting as gomill does", "[ce_tuner]") {
  TempDir dir;
  SECTION("a void before any success in this run halts") {
    CeTuner tuner(ce_control(dir.path()));
    const auto job = tuner.next_job()->job;
    CHECK_FALSE(tuner.on_void(void_for(job)));
  }
  SECTION("after a success: replayed once, then halt") {
    CeTuner tuner(ce_control(dir.path()));
    const auto first = tuner.next_job()->job;
    const auto second = tuner.next_job()->job;
    tuner.on_result(result_for(first, true));
    CHECK(tuner.on_void(void_for(second)));
    const auto replay = tuner.next_job()->job;
    CHECK(replay.game_id == second.game_id);  // the same game again, before any new one
    CHECK(replay.black.code == second.black.code);
    CHECK(tuner.next_job()->job.game_id == "g0#2r0");
    CHECK_FALSE(tuner.on_void(void_for(replay)));
  }
  SECTION("each game may fail once") {
    CeTuner tuner(ce_control(dir.path()));
    std::vector<rm::game::GameJob> jobs;
    for (int i = 0; i < 3; ++i) jobs.push_back(tuner.next_job()->job);
    tuner.on_result(result_for(jobs[0], true));
    CHECK(tuner.on_void(void_for(jobs[1])));
    CHECK(tuner.on_void(void_for(jobs[2])));
    const auto replay1 = tuner.next_job()->job;
    CHECK(replay1.game_id == jobs[1].game_id);
    tuner.on_result(result_for(replay1, false));
    CHECK(tuner.samples()[1].games == 1);
  }
}

TEST_CASE("ce_tuner: restore after a partial generation reissues what was in flight",
          "[ce_tuner]") {
  TempDir dir;
  const auto cf = ce_control(dir.path());
  const auto wins = [](int s, int r) { return (s * 7 + r) % 3 == 1; };
  // The reference: an uninterrupted event.
  CeTuner reference(cf);
  for (int g = 0; g < 3; ++g) play_available(reference, wins);

  CeTuner first(cf);
  std::vector<rm::game::GameResult> committed;  // the store's games table
  play_available(first, wins, &committed);      // generation 0 complete
  std::vector<rm::game::GameJob> jobs;
  while (auto request = first.next_job()) jobs.push_back(request->job);
  // Three results committed, the rest in flight when the ringmaster was killed.
  for (int i : {0, 3, 5}) {
    const auto& id = jobs[static_cast<std::size_t>(i)].game_id;
    committed.push_back(result_for(
        jobs[static_cast<std::size_t>(i)],
        wins(std::stoi(id.substr(id.find('#') + 1)), std::stoi(id.substr(id.find('r') + 1)))));
    first.on_result(committed.back());
  }
  const nlohmann::json saved =
      nlohmann::json::parse(first.state().dump());  // through text, as the store does

  CeTuner second(cf);
  second.restore(saved);
  second.restore_games(committed);
  CHECK(second.generation() == 1);
  CHECK(second.samples().size() == 4);
  CHECK(second.samples()[0].optimiser_values == first.samples()[0].optimiser_values);
  std::vector<std::string> reissued;
  std::vector<rm::game::GameJob> again;
  while (auto request = second.next_job()) {
    reissued.push_back(request->job.game_id);
    again.push_back(request->job);
  }
  std::vector<std::string> expected;
  for (int i : {1, 2, 4, 6, 7}) expected.push_back(jobs[static_cast<std::size_t>(i)].game_id);
  std::sort(reissued.begin(), reissued.end());
  std::sort(expected.begin(), expected.end());
  CHECK(reissued == expected);  // nothing lost, nothing twice
  for (const auto& job : again) {
    const auto& id = job.game_id;
    second.on_result(result_for(
        job, wins(std::stoi(id.substr(id.find('#') + 1)), std::stoi(id.substr(id.find('r') + 1)))));
  }
  play_available(second, wins);
  CHECK(second.finished());
  // Exactly the same event as without the interruption.
  CHECK(second.json_report() == reference.json_report());
  CHECK(second.short_report() == reference.short_report());
}

TEST_CASE("ce_tuner: control-file changes: gomill's forbidden ones refused, safe ones accepted",
          "[ce_tuner]") {
  TempDir dir;
  const auto cf = ce_control(dir.path());
  CeTuner tuner(cf);
  play_available(tuner, [](int, int) { return true; });
  const nlohmann::json saved = tuner.state();
  const nlohmann::json stored_definition = tuner.definition();

  const auto refused = [&](rm::control::ControlFile changed, const std::string& message) {
    CeTuner resumed(changed);
    INFO(message);
    CHECK_THROWS_WITH(check_ce_tuner_definition(stored_definition, resumed.definition()),
                      Catch::Contains(message));
    CHECK_THROWS_AS(resumed.restore(saved), IncompatibleState);
  };
  auto more_samples = cf;
  ce(more_samples).samples_per_generation = 5;
  refused(
      more_samples,
      "control file is inconsistent with the stored competition: samples_per_generation changed "
      "from 4 to 5");
  auto renamed = cf;
  ce(renamed).parameters[1].engine.code = "uct";
  ce(renamed).candidate.parameters = ce(renamed).engine_parameters();
  refused(renamed, "parameter codes changed from [\"pl\",\"c\"] to [\"pl\",\"uct\"]");
  auto transformed = cf;
  ce(transformed).parameters[0].engine.scale = rm::scales::make_expression("2^x", true);
  refused(transformed, "parameter 'pl': transform changed from");
  auto smaller_batch = cf;
  ce(smaller_batch).batch_size = 1;
  CHECK_THROWS_WITH(
      CeTuner(smaller_batch).restore(saved),
      "control file is inconsistent with the stored competition: batch_size decreased from 2 to 1 "
      "(it may only be increased)");

  auto safe = cf;
  ce(safe).batch_size = 3;
  ce(safe).number_of_generations = 5;
  ce(safe).elite_proportion = 0.25;
  ce(safe).step_size = 0.9;
  ce(safe).parameters[0].engine.format = "playouts %d";
  ce(safe).candidate.command = {"/bin/other", "{pl}", "{c}"};
  CeTuner resumed(safe);
  CHECK_NOTHROW(check_ce_tuner_definition(stored_definition, resumed.definition()));
  resumed.restore(saved);
  CHECK(resumed.generation() == 1);
  CHECK(resumed.distribution()[0].mean == tuner.distribution()[0].mean);
  // The larger batch: three rounds per sample now.
  int jobs = 0;
  while (auto request = resumed.next_job()) {
    ++jobs;
    if (jobs == 1) CHECK(request->job.black.engine.process.argv[0] == "/bin/other");
  }
  CHECK(jobs == 12);
}

TEST_CASE("ce_tuner: raising number_of_generations after the end carries on", "[ce_tuner]") {
  TempDir dir;
  auto cf = ce_control(dir.path());
  ce(cf).number_of_generations = 1;
  CeTuner tuner(cf);
  play_available(tuner, [](int s, int) { return s == 0; });
  REQUIRE(tuner.finished());
  const auto saved = tuner.state();
  ce(cf).number_of_generations = 2;
  CeTuner more(cf);
  more.restore(saved);
  CHECK_FALSE(more.finished());
  CHECK(more.next_job()->job.game_id == "g1#0r0");
  ce(cf).number_of_generations = 1;
  CeTuner same(cf);
  same.restore(saved);
  CHECK(same.finished());
  CHECK_THAT(same.short_report(), Catch::Contains("samples of generation 0 "));
}

TEST_CASE("ce_tuner: reports in gomill's format with our samples table", "[ce_tuner]") {
  TempDir dir;
  CeTuner tuner(ce_control(dir.path()));
  std::vector<rm::game::GameJob> jobs;
  while (auto request = tuner.next_job()) jobs.push_back(request->job);
  tuner.on_result(result_for(jobs[0], true));
  tuner.on_result(result_for(jobs[4], true));
  tuner.on_result(result_for(jobs[1], false));
  const std::string report = tuner.short_report();
  const auto& x = tuner.samples();
  auto row = [&](int i, const std::string& numbers) {
    std::string params = tuner.format_parameters(x[static_cast<std::size_t>(i)].optimiser_values);
    params += std::string(params.size() < 40 ? 40 - params.size() : 0, ' ');
    return "g0#" + std::to_string(i) + "     " + params + numbers + "\n";
  };
  const std::string expected =
      "CEM tuning event: ce\n"
      "A test CE event.\n"
      "board size: 9\n"
      "komi: 7.5\n"
      "generation 0\n"
      "\n"
      "wins from current samples:\n"
      "[2, 0, 0, 0]\n"
      "\n"
      "distribution for generation 0:\n"
      "pl: 100; c: 0.5\n"
      " 2.00~0.25  0.50~0.01\n"
      "\n"
      "samples of generation 0 (2 games each; games played, wins, 95% interval of the win "
      "rate):\n" +
      row(0, "   2     2  [0.342, 1.000]") + row(1, "   1     0  [0.000, 0.793]") +
      row(2, "   0     0") + row(3, "   0     0") +
      // Ours: every game as one matchup (the candidates pooled) against the opponent.
      "\ncandidates v opp (3 games)\n";
  CHECK_THAT(report, Catch::StartsWith(expected));
  CHECK_THAT(report, Catch::Contains("candidates v opp: Elo +120.4 "));  // 2 of 3 won
  CHECK(tuner.full_report() == report);

  const auto json = tuner.json_report();
  CHECK(json.at("competition_type") == "ce_tuner");
  CHECK(json.at("code") == "ce");
  CHECK(json.at("description") == "A test CE event.");
  CHECK(json.at("games_played") == 3);
  CHECK(json.at("generation") == 0);
  CHECK(json.at("finished") == false);
  CHECK(json.at("distribution")[0] ==
        nlohmann::json{{"code", "pl"}, {"mean", 2.0}, {"variance", 0.25}});
  CHECK(json.at("distribution_parameters") == "pl: 100; c: 0.5");
  const auto& s0 = json.at("samples")[0];
  CHECK(s0.at("candidate") == "g0#0");
  CHECK(s0.at("games") == 2);
  CHECK(s0.at("wins") == 2);
  CHECK(s0.at("win_rate") == 1.0);
  CHECK(s0.at("ci95_low").get<double>() == Approx(0.342).margin(0.0005));
  CHECK(s0.at("ci95_high") == 1.0);
  CHECK(s0.at("optimiser_values") == x[0].optimiser_values);
  CHECK(s0.at("engine_values")[0] ==
        static_cast<long long>(std::pow(10.0, x[0].optimiser_values[0]) + 0.5));
  CHECK(json.at("samples")[2].at("win_rate").is_null());
  CHECK(json.at("generations").empty());
}

TEST_CASE("ce_tuner: a failing transform is named and reports still show the sample",
          "[ce_tuner]") {
  TempDir dir;
  auto cf = ce_control(dir.path());
  ce(cf).parameters[1] = ce_parameter("c", -5.0, 0.0, "sqrt(x)");  // always NaN
  ce(cf).candidate.parameters = ce(cf).engine_parameters();
  CeTuner tuner(cf);
  CHECK_THROWS_WITH(tuner.next_job(),
                    Catch::Contains("error from transform for c (applied to -5.0)"));
  CHECK_THAT(tuner.short_report(), Catch::Contains("pl: 100; [c?x=-5.0]"));
}

TEST_CASE("ce_tuner: startup checks use the initial means", "[ce_tuner]") {
  TempDir dir;
  CeTuner tuner(ce_control(dir.path()));
  const auto checks = tuner.players_to_check();
  REQUIRE(checks.size() == 2);
  CHECK(checks[0].first.code == "candidate");
  CHECK(checks[0].first.engine.process.argv ==
        std::vector<std::string>{"/bin/ringbot", "--playouts", "100", "--uct-c", "0.500"});
  CHECK(checks[1].first.code == "opp");
}

TEST_CASE("ce_tuner: the live screen lists at most 20 samples, the report all", "[ce_tuner]") {
  TempDir dir;
  auto cf = ce_control(dir.path());
  ce(cf).samples_per_generation = 25;
  CeTuner tuner(cf);
  const std::string screen = tuner.screen_report({});
  CHECK_THAT(screen, Catch::StartsWith("generation 0\n\nwins from current samples:\n[0, 0,"));
  CHECK_THAT(screen, Catch::Contains("\ng0#19 "));
  CHECK_THAT(screen, !Catch::Contains("\ng0#20 "));
  CHECK_THAT(screen, Catch::EndsWith("... and 5 more (see the report)\n"));
  CHECK_THAT(tuner.full_report(), Catch::Contains("\ng0#24 "));
}
