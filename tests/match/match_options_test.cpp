// `ringmaster match`'s options beyond two engines: round robins and gauntlets, openings,
// clocks, the SPRT, adjudication, the rating interval; and a usage error (exit 2) that says
// what a good value is for every bad one.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "ringmaster/cli/match_control_file.hpp"

using rm::cli::MatchOptions;
using rm::cli::ParseExit;

namespace {

const std::string kOpenings = std::string(RM_SOURCE_DIR) + "/control_examples/openings_9x9";

MatchOptions parse_ok(std::vector<std::string> args) {
  auto parsed = rm::cli::parse_match_command_line(args, "/here");
  if (auto* exit = std::get_if<ParseExit>(&parsed)) FAIL("usage error: " << exit->err);
  return std::get<MatchOptions>(parsed);
}

// The error for `extra` after two good engines.
std::string usage_error(std::vector<std::string> extra, bool with_engines = true) {
  std::vector<std::string> args;
  if (with_engines) args = {"-e", "a", "-e", "b"};
  args.insert(args.end(), extra.begin(), extra.end());
  auto parsed = rm::cli::parse_match_command_line(args, "/here");
  auto* exit = std::get_if<ParseExit>(&parsed);
  REQUIRE(exit != nullptr);
  CHECK(exit->status == 2);
  CHECK_THAT(exit->err, Catch::StartsWith("usage: ringmaster match"));
  return exit->err;
}

}  // namespace

TEST_CASE("match: --engine repeated, with --name in the same order", "[match]") {
  auto o = parse_ok({"--engine", "ringbot --playouts 10", "-e", "gnugo --mode gtp", "--engine",
                     "ringbot --playouts 20", "--name", "", "--name", "gg"});
  REQUIRE(o.engines.size() == 3);
  CHECK(o.engines[0].code == "ringbot-1");
  CHECK(o.engines[1].code == "gg");
  CHECK(o.engines[2].code == "ringbot-3");
  CHECK_FALSE(o.gauntlet);
  CHECK(parse_ok({"-e", "a", "-e", "b", "-e", "c", "--gauntlet"}).gauntlet);
}

TEST_CASE("match: openings, clocks, SPRT and adjudication options", "[match]") {
  auto o = parse_ok({"-e",
                     "a",
                     "-e",
                     "b",
                     "--openings",
                     kOpenings,
                     "--openings-order",
                     "random",
                     "--openings-moves",
                     "4",
                     "--openings-seed",
                     "9",
                     "--no-repeat",
                     "--byoyomi",
                     "5x30",
                     "--time",
                     "60",
                     "--time-margin",
                     "0.3",
                     "--sprt",
                     "0,5",
                     "--arbiter",
                     "gnugo",
                     "--resign-score",
                     "30",
                     "--resign-moves",
                     "3",
                     "--rating-interval",
                     "4"});
  CHECK(o.openings.path == kOpenings);
  CHECK(o.openings.order == "random");
  CHECK(o.openings.moves == 4);
  CHECK(o.openings.seed == 9);
  CHECK_FALSE(o.openings.pairs);
  CHECK(o.clock.system == "japanese");
  CHECK(o.clock.main_time == 60);
  CHECK(o.clock.periods == 5);
  CHECK(o.clock.period_time == 30);
  CHECK(o.clock.margin == 0.3);
  REQUIRE(o.sprt);
  CHECK(o.sprt->elo1 == 5);
  CHECK(o.sprt->alpha == 0.05);
  CHECK(o.adjudication.arbiter == "gnugo");
  CHECK(o.adjudication.arbiter_command == std::vector<std::string>{"gnugo", "--mode", "gtp",
                                                                   "--chinese-rules",
                                                                   "--capture-all-dead"});
  CHECK(o.adjudication.resign_score == 30);
  CHECK(o.adjudication.resign_moves == 3);
  CHECK(o.run.rating_interval == 4);

  // A relative openings path is made absolute (the control file may be elsewhere).
  auto relative = rm::cli::parse_match_command_line(
      {"-e", "a", "-e", "b", "--openings", "control_examples/openings_9x9"}, RM_SOURCE_DIR);
  REQUIRE(std::holds_alternative<MatchOptions>(relative));
  CHECK(std::get<MatchOptions>(relative).openings.path == kOpenings);
  // fastchess's SPRT words; cutechess's tc; the arbiter being one of the players.
  auto f =
      parse_ok({"-e", "a", "-e", "gnugo --mode gtp", "--sprt", "elo0=-5 elo1=5 alpha=0.1 beta=0.2",
                "--tc", "40/60", "--arbiter", "gnugo --mode gtp"});
  CHECK(f.sprt->elo0 == -5);
  CHECK(f.sprt->beta == 0.2);
  CHECK(f.clock.system == "canadian");
  CHECK(f.clock.main_time == 0);
  CHECK(f.clock.period_moves == 40);
  CHECK(f.adjudication.arbiter == "gnugo");
  CHECK(f.adjudication.arbiter_command.empty());
  CHECK(parse_ok({"-e", "a", "-e", "b", "--tc", "90"}).clock.system == "absolute");
  CHECK(parse_ok({"-e", "a", "-e", "b", "--move-time", "2"}).clock.system == "per_move");
  CHECK(parse_ok({"-e", "a", "-e", "b", "--canadian", "10/30"}).clock.main_time == 0);
  CHECK(parse_ok({"-e", "a", "-e", "b", "--arbiter", "a"}).adjudication.arbiter == "a");
  CHECK(parse_ok({"-e", "a", "-e", "b", "--arbiter", "a -x"}).adjudication.arbiter == "a-arbiter");
}

