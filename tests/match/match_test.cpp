// `ringmaster match`: parsing, the control file it writes (loaded back by the real loader),
// and matches played end to end with ringbot: run, resume, refuse a different match.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "ringmaster/cli/match_control_file.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/tournaments/tournament_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/store/store.hpp"
#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"

using namespace std::chrono_literals;
using rm::cli::MatchOptions;
using rm::cli::ParseExit;

namespace {

const std::string kRingmaster = std::string(RM_BIN_DIR) + "/ringmaster";
const std::string kRingbot = std::string(RM_BIN_DIR) + "/ringbot";

MatchOptions parse_ok(const std::vector<std::string>& args) {
  auto parsed = rm::cli::parse_match_command_line(args);
  if (auto* exit = std::get_if<ParseExit>(&parsed)) FAIL("usage error: " << exit->err);
  return std::get<MatchOptions>(parsed);
}

std::string usage_error(const std::vector<std::string>& args) {
  auto parsed = rm::cli::parse_match_command_line(args);
  auto* exit = std::get_if<ParseExit>(&parsed);
  REQUIRE(exit != nullptr);
  CHECK(exit->status == 2);
  return exit->err;
}

rm::test::Finished run(const rm::test::TempDir& dir, const std::vector<std::string>& args,
                       const std::string& name) {
  std::vector<std::string> argv{kRingmaster};
  argv.insert(argv.end(), args.begin(), args.end());
  rm::test::ChildProcess child(argv, dir.file(name), "match-" + name);
  auto f = child.wait(120s);
  REQUIRE(f);
  return *f;
}

}  // namespace

TEST_CASE("match: options, defaults and commands split into whole arguments", "[match]") {
  auto o = parse_ok({"--black", "gnugo --mode gtp --level '1'", "--white",
                     "/opt/bots/my\\ bot -x \"a b\"", "--games", "10", "--size", "9", "--komi",
                     "6.5", "--no-alternate", "--reuse", "-j", "3"});
  REQUIRE(o.engines.size() == 2);
  CHECK(o.engines[0].command == std::vector<std::string>{"gnugo", "--mode", "gtp", "--level", "1"});
  CHECK(o.engines[1].command == std::vector<std::string>{"/opt/bots/my bot", "-x", "a b"});
  CHECK(o.engines[0].code == "gnugo");
  CHECK(o.engines[1].code == "mybot");
  CHECK(o.games == 10);
  CHECK(o.board_size == 9);
  CHECK(o.komi == 6.5);
  CHECK_FALSE(o.alternate);
  CHECK(o.reuse);
  CHECK(o.run.parallel == 3);
  CHECK(o.run.control_file == "./match.yaml");
  CHECK(o.run.command == "run");
  CHECK(o.run.rating_interval == 10);

  auto same = parse_ok({"--black", "ringbot", "--white", "ringbot --playouts 5"});
  CHECK(same.engines[0].code == "ringbot-b");
  CHECK(same.engines[1].code == "ringbot-w");
  CHECK(same.games == 100);
  CHECK(same.board_size == 19);
  CHECK(same.komi == 7.5);
  CHECK(same.alternate);  // on by default
}

TEST_CASE("match: usage errors name the option and the value", "[match]") {
  CHECK_THAT(usage_error({"--white", "ringbot"}),
             Catch::Contains("--black: an engine command is required"));
  CHECK_THAT(usage_error({"--black", "a", "--white", "b 'unbalanced"}),
             Catch::Contains("--white: "));
  CHECK_THAT(usage_error({"--black", "a", "--white", "b", "--games", "0"}),
             Catch::Contains("--games: must be a whole number"));
  CHECK_THAT(usage_error({"--black", "a", "--white", "b", "--size", "26"}),
             Catch::Contains("--size: must be a whole number from 2 to 25 (got '26')"));
  CHECK_THAT(usage_error({"--black", "a", "--white", "b", "--komi", "lots"}),
             Catch::Contains("--komi: must be a number (got 'lots')"));
  CHECK_THAT(usage_error({"--black", "a", "--white", "b", "--scorer", "me"}),
             Catch::Contains("--scorer: must be players or internal"));
  CHECK_THAT(usage_error({"--black", "a", "--white", "b", "--black-name", "x y"}),
             Catch::Contains("--black-name: use letters"));
  CHECK_THAT(usage_error({"--black", "a", "--white", "b", "--bogus"}),
             Catch::Contains("usage: ringmaster match"));
}

