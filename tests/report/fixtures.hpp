// Fixed ReportInputs for the golden tests: small, hand-written competitions whose HTML and CSV
// must not change by accident.
#pragma once

#include <string>

#include "ringmaster/report/report_inputs.hpp"

namespace rm::test {

inline rm::game::GameResult game(const std::string& id, const std::string& black,
                                 const std::string& white, const std::string& winner,
                                 const std::string& sgf_result, double black_cpu,
                                 double white_cpu) {
  rm::game::GameResult r;
  r.game_id = id;
  r.black_code = black;
  r.white_code = white;
  r.winner = winner;
  r.sgf_result = sgf_result;
  r.move_count = 60;
  r.black_cpu_s = black_cpu;
  r.white_cpu_s = white_cpu;
  r.black_long_description =
      black == "opp" || black == "strong" || black == "weak" ? "ringbot 0.1.0 " + black : "";
  r.white_long_description =
      white == "opp" || white == "strong" || white == "weak" ? "ringbot 0.1.0 " + white : "";
  r.sgf_path = "/comp/fixture.games/" + id + ".sgf";
  return r;
}

// An mc_tuner over two parameters, pl and c, with 2 x 2 candidates and six games.
inline rm::report::ReportInputs mc_tuner_fixture() {
  rm::report::ReportInputs in;
  in.report = nlohmann::json::parse(R"json({
    "competition_type": "mc_tuner", "code": "fixture", "description": "two parameters",
    "games_played": 6, "number_of_games": 10, "last_run_halt": null,
    "opponent": {"code": "opp", "description": "ringbot 0.1.0 opp"},
    "best": {"path": "(1,0)", "depth": 1, "parameters": "pl: 200; c: 0.2", "engine_values": [200, 0.2],
             "games": 3, "wins": 2, "value": 0.6, "win_rate": 0.6667, "ci95_low": 0.2077, "ci95_high": 0.9385},
    "candidates": [
      {"path": "(0,0)", "depth": 1, "parameters": "pl: 20; c: 0.2", "engine_values": [20, 0.2],
       "games": 1, "wins": 0, "value": 0.4, "win_rate": 0.0, "ci95_low": 0.0, "ci95_high": 0.7935},
      {"path": "(0,1)", "depth": 1, "parameters": "pl: 20; c: 0.8", "engine_values": [20, 0.8],
       "games": 1, "wins": 1, "value": 0.6, "win_rate": 1.0, "ci95_low": 0.2065, "ci95_high": 1.0},
      {"path": "(1,0)", "depth": 1, "parameters": "pl: 200; c: 0.2", "engine_values": [200, 0.2],
       "games": 3, "wins": 2, "value": 0.6, "win_rate": 0.6667, "ci95_low": 0.2077, "ci95_high": 0.9385},
      {"path": "(1,1)", "depth": 1, "parameters": "pl: 200; c: 0.8", "engine_values": [200, 0.8],
       "games": 1, "wins": 0, "value": 0.4, "win_rate": 0.0, "ci95_low": 0.0, "ci95_high": 0.7935}
    ]})json");
  in.text_report = "fixture: 6 games played\n";
  in.players = {{"opp", "ringbot --playouts 50"}};
  in.parameter_codes = {"pl", "c"};
  in.control_file_name = "fixture.yaml";
  in.control_text = "competition_type: mc_tuner\n";
  in.directory = "/comp";
  const struct {
    const char* id;
    const char* winner;  // the colour that won
    const char* parameters;
    double pl, c;
  } rows[] = {{"0", "b", "pl: 20; c: 0.2", 20, 0.2},   {"1", "w", "pl: 20; c: 0.8", 20, 0.8},
              {"2", "w", "pl: 200; c: 0.2", 200, 0.2}, {"3", "b", "pl: 200; c: 0.8", 200, 0.8},
              {"4", "w", "pl: 200; c: 0.2", 200, 0.2}, {"5", "b", "pl: 200; c: 0.2", 200, 0.2}};
  for (const auto& row : rows) {
    rm::report::GameRecord g;
    const std::string candidate = std::string("#") + row.id;
    g.result = game(row.id, "opp", candidate, row.winner,
                    std::string(row.winner) == "b" ? "B+R" : "W+3.5", 0.25, 0.5);
    g.candidate = candidate;
    g.parameters = row.parameters;
    g.values = {row.pl, row.c};
    in.games.push_back(g);
  }
  in.games[3].result.is_forfeit = true;
  in.games[3].result.forfeit_cause = "timeout";
  in.games[3].result.sgf_result = "B+T";
  rm::report::GameRecord v;
  v.result = game("6", "opp", "#6", "", "Void", 0.1, 0.1);
  v.result.is_void = true;
  v.result.void_reason = "engine #6 exited";
  v.result.sgf_path = "";
  v.candidate = "#6";
  in.void_games.push_back(v);
  return in;
}

