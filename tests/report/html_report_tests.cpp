#include <catch2/catch.hpp>
#include <cmath>

#include "ringmaster/report/html/common_sections.hpp"
#include "ringmaster/report/html/html_report.hpp"
#include "tests/report/fixtures.hpp"

namespace {

bool has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1))
    ++n;
  return n;
}

}  // namespace

TEST_CASE("the mc_tuner page has its plots, causes, CPU and SGF links", "[html]") {
  const std::string html = rm::report::html_report(rm::test::mc_tuner_fixture());
  CHECK(count(html, "winrate-vs-parameter\"") == 2);  // one per parameter
  CHECK(count(html, "winrate-heatmap\"") == 1);       // one per pair
  CHECK(has(html, "class=\"plot bar games-per-candidate\""));
  CHECK(has(html, "class=\"plot xy best-over-time\""));
  CHECK(has(html, "class=\"plot xy cpu-per-game\""));
  CHECK_FALSE(has(html, "tree-level"));  // max_depth 1
  CHECK(has(html, "<td>timeout</td>"));
  CHECK(has(html, "<td>engine #6 exited</td>"));
  CHECK(has(html, "href=\"fixture.games/0.sgf\""));
  CHECK(has(html, "Best candidate now: <b>pl: 200; c: 0.2</b>"));
  CHECK(has(html, "<pre class=\"text-report\">fixture: 6 games played\n</pre>"));
  // Self-contained: nothing to fetch, nothing to run.
  CHECK_FALSE(has(html, "<script"));
  CHECK_FALSE(has(html, "http://www.w3.org/2000/svg\" href"));
  CHECK_FALSE(has(html, "src="));
}

TEST_CASE("the tree's levels are plotted when max_depth is above 1", "[html]") {
  auto in = rm::test::mc_tuner_fixture();
  in.report["max_depth"] = 2;  // the mc_tuner's JSON report says it
  CHECK(has(rm::report::html_report(in), "class=\"plot bar tree-level\""));
}

TEST_CASE("the playoff page has Elo, the cross-table, Elo over time and the SPRT", "[html]") {
  const std::string html = rm::report::html_report(rm::test::playoff_fixture());
  CHECK(has(html, "class=\"plot bar elo-per-matchup\""));
  CHECK(has(html, "class=\"plot heatmap crosstable\""));
  CHECK(has(html, "class=\"plot xy elo-over-time\""));
  CHECK(has(html, "class=\"plot xy sprt-llr\""));
  CHECK(has(html, "+191 \u00b1 inf"));  // an unbounded interval is said, not hidden
  CHECK(has(html, "3/4"));              // strong's score against weak in the cross-table
  CHECK(has(html, "The last run stopped: max-games reached for this run"));
}

TEST_CASE("the playoff page has the rating list, results per opening and decisions", "[html]") {
  const std::string html = rm::report::html_report(rm::test::playoff_fixture());
  CHECK_THAT(html, Catch::Contains("<section id=\"ratings\""));
  CHECK_THAT(html, Catch::Contains("<td>weak</td><td>-191</td><td>-466 to +84</td>"));
  CHECK_THAT(html, Catch::Contains("<section id=\"openings\""));
  CHECK_THAT(html, Catch::Contains("<td>openings/b.sgf</td><td>2</td><td>0</td><td>2</td>"));
  CHECK_THAT(html, Catch::Contains("<section id=\"decisions\""));
  CHECK_THAT(html, Catch::Contains("<td>arbiter gnugo</td><td>1</td>"));
  CHECK_THAT(html, Catch::Contains("<td>resign adjudication</td><td>1</td>"));

  // Without the JSON's table, results per opening are counted from the games.
  auto in = rm::test::playoff_fixture();
  in.report.erase("openings");
  in.report.erase("rating_list");
  const std::string counted = rm::report::html_report(in);
  CHECK_THAT(counted, Catch::Contains("<td>openings/a.sgf</td><td>2</td><td>1</td><td>1</td>"));
  CHECK_THAT(counted, !Catch::Contains("<section id=\"ratings\""));
}