TEST_CASE("match: the control file it writes loads as the playoff asked for", "[match]") {
  rm::test::TempDir dir("rm-match");
  auto o = parse_ok({"--black", "./bots/one -v", "--white", "ringbot --seed 3", "--games", "12",
                     "--size", "9", "--komi", "0.5", "--handicap", "2", "--move-limit", "300",
                     "--scorer", "internal", "--reuse", "--code", "m1"});
  const std::string text = rm::cli::match_control_file(o, "/home/me");
  const std::string path = dir.write("m1.yaml", text);
  auto cf = rm::comp::load_control_file(path);
  CHECK(cf.competition_type == "playoff");
  const auto& p = cf.settings<rm::comp::PlayoffSettings>();
  REQUIRE(p.matchups.size() == 1);
  CHECK(p.matchups[0].player_1 == "one");  // --black is player 1
  CHECK(p.matchups[0].player_2 == "ringbot");
  CHECK(p.matchups[0].alternating);
  CHECK(p.matchups[0].number_of_games == 12);
  CHECK(p.matchups[0].game.board_size == 9);
  CHECK(p.matchups[0].game.komi == 0.5);
  CHECK(p.matchups[0].game.handicap == 2);
  CHECK(p.matchups[0].game.move_limit == 300);
  CHECK(p.matchups[0].game.scorer == rm::game::Scorer::Internal);
  CHECK(cf.players.at("one").engine.process.argv ==
        std::vector<std::string>{"/home/me/./bots/one", "-v"});
  CHECK(cf.players.at("one").reuse);
  CHECK(cf.players.at("ringbot").engine.process.argv ==
        std::vector<std::string>{"ringbot", "--seed", "3"});
}

TEST_CASE("match: plays the games, resumes, refuses another match in the same place",
          "[match][e2e]") {
  rm::test::TempDir dir("rm-match-e2e");
  const std::string results = dir.file("results");
  // A relative program path is written as an absolute one.
  const std::string relative_ringbot =
      std::filesystem::relative(kRingbot, std::filesystem::current_path()).string();
  const std::vector<std::string> line{"match",
                                      "--black",
                                      relative_ringbot + " --playouts 4 --seed 1",
                                      "--white",
                                      kRingbot + " --playouts 12 --seed '2'",
                                      "--games",
                                      "4",
                                      "--size",
                                      "7",
                                      "--komi",
                                      "4.5",
                                      "--move-limit",
                                      "200",
                                      "--dir",
                                      results,
                                      "-q",
                                      "-j",
                                      "2"};
  auto first = run(dir, line, "first");
  INFO(first.err);
  REQUIRE(first.exit_status == 0);
  CHECK_THAT(first.err, Catch::Contains("wrote " + results + "/match.yaml"));
  auto store = rm::store::Store::open_read_only(results + "/match.db");
  CHECK(store->game_count() == 4);
  CHECK(std::filesystem::exists(results + "/match.games"));

  // The control file is an ordinary one: show works on it.
  auto show = run(dir, {results + "/match.yaml", "show"}, "show");
  CHECK(show.exit_status == 0);
  CHECK_THAT(show.out, Catch::Contains("ringbot-b v ringbot-w (4/4 games)"));

  // The same line again resumes (here: nothing left to play).
  auto again = run(dir, line, "again");
  CHECK(again.exit_status == 0);
  CHECK_THAT(again.err, Catch::Contains("resuming the match in " + results + "/match.yaml\n"));
  CHECK(rm::store::Store::open_read_only(results + "/match.db")->game_count() == 4);

  // More games: the same match continues, its control file raised to the new number.
  auto more = line;
  more[6] = "12";  // --games
  auto longer = run(dir, more, "more");
  INFO(longer.err);
  CHECK(longer.exit_status == 0);
  CHECK_THAT(longer.err, Catch::Contains("resuming the match in " + results +
                                         "/match.yaml (games per pair: 4 -> 12)"));
  CHECK(rm::store::Store::open_read_only(results + "/match.db")->game_count() == 12);
  CHECK_THAT(rm::test::slurp(results + "/match.yaml"), Catch::Contains("number_of_games: 12\n"));
  // The game ids keep the width they started with (0_3 was followed by 0_04 once).
  std::set<std::string> ids;
  for (const auto& g : rm::store::Store::open_read_only(results + "/match.db")->games())
    ids.insert(g.game_id);
  CHECK(ids == std::set<std::string>{"0_0", "0_1", "0_2", "0_3", "0_4", "0_5", "0_6", "0_7", "0_8",
                                     "0_9", "0_10", "0_11"});

  // Fewer games than it was started with: refused (show would read 12/6).
  auto fewer = line;
  fewer[6] = "6";
  auto lowered = run(dir, fewer, "fewer");
  CHECK(lowered.exit_status == 1);
  CHECK_THAT(lowered.err, Catch::Contains("plays 12 games per pair: --games can raise that, not "
                                          "lower it"));
  CHECK_THAT(rm::test::slurp(results + "/match.yaml"), Catch::Contains("number_of_games: 12\n"));

  // Another komi: the file differs, so the match is refused, not mixed.
  auto other = line;
  other[10] = "6.5";  // komi
  auto refused = run(dir, other, "refused");
  CHECK(refused.exit_status == 1);
  CHECK_THAT(refused.err, Catch::Contains("exists and is not this match's control file"));

  // A usage error exits 2 without writing anything.
  auto usage = run(dir, {"match", "--black", "x", "--dir", dir.file("nothing")}, "usage");
  CHECK(usage.exit_status == 2);
  CHECK_FALSE(std::filesystem::exists(dir.file("nothing")));
}