// A playoff of one matchup with an SPRT, four games with alternating colours.
inline rm::report::ReportInputs playoff_fixture() {
  rm::report::ReportInputs in;
  in.report = nlohmann::json::parse(R"json({
    "competition_type": "playoff", "code": "duel", "description": "strong v weak",
    "games_played": 4, "last_run_halt": {"reason": "max-games reached for this run", "error": false},
    "players": {"strong": {"description": "ringbot 0.1.0 strong"}, "weak": {"description": "ringbot 0.1.0 weak"}},
    "matchups": [{"id": "m", "name": "strong v weak", "is_ghost": false, "player_1": "strong",
      "player_2": "weak", "games_played": 4, "jigos": 0, "unknown_results": 0,
      "wdl": {"wins": 3, "draws": 0, "losses": 1},
      "elo": {"games": 4, "samples": 4, "score": 0.75, "elo": 190.8, "elo_lower": -97.3,
              "elo_upper": "inf", "margin": "inf", "los": 0.87},
      "sprt": {"elo0": 0, "elo1": 100, "alpha": 0.05, "beta": 0.05, "llr": 0.31,
               "lower_bound": -2.94, "upper_bound": 2.94, "pentanomial": false, "decision": "continue"}}],
    "rating_list": {"method": "bradley_terry", "anchor": "strong", "anchor_rating": 0,
      "confidence": 0.95, "prior_draws": 0, "players": [
        {"code": "strong", "rank": 1, "rating": 0, "error": 0, "lower": 0, "upper": 0, "games": 4, "points": 3},
        {"code": "weak", "rank": 2, "rating": -190.8, "error": 140.2, "lower": -465.6, "upper": 84.0,
         "games": 4, "points": 1}]},
    "openings": [
      {"name": "openings/a.sgf", "games": 2, "black_wins": 1, "white_wins": 1, "no_winner": 0,
       "wins": {"strong": 1, "weak": 1}},
      {"name": "openings/b.sgf", "games": 2, "black_wins": 0, "white_wins": 2, "no_winner": 0,
       "wins": {"strong": 2}}]
  })json");
  in.text_report = "duel: 4 games\n";
  in.players = {{"strong", "ringbot --playouts 200"}, {"weak", "ringbot --playouts 20"}};
  in.control_file_name = "duel.yaml";
  in.control_text = "competition_type: playoff\n";
  in.directory = "/comp";
  in.games.push_back({game("m_0", "strong", "weak", "b", "B+12.5", 1.0, 0.2)});
  in.games.push_back({game("m_1", "weak", "strong", "w", "W+R", 0.2, 1.0)});
  in.games.push_back({game("m_2", "strong", "weak", "w", "W+0.5", 1.0, 0.2)});
  in.games.push_back({game("m_3", "weak", "strong", "w", "W+R", 0.2, 1.0)});
  // Results an arbiter and an adjudication decided, the openings, a CPU time with binary
  // noise (0.1 + 0.2).
  for (std::size_t i = 0; i < in.games.size(); ++i)
    in.games[i].result.opening = i < 2 ? "openings/a.sgf" : "openings/b.sgf";
  in.games[1].result.decided_by = "resign adjudication";
  in.games[1].result.detail = "resign adjudication: black behind by 31.5 by the area estimate";
  in.games[2].result.decided_by = "arbiter gnugo";
  in.games[2].result.detail = "decided by arbiter gnugo";
  in.games[2].result.black_cpu_s = 0.1 + 0.2;
  return in;
}

}  // namespace rm::test