TEST_CASE("SGF links are relative and percent-encoded", "[html]") {
  rm::report::ReportInputs in;
  in.directory = "/comp";
  rm::game::GameResult r;
  r.sgf_path = "/comp/ce.games/g4#0r1.sgf";
  CHECK(rm::report::html::sgf_href(r, in) == "ce.games/g4%230r1.sgf");
  r.sgf_path = "/elsewhere/a b.sgf";
  CHECK(rm::report::html::sgf_href(r, in) == "/elsewhere/a%20b.sgf");
  r.sgf_path = "";
  CHECK(rm::report::html::sgf_href(r, in) == "");
}

TEST_CASE("SGF links under sgf_url_base, as serve gives them", "[html]") {
  rm::report::ReportInputs in;
  in.directory = "/comp";
  in.sgf_url_base = "/competition/ce/";
  rm::game::GameResult r;
  r.sgf_path = "/comp/ce.games/g4#0r1.sgf";
  CHECK(rm::report::html::sgf_href(r, in) == "/competition/ce/games/g4%230r1.sgf");
  r.is_void = true;
  r.sgf_path = "/comp/ce.void/3.sgf";
  CHECK(rm::report::html::sgf_href(r, in) == "/competition/ce/void/3.sgf");
  r.sgf_path = "";
  CHECK(rm::report::html::sgf_href(r, in) == "");
}

TEST_CASE("text from the control file and engines is escaped", "[html]") {
  auto in = rm::test::playoff_fixture();
  in.report["description"] = "<script>alert(1)</script>";
  in.control_text = "description: \"</pre><b>\"\n";
  const std::string html = rm::report::html_report(in);
  CHECK_FALSE(has(html, "<script>"));
  CHECK(has(html, "&lt;script&gt;alert(1)&lt;/script&gt;"));
  CHECK(has(html, "&lt;/pre&gt;&lt;b&gt;"));
}

TEST_CASE("a competition without games still makes a page", "[html]") {
  auto in = rm::test::playoff_fixture();
  in.games.clear();
  in.report["matchups"][0]["elo"] = nlohmann::json::parse(
      R"({"games": 0, "samples": 0, "score": 0.5, "elo": 0, "elo_lower": "-inf", "elo_upper": "inf", "margin": "inf", "los": 0.5})");
  const std::string html = rm::report::html_report(in);
  CHECK(has(html, "No game was lost by forfeit."));
  CHECK(has(html, "class=\"plot heatmap crosstable\""));
}

TEST_CASE("a tuner's validation rounds are listed and plotted", "[html]") {
  auto in = rm::test::mc_tuner_fixture();
  in.report["validation"] = nlohmann::json::parse(R"json({"every": 4, "games": 2, "at_end": 0,
    "rounds": [{"round": 1, "after_games": 4, "at_end": false, "parameters": "pl: 200; c: 0.2",
      "values": [200, 0.2], "games": 2, "played": 2, "wins": 1, "no_winner": 0, "losses": 1,
      "void": 0, "win_rate": 0.5, "win_rate_ci": [0.0945, 0.9055]}]})json");
  const std::string html = rm::report::html_report(in);
  CHECK(has(html, "class=\"plot bar validation-rounds\""));
  CHECK(has(html,
            "<td>pl: 200; c: 0.2</td><td>2/2</td><td>1</td><td>50.0%</td><td>9.4% to 90.5%</td>"));
  in.report.erase("validation");
  CHECK_FALSE(has(rm::report::html_report(in), "validation-rounds"));
}

namespace {
// The <svg> element of the first plot with this class.
std::string plot_with_class(const std::string& html, const std::string& css_class) {
  const auto at = html.find(" " + css_class + "\"");
  if (at == std::string::npos) return "";
  const auto start = html.rfind("<svg ", at);
  return html.substr(start, html.find("</svg>", at) - start);
}
}  // namespace