TEST_CASE("match: every bad value is a usage error saying what a good one is", "[match]") {
  CHECK_THAT(usage_error({"-e", "a"}, false), Catch::Contains("--engine: give at least two"));
  CHECK_THAT(usage_error({"--black", "x"}), Catch::Contains("with --engine or with --black"));
  CHECK_THAT(usage_error({"--name", "x", "--name", "y", "--name", "z"}),
             Catch::Contains("--name: more names than engines"));
  CHECK_THAT(usage_error({"--name", "x", "--name", "x"}),
             Catch::Contains("two engines have the player code 'x'"));
  CHECK_THAT(usage_error({"--name", "a b"}), Catch::Contains("--name: use letters"));
  CHECK_THAT(usage_error({"--openings", "/no/such/dir"}),
             Catch::Contains("--openings: no such file or directory: /no/such/dir"));
  CHECK_THAT(usage_error({"--openings", kOpenings, "--openings-order", "shuffled"}),
             Catch::Contains("--openings-order: must be sequential or random (got 'shuffled')"));
  CHECK_THAT(usage_error({"--openings-order", "random"}), Catch::Contains("needs --openings"));
  CHECK_THAT(usage_error({"--openings", kOpenings, "--openings-moves", "0"}),
             Catch::Contains("--openings-moves: must be a whole number"));
  CHECK_THAT(usage_error({"--openings", kOpenings, "--openings-seed", "3"}),
             Catch::Contains("--openings-seed: needs --openings-order random"));
  CHECK_THAT(usage_error({"--openings", kOpenings, "--handicap", "2"}),
             Catch::Contains("cannot be combined with --handicap"));
  CHECK_THAT(usage_error({"--time", "0"}), Catch::Contains("--time: must be a positive number"));
  CHECK_THAT(usage_error({"--time", "2e9"}), Catch::Contains("--time: must be a positive"));
  CHECK_THAT(usage_error({"--byoyomi", "5*30"}),
             Catch::Contains("--byoyomi: give PERIODSxSECONDS"));
  CHECK_THAT(usage_error({"--canadian", "10/0"}),
             Catch::Contains("--canadian: give MOVES/SECONDS"));
  CHECK_THAT(usage_error({"--byoyomi", "5x30", "--canadian", "10/30"}),
             Catch::Contains("--byoyomi and --canadian: give one"));
  CHECK_THAT(usage_error({"--tc", "10+0.1"}), Catch::Contains("--tc: no increment"));
  CHECK_THAT(usage_error({"--tc", "40/60", "--time", "5"}), Catch::Contains("give one of them"));
  CHECK_THAT(usage_error({"--move-time", "-1"}),
             Catch::Contains("--move-time: must be a positive"));
  CHECK_THAT(usage_error({"--time-margin", "1"}), Catch::Contains("--time-margin: needs a clock"));
  CHECK_THAT(usage_error({"--time", "5", "--time-margin", "4000"}),
             Catch::Contains("--time-margin: must be seconds from 0 to 3600"));
  CHECK_THAT(usage_error({"--sprt", "5"}), Catch::Contains("--sprt: give elo0,elo1[,alpha,beta]"));
  CHECK_THAT(usage_error({"--sprt", "5,0"}), Catch::Contains("--sprt: elo0 < elo1"));
  CHECK_THAT(usage_error({"--sprt", "0,5,0.6,0.6"}), Catch::Contains("alpha + beta < 1"));
  CHECK_THAT(usage_error({"--sprt", "elo0=0 gamma=1"}), Catch::Contains("unknown key 'gamma'"));
  CHECK_THAT(usage_error({"--arbiter", "'x"}), Catch::Contains("--arbiter: "));
  CHECK_THAT(usage_error({"--resign-score", "0"}), Catch::Contains("--resign-score: must be a"));
  CHECK_THAT(usage_error({"--resign-moves", "3"}), Catch::Contains("needs --resign-score"));
  CHECK_THAT(usage_error({"--resign-score", "9", "--resign-moves", "0"}),
             Catch::Contains("--resign-moves: must be a whole number \u2265 1"));
  CHECK_THAT(usage_error({"--rating-interval", "-1"}),
             Catch::Contains("--rating-interval: must be a whole number"));
  CHECK_THAT(usage_error({"-j", "0"}), Catch::Contains("-j/--parallel: must be"));
  CHECK_THAT(usage_error({"--code", "a/b"}), Catch::Contains("--code: use letters"));
  CHECK_THAT(usage_error({"--reuse=maybe"}), Catch::Contains("--reuse"));
}
