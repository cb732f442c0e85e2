// The lines `run -q --rating-interval N` prints: each matchup's score (cutechess's order),
// Elo (paired when there are pairs), LOS and SPRT, then the rating list.
#include <catch2/catch.hpp>

#include "ringmaster/report/rating_status.hpp"

TEST_CASE("rating lines: score, paired Elo, SPRT and the rating list", "[rating-status]") {
  const auto report = nlohmann::json::parse(R"({"competition_type": "playoff", "matchups": [
    {"name": "new v base", "games_played": 20, "wdl": {"wins": 12, "draws": 1, "losses": 7},
     "elo": {"elo": 88.7, "margin": 160.2, "los": 0.912, "samples": 20},
     "pairs": {"elo": {"elo": 88.7, "margin": 120.3, "los": 0.979, "samples": 10}},
     "sprt": {"elo0": 0, "elo1": 5, "llr": 0.41, "lower_bound": -2.94, "upper_bound": 2.94,
              "decision": "continue"}},
    {"name": "new v old", "games_played": 3, "wdl": {"wins": 3, "draws": 0, "losses": 0},
     "elo": {"elo": "inf", "elo_lower": 120.5, "elo_upper": "inf", "margin": "inf", "los": 0.96},
     "pairs": null, "sprt": null},
    {"name": "base v old", "games_played": 0, "wdl": {"wins": 0, "draws": 0, "losses": 0}}],
    "rating_list": {"anchor": "new", "players": [
      {"code": "new", "rating": 0, "lower": 0, "upper": 0},
      {"code": "base", "rating": -88.7, "lower": -209, "upper": 31.6},
      {"code": "old", "rating": null}]}})");
  const auto lines = rm::report::rating_lines(report);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] ==
        "score of new v base: 12 - 7 - 1 [0.625] 20 games, Elo +88.7 \u00b1 120.3 (paired), LOS "
        "97.9%, SPRT [0, 5] llr 0.41 (-2.94, 2.94) continue");
  CHECK(lines[1] == "score of new v old: 3 - 0 - 0 [1.000] 3 games, Elo \u2265 +120.5, LOS 96.0%");
  CHECK(lines[2] == "ratings: new +0 (anchor), base -89 \u00b1 120, old unrated");
  CHECK(rm::report::rating_lines(nlohmann::json::parse(R"({"competition_type": "mc_tuner"})"))
            .empty());
}