TEST_CASE("an Elo bar with every game won says so, never +inf \u00b1 inf", "[html]") {
  auto in = rm::test::playoff_fixture();
  in.report["matchups"][0]["wdl"] = {{"wins", 4}, {"draws", 0}, {"losses", 0}};
  in.report["matchups"][0]["elo"] = nlohmann::json::parse(
      R"({"games": 4, "samples": 4, "score": 1.0, "elo": "inf", "elo_lower": 120.4,
          "elo_upper": "inf", "margin": "inf", "los": 0.97})");
  const std::string chart = plot_with_class(rm::report::html_report(in), "elo-per-matchup");
  REQUIRE_FALSE(chart.empty());
  CHECK_FALSE(has(chart, "inf \u00b1"));
  CHECK(has(chart, "all 4 won, \u2265 +120"));
  in.report["matchups"][0]["elo"]["elo"] = "-inf";
  in.report["matchups"][0]["elo"]["elo_lower"] = "-inf";
  in.report["matchups"][0]["elo"]["elo_upper"] = -120.4;
  CHECK(has(plot_with_class(rm::report::html_report(in), "elo-per-matchup"),
            "all 4 lost, \u2264 -120"));
}

TEST_CASE("mc_tuner: candidates with few games are not joined into the win-rate line", "[html]") {
  auto in = rm::test::mc_tuner_fixture();
  in.parameter_codes = {"pl"};
  in.report["candidates"] = nlohmann::json::parse(R"json([
    {"path": "(0)", "depth": 1, "parameters": "pl: 10", "engine_values": [10], "games": 1, "wins": 0},
    {"path": "(1)", "depth": 1, "parameters": "pl: 20", "engine_values": [20], "games": 1, "wins": 1},
    {"path": "(2)", "depth": 1, "parameters": "pl: 40", "engine_values": [40], "games": 8, "wins": 5},
    {"path": "(3)", "depth": 1, "parameters": "pl: 80", "engine_values": [80], "games": 6, "wins": 4},
    {"path": "(4)", "depth": 1, "parameters": "pl: 160", "engine_values": [160], "games": 1, "wins": 0}
  ])json");
  in.report["best"] = in.report["candidates"][2];
  const std::string plot = plot_with_class(rm::report::html_report(in), "winrate-vs-parameter");
  REQUIRE_FALSE(plot.empty());
  CHECK(count(plot, "class=\"marker\"") == 5 + 1);  // every candidate, and the best
  // One line, through the two candidates with enough games only.
  REQUIRE(count(plot, "class=\"series-line\"") == 1);
  const auto line = plot.substr(plot.find("class=\"series-line\""));
  const auto points = line.substr(0, line.find("\" fill"));
  CHECK(count(points, ",") == 2);
  CHECK(has(plot, ">fewer than 5 games</text>"));
}

TEST_CASE("model_tuner: a LOG-scale parameter is drawn on a log axis", "[html]") {
  rm::report::ReportInputs in;
  in.report = nlohmann::json::parse(R"json({
    "competition_type": "model_tuner", "code": "m", "games_played": 3, "last_run_halt": null,
    "opponent": {"code": "opp"},
    "parameters": [{"code": "pl", "scale": "LOG"}, {"code": "c", "scale": "LINEAR"}],
    "estimate": {"parameters": "pl: 100; c: 0.5", "win_rate": 0.6, "win_rate_ci95_low": 0.5,
                 "win_rate_ci95_high": 0.7,
                 "values": [{"value": 100, "ci95_low": 50, "ci95_high": 200},
                            {"value": 0.5, "ci95_low": 0.4, "ci95_high": 0.6}]}})json");
  in.parameter_codes = {"pl", "c"};
  in.control_file_name = "m.yaml";
  for (int i = 0; i < 3; ++i) {
    rm::report::GameRecord g;
    g.result = rm::test::game(std::to_string(i), "cand", "opp", "b", "B+R", 1.0, 1.0);
    g.candidate = "cand";
    g.values = {nlohmann::json(10 * std::pow(10, i)), nlohmann::json(0.5)};
    in.games.push_back(g);
  }
  const std::string html = rm::report::html_report(in);
  const std::string first = plot_with_class(html, "samples-over-time");
  CHECK(has(first, "pl (engine value) (log scale)"));
  const std::string second = html.substr(html.find(first) + first.size());
  CHECK_FALSE(has(plot_with_class(second, "samples-over-time"), "(log scale)"));
  const std::string pair = plot_with_class(html, "optimum-region");
  CHECK(has(pair, "pl (engine value) (log scale)"));
  CHECK_FALSE(has(pair, "c (engine value) (log scale)"));
}