TEST_CASE("match: a mistyped engine leaves nothing behind, so the corrected line runs",
          "[match][e2e]") {
  rm::test::TempDir dir("rm-match-typo");
  const std::string results = dir.file("results");
  std::vector<std::string> line{"match",
                                "--black",
                                kRingbot + "x --playouts 4",
                                "--white",
                                kRingbot + " --playouts 4",
                                "--games",
                                "2",
                                "--size",
                                "5",
                                "--dir",
                                results,
                                "-q"};
  auto typo = run(dir, line, "typo");
  INFO(typo.err);
  CHECK(typo.exit_status != 0);
  CHECK_FALSE(std::filesystem::exists(results + "/match.yaml"));
  CHECK_FALSE(std::filesystem::exists(results));  // created by the command, and empty

  line[2] = kRingbot + " --playouts 4";
  auto corrected = run(dir, line, "corrected");
  INFO(corrected.err);
  CHECK(corrected.exit_status == 0);
  CHECK(rm::store::Store::open_read_only(results + "/match.db")->game_count() == 2);
}

TEST_CASE("match: docs/match.md shows the control file match really writes", "[match]") {
  std::ifstream in(std::string(RM_SOURCE_DIR) + "/docs/match.md");
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string text = doc.str();
  const std::string start = "```yaml\n# Written by";
  const auto at = text.find(start);
  REQUIRE(at != std::string::npos);
  const auto begin = at + 8;
  const std::string shown = text.substr(begin, text.find("```", begin) - begin);
  auto o = parse_ok({"--black", "gnugo --mode gtp", "--white", "ringbot", "--games", "10", "--size",
                     "9", "--reuse"});
  CHECK(rm::cli::match_control_file(o, "/anywhere") == shown);
}

TEST_CASE("match: an arbiter that cannot start is found at start, not at the first dispute",
          "[match][e2e]") {
  rm::test::TempDir dir("rm-match-arbiter");
  const std::string results = dir.file("results");
  const std::vector<std::string> line{"match",
                                      "--engine",
                                      kRingbot + " --playouts 4",
                                      "--engine",
                                      kRingbot + " --playouts 8",
                                      "--games",
                                      "2",
                                      "--size",
                                      "5",
                                      "--arbiter",
                                      "/nonexistent/arbiter",
                                      "--dir",
                                      results,
                                      "-q"};
  auto f = run(dir, line, "arbiter");
  INFO(f.err);
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err, Catch::Contains("player arbiter failed startup check"));
  CHECK_FALSE(std::filesystem::exists(results + "/match.db"));
  CHECK_FALSE(std::filesystem::exists(results + "/match.yaml"));
}
