// Loading valid control files: values, defaults, path resolution, the candidates listing.
#include <catch2/catch.hpp>
#include <cstdlib>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/shell_quote.hpp"
#include "scales/grid.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::load_control_file;
using rm::comp::McTuner;
using rm::comp::McTunerSettings;
using rm::control::testing::TempDir;
using rm::control::testing::valid_control;

TEST_CASE("a minimal mc_tuner file loads with gomill's defaults", "[control]") {
  TempDir dir;
  ControlFile c = load_control_file(dir.write("demo.yaml", valid_control()));
  CHECK(c.code == "demo");
  CHECK(c.directory == dir.path());
  CHECK(c.competition_type == "mc_tuner");
  CHECK(c.common.record_games);
  CHECK(c.common.stderr_to_log);
  CHECK_FALSE(c.common.skip_player_checks);
  CHECK(c.game.board_size == 9);
  CHECK(c.game.komi == 7.5);
  CHECK(c.game.handicap == 0);
  CHECK(c.game.move_limit == 1000);
  const auto& s = c.settings<McTunerSettings>();
  CHECK_FALSE(s.number_of_games.has_value());
  CHECK(s.candidate_colour == CandidateColour::White);
  CHECK(s.opponent == "opp");
  CHECK(s.max_depth == 1);
  CHECK(s.summary_spec == std::vector<int>{30});
  CHECK_FALSE(s.log_tree_to_history_period.has_value());
  CHECK(s.number_of_running_simulations_to_show == 12);
  CHECK_FALSE(s.seed.has_value());
  REQUIRE(s.parameters.size() == 1);
  CHECK(s.parameters[0].format == "pl: %s");
  CHECK(s.parameters[0].scale->describe() == "LOG(30.0, 3000.0, integer=True)");
  const auto& opp = c.players.at("opp");
  CHECK(opp.code == "opp");
  CHECK(opp.engine.name == "opp");
  CHECK(opp.engine.process.argv == std::vector<std::string>{"ringbot", "--playouts", "300"});
  CHECK(opp.engine.process.stderr_mode == rm::process::StderrMode::AppendToFile);
  CHECK(opp.engine.process.stderr_path == dir.path() + "/demo.log");
  CHECK(opp.engine.timeouts.genmove_s == 600);
}

TEST_CASE("every setting is read", "[control]") {
  TempDir dir;
  std::string text =
      "competition_type: mc_tuner\n"
      "description: |\n  two\n  lines\n\n"
      "record_games: false\nstderr_to_log: false\nskip_player_checks: true\n"
      "players:\n"
      "  p1:\n"
      "    command: [\"./bin/engine\", \"--x\", \"a b\"]\n"
      "    cwd: work\n"
      "    environ: {K: V, N: 3}\n"
      "    is_reliable_scorer: false\n"
      "    allow_claim: true\n"
      "    startup_gtp_commands: [\"komi 5\", [\"time_settings\", \"0\", \"1\", \"0\"]]\n"
      "    gtp_aliases: {gomill-cpu_time: cputime}\n"
      "    discard_stderr: true\n"
      "    sgf_player_name_from_gtp: false\n"
      "    gtp_pipelining: false\n"
      "    startup_banner_lines: 3\n"
      "    timeouts: {startup: 5, genmove: 2.5, other: 7, quit: 1}\n"
      "board_size: 19\nkomi: 0.5\nhandicap: 9\nhandicap_style: free\nmove_limit: 300\n"
      "scorer: internal\ninternal_scorer_handicap_compensation: short\n"
      "number_of_games: 40\ncandidate_colour: random\nopponent: p1\n"
      "exploration_coefficient: 0.2\ninitial_visits: 4\ninitial_wins: 2\nmax_depth: 3\n"
      "summary_spec: [5, 3, 1]\nlog_tree_to_history_period: 10\n"
      "number_of_running_simulations_to_show: 4\nseed: 18446744073709551615\n"
      "parameters:\n"
      "  - {code: a, scale: \"LINEAR(-0.5, 10.5, integer)\", split: 11, format: \"a=%d\"}\n"
      "  - {code: b, scale: \"EXPLICIT([low, 'mid', 3, 4.5])\", split: 4}\n"
      "  - {code: c, scale: {expression: \"1000*sqrt(x)\", integer: true}, split: 2}\n"
      "candidate:\n"
      "  command: \"engine --a {a} --b={b}\"\n"
      "  environ: {C: \"{c}\"}\n"
      "  gtp_pipelining: false\n"
      "  startup_banner_lines: 2\n";
  ControlFile c = load_control_file(dir.write("all.ctl.yaml", text));
  CHECK(c.code == "all.ctl");
  CHECK(c.common.description == "two\nlines");
  CHECK_FALSE(c.common.record_games);
  CHECK_FALSE(c.common.stderr_to_log);
  CHECK(c.common.skip_player_checks);
  const auto& p = c.players.at("p1");
  CHECK(p.engine.process.argv ==
        std::vector<std::string>{dir.path() + "/./bin/engine", "--x", "a b"});
  CHECK(p.engine.process.cwd == dir.path() + "/work");
  CHECK(p.engine.process.environ.at("N") == "3");
  CHECK_FALSE(p.is_reliable_scorer);
  CHECK(p.allow_claim);
  CHECK_FALSE(p.sgf_player_name_from_gtp);
  CHECK(p.engine.startup_gtp_commands ==
        std::vector<std::vector<std::string>>{{"komi", "5"}, {"time_settings", "0", "1", "0"}});
  CHECK(p.engine.gtp_aliases.at("gomill-cpu_time") == "cputime");
  CHECK(p.engine.process.stderr_mode == rm::process::StderrMode::Discard);
  CHECK(p.engine.timeouts.startup_s == 5);
  CHECK(p.engine.timeouts.genmove_s == 2.5);
  CHECK(p.engine.timeouts.quit_s == 1);
  CHECK_FALSE(p.engine.pipelining);
  CHECK(p.engine.startup_banner_lines == 3);
  CHECK(c.game.board_size == 19);
  CHECK(c.game.handicap == 9);
  CHECK(c.game.handicap_style == rm::game::HandicapStyle::Free);
  CHECK(c.game.move_limit == 300);
  CHECK(c.game.scorer == rm::game::Scorer::Internal);
  CHECK(c.game.internal_scorer_handicap_compensation == rm::game::HandicapCompensation::Short);
  const auto& s = c.settings<McTunerSettings>();
  CHECK(*s.number_of_games == 40);
  CHECK(s.candidate_colour == CandidateColour::Random);
  CHECK(s.max_depth == 3);
  CHECK(s.summary_spec == std::vector<int>{5, 3, 1});
  CHECK(*s.log_tree_to_history_period == 10);
  CHECK(s.number_of_running_simulations_to_show == 4);
  CHECK(*s.seed == 18446744073709551615ULL);
  CHECK(s.splits() == std::vector<int>{11, 4, 2});
  // Path (5,) (2,) (1,) -> a = 5, b = 3 (an integer), c = int(1000*sqrt(0.75)+0.5) = 866.
  int child = rm::scales::child_index({5, 2, 1}, s.splits());
  auto values = rm::scales::engine_values({child}, s.parameters);
  CHECK(std::get<long long>(values[0]) == 5);
  CHECK(std::get<long long>(values[1]) == 3);
  CHECK(std::get<long long>(values[2]) == 866);
  auto spec = s.candidate.render_spec(values, "#3", "/x");
  CHECK(spec.engine.process.argv == std::vector<std::string>{"engine", "--a", "5", "--b=3"});
  CHECK(spec.engine.process.environ.at("C") == "866");
  CHECK_FALSE(spec.engine.pipelining);
  CHECK(spec.engine.startup_banner_lines == 2);
  CHECK(spec.engine.process.stderr_mode ==
        rm::process::StderrMode::PassThrough);  // stderr_to_log false
  auto low = rm::scales::engine_values({0}, s.parameters);
  CHECK(std::get<std::string>(low[1]) == "low");
}