TEST_CASE("spsa_tuner: head to head, the Elo gained comes from the last validation round",
          "[html]") {
  rm::report::ReportInputs in;
  in.report = nlohmann::json::parse(R"json({
    "competition_type": "spsa_tuner", "code": "s", "games_played": 40, "last_run_halt": null,
    "mode": "head_to_head", "opponent": null,
    "estimate": {"parameters": "c: 0.5", "values": [{"code": "c", "start": 1.6, "theta": 0.5,
                 "value": 0.5, "normalised": 0.0, "band_low": null, "band_high": null,
                 "scale": "LINEAR", "lower": 0.1, "upper": 2.0}]},
    "trajectory": [], "tuned_command": ["e"], "elo_gained": null})json");
  in.parameter_codes = {"c"};
  in.control_file_name = "s.yaml";
  CHECK(has(rm::report::html_report(in), "validation rounds (or the confirmation match below)"));
  in.report["elo_gained"] = nlohmann::json::parse(R"json({"measured_by": "validation",
    "round": 2, "after_games": 40, "parameters": "c: 0.5", "games": 10, "samples": 10,
    "score": 1.0, "elo": "inf", "elo_lower": 120.4, "elo_upper": "inf", "margin": "inf",
    "los": 0.99})json");
  const std::string html = rm::report::html_report(in);
  CHECK(has(html,
            "Elo gained: <b>all 10 won, \u2265 +120</b> (95%): the recommendation after "
            "40 games against the start, validation round 2 (10 games)."));
  in.report["elo_gained"]["elo"] = 147.2;
  in.report["elo_gained"]["margin"] = 43.4;
  CHECK(has(rm::report::html_report(in), "Elo gained: <b>+147 \u00b1 43</b> (95%)"));
}

TEST_CASE("spsa_tuner: every parameter at a glance, theta against its start", "[html]") {
  rm::report::ReportInputs in;
  in.report = nlohmann::json::parse(R"json({
    "competition_type": "spsa_tuner", "code": "s", "games_played": 40, "last_run_halt": null,
    "mode": "head_to_head", "opponent": null, "elo_gained": null, "tuned_command": ["e"],
    "estimate": {"parameters": "a: 0.5, b: 100", "values": [
      {"code": "a", "start": 0.5, "theta": 0.9, "value": 0.9, "band_low": null,
       "band_high": null, "scale": "LINEAR", "lower": 0.0, "upper": 1.0},
      {"code": "b", "start": 100, "theta": 10, "value": 10, "band_low": null,
       "band_high": null, "scale": "LOG", "lower": 1, "upper": 10000}]},
    "trajectory": [{"games": 20, "values": [0.7, 100]}, {"games": 40, "values": [0.9, 10]}]})json");
  in.parameter_codes = {"a", "b"};
  in.control_file_name = "s.yaml";
  const std::string html = rm::report::html_report(in);
  const std::string overview = plot_with_class(html, "trajectory-overview");
  REQUIRE_FALSE(overview.empty());
  // a moved up by 0.4 of its range (red), b down by a quarter of its log range (blue).
  CHECK(has(overview, "a after 40 games: 0.9 (start 0.5)"));
  CHECK(has(overview, "b after 40 games: 10 (start 100)"));
  CHECK(has(overview, "b after 20 games: 100 (start 100)"));
  // One parameter: no overview.
  in.report["estimate"]["values"].erase(1);
  CHECK(plot_with_class(rm::report::html_report(in), "trajectory-overview").empty());
}