TEST_CASE("paths: ~ expansion, relative paths with '/', bare names untouched", "[control]") {
  TempDir dir;
  const char* home = std::getenv("HOME");
  REQUIRE(home != nullptr);
  std::string text = valid_control();
  text.replace(text.find("\"ringbot --playouts 300\""), 24,
               "\"~/bin/gnugo --mode gtp\"\n    cwd: ~/games");
  ControlFile c = load_control_file(dir.write("paths.yaml", text));
  const auto& opp = c.players.at("opp");
  CHECK(opp.engine.process.argv[0] == std::string(home) + "/bin/gnugo");
  CHECK(opp.engine.process.cwd == std::string(home) + "/games");
  const auto& s = c.settings<McTunerSettings>();
  CHECK(s.candidate.render_spec({rm::scales::Value(43LL)}, "#0", "").engine.process.argv[0] ==
        "ringbot");
}

TEST_CASE("the candidates listing shows each candidate without running anything", "[control]") {
  TempDir dir;
  ControlFile c = load_control_file(dir.write("demo.yaml", valid_control()));
  std::string listing = McTuner::describe_candidates(c);
  CHECK_THAT(listing, Catch::Contains("6 candidates"));
  CHECK_THAT(listing, Catch::Contains("(0,) pl: 44"));
  CHECK_THAT(listing, Catch::Contains("(5,) pl: 2044"));
  CHECK_THAT(listing, Catch::Contains("command: ringbot --playouts 44"));
  CHECK_THAT(listing, Catch::Contains("optimiser: 0.0833333"));
  CHECK(shell_quote_for_display({"a b", "it's", "x"}) == "'a b' 'it'\"'\"'s' x");
}

TEST_CASE("the listing reports a candidate whose scale fails, and keeps going", "[control]") {
  TempDir dir;
  std::string text = valid_control();
  text.replace(text.find("\"LOG(30, 3000, integer)\""), 24, "{expression: \"sqrt(0.5-x)\"}");
  std::string listing =
      McTuner::describe_candidates(load_control_file(dir.write("half.yaml", text)));
  CHECK_THAT(listing, Catch::Contains("(2,) pl: 0.288675134595"));
  CHECK_THAT(listing, Catch::Contains("(3,)\n  error: expression 'sqrt(0.5-x)' gives nan"));
  CHECK_THAT(listing, Catch::Contains("(5,)\n  error:"));
}
