// The control-file settings of openings, clocks and adjudication, and their refusals: an
// opening file's problem names the SGF file, line and column; a setting's names the control
// file's.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/tournaments/tournament_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "tests/games/games_support.hpp"

using namespace rm::games_test;
namespace fs = std::filesystem;

namespace {

const std::string kHead =
    "competition_type: playoff\n"
    "players:\n"
    "  a: {command: [ringbot, --playouts, '2']}\n"
    "  b: {command: [ringbot, --playouts, '3']}\n"
    "  gnugo: {command: 'gnugo --mode gtp'}\n"
    "board_size: 9\n"
    "komi: 7.5\n"
    "matchups:\n"
    "  - {player_1: a, player_2: b, number_of_games: 4}\n";

fs::path write(const fs::path& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir / name) << text;
  return dir / name;
}

std::string load_error(const fs::path& control) {
  try {
    rm::comp::load_control_file(control.string());
  } catch (const rm::control::ConfigError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("openings, clocks and adjudication are read from the control file", "[games][control]") {
  auto dir = scratch("control_ok");
  fs::create_directories(dir / "openings");
  write(dir / "openings", "b.sgf", "(;SZ[9];B[ee];W[cc])");
  write(dir / "openings", "a.sgf", "(;SZ[9]AB[cc][gg])(;SZ[9];B[dd])");
  write(dir / "openings", "notes.txt", "not an opening");
  auto control =
      write(dir, "c.yaml",
            kHead +
                "openings: {sgf: openings, moves: 1, order: random, seed: 5, report: true}\n"
                "time_control: {system: japanese, main_time: 60, period_time: 10, periods: 3}\n"
                "time_margin: 0.25\n"
                "adjudication: {arbiter: gnugo, cleanup_moves: 50, resign_score: 40, "
                "resign_moves: 3, score_at_move_limit: true}\n");
  auto cf = rm::comp::load_control_file(control.string());
  REQUIRE(cf.openings);
  REQUIRE(cf.openings->openings.size() == 3);
  CHECK(cf.openings->openings[0].name == "openings/a.sgf #1");
  CHECK(cf.openings->openings[0].free_handicap.size() == 2);
  CHECK(cf.openings->openings[2].name == "openings/b.sgf");
  CHECK(cf.openings->openings[2].moves.size() == 1);  // moves: 1
  CHECK(cf.openings->order == rm::control::OpeningOrder::Random);
  const auto& game = cf.settings<rm::comp::PlayoffSettings>().matchups[0].game;
  REQUIRE(game.time_control);
  CHECK(game.time_control->system == rm::game::TimeSystem::Japanese);
  CHECK(game.time_control->periods == 3);
  CHECK(game.time_margin_s == 0.25);
  CHECK(game.adjudication.arbiter == rm::game::ArbiterKind::Engine);
  CHECK(game.adjudication.arbiter_engine->process.argv.back() == "gtp");
  CHECK(game.adjudication.resign_score == 40);

  SECTION("pairs: games 2k and 2k+1 share an opening and swap colours, the same every run") {
    auto first = rm::comp::make_competition(cf);
    std::vector<rm::comp::JobRequest> jobs;
    for (int i = 0; i < 4; ++i) jobs.push_back(*first->next_job());
    CHECK(jobs[0].job.opening == jobs[1].job.opening);
    CHECK(jobs[2].job.opening == jobs[3].job.opening);
    CHECK(jobs[0].job.black.code == jobs[1].job.white.code);
    CHECK(jobs[2].job.black.code == jobs[3].job.white.code);
    auto again = rm::comp::make_competition(cf);
    for (int i = 0; i < 4; ++i)
      CHECK(again->next_job()->job.opening == jobs[static_cast<std::size_t>(i)].job.opening);
    // The job carries everything to ringmaster-play: the JSON round trip keeps it.
    CHECK(rm::game::to_json(rm::game::job_from_json(rm::game::to_json(jobs[0].job))) ==
          rm::game::to_json(jobs[0].job));
  }
}

TEST_CASE("a player's own time control gives time odds", "[games][control]") {
  auto dir = scratch("control_odds");
  auto control = write(dir, "c.yaml",
                       "competition_type: playoff\n"
                       "players:\n"
                       "  a: {command: ringbot, time_control: {system: per_move, move_time: 2}}\n"
                       "  b: {command: ringbot}\n"
                       "board_size: 9\nkomi: 7.5\n"
                       "time_control: {system: absolute, main_time: 60}\n"
                       "matchups: [{player_1: a, player_2: b}]\n");
  auto cf = rm::comp::load_control_file(control.string());
  REQUIRE(cf.players.at("a").time_control);
  CHECK(rm::game::time_control_of(cf.players.at("a"), cf.game)->system ==
        rm::game::TimeSystem::PerMove);
  CHECK(rm::game::time_control_of(cf.players.at("b"), cf.game)->system ==
        rm::game::TimeSystem::Absolute);
}

TEST_CASE("bad opening files are refused with the file and the position", "[games][control]") {
  auto dir = scratch("control_bad");
  auto control_for = [&](const std::string& sgf_name) {
    return write(dir, "c.yaml", kHead + "openings: {sgf: " + sgf_name + "}\n");
  };
  write(dir, "text.sgf", "this is not sgf");
  CHECK(load_error(control_for("text.sgf")) ==
        (dir / "text.sgf").string() + ":1:16: openings: not SGF: no game tree ('(') found");
  write(dir, "big.sgf", "(;SZ[19]\n;B[pd])");
  CHECK(load_error(control_for("big.sgf")) ==
        (dir / "big.sgf").string() +
            ":1:2: openings: board size 19 does not match the competition's board_size 9");
  write(dir, "illegal.sgf", "(;SZ[9]\n;B[ee]\n;W[ee])");
  CHECK(load_error(control_for("illegal.sgf")) ==
        (dir / "illegal.sgf").string() + ":3:2: openings: move W E5 is illegal (occupied point)");
  CHECK_THAT(load_error(control_for("missing.sgf")),
             Catch::Contains("c.yaml:10:17: openings.sgf: no such file or directory"));
  fs::create_directories(dir / "empty");
  CHECK_THAT(load_error(control_for("empty")), Catch::Contains("has no .sgf files"));
}

TEST_CASE("opening files must be regular files of bounded size, any nesting is read",
          "[games][control][hostile]") {
  auto dir = scratch("control_hostile_sgf");
  auto control_for = [&](const std::string& sgf_name) {
    return write(dir, "c.yaml", kHead + "openings: {sgf: '" + sgf_name + "'}\n");
  };
  // A FIFO or a device would block or never end: refused without being read.
  REQUIRE(::mkfifo((dir / "fifo.sgf").c_str(), 0600) == 0);
  CHECK_THAT(load_error(control_for("fifo.sgf")),
             Catch::Contains("c.yaml:10:17: openings.sgf: cannot read " +
                             (dir / "fifo.sgf").string() + ": is not a regular file"));
  CHECK_THAT(load_error(control_for("/dev/zero")),
             Catch::Contains("openings.sgf: cannot read /dev/zero: is not a regular file"));
  write(dir, "huge.sgf", "(;SZ[9];B[cc])" + std::string(16 * 1024 * 1024, ' '));
  CHECK_THAT(load_error(control_for("huge.sgf")),
             Catch::Contains("huge.sgf: is larger than 16 MiB"));
  // A symlink loop is an unreadable file, not a missing one.
  fs::create_symlink("loop.sgf", dir / "loop.sgf");
  CHECK_THAT(load_error(control_for("loop.sgf")),
             Catch::Contains("openings.sgf: cannot read " + (dir / "loop.sgf").string() + ": "));
  // Variations nested 50,000 deep once overflowed the stack of every command.
  std::string deep = "(;SZ[9];B[cc]";
  for (int i = 0; i < 50000; ++i) deep += "(;C[variation]";
  deep += std::string(50000, ')') + ")";
  write(dir, "deep.sgf", deep);
  auto cf = rm::comp::load_control_file(control_for("deep.sgf").string());
  REQUIRE(cf.openings);
  REQUIRE(cf.openings->openings.size() == 1);
  CHECK(cf.openings->openings[0].moves.size() == 1);
}

TEST_CASE("bad clock and adjudication settings name the control file's position",
          "[games][control]") {
  auto dir = scratch("control_bad_settings");
  auto error_with = [&](const std::string& extra) {
    return load_error(write(dir, "c.yaml", kHead + extra));
  };
  CHECK_THAT(error_with("time_control: {system: canadian, main_time: 10, period_time: 5}\n"),
             Catch::Contains("time_control.period_moves: not specified"));
  CHECK_THAT(error_with("time_control: {system: absolute, main_time: 10, periods: 3}\n"),
             Catch::Contains("time_control.periods: not used by the absolute system"));
  CHECK_THAT(error_with("time_control: {system: fischer, main_time: 10}\n"),
             Catch::Contains("time_control.system"));
  CHECK_THAT(error_with("time_control: {system: per_move, move_time: 0}\n"),
             Catch::Contains("time_control.move_time: must be a positive number of seconds"));
  // 2^31 s once reached the engines as `time_left b -2147483648 0`.
  CHECK(error_with("time_control: {system: absolute, main_time: 2147483648}\n") ==
        (dir / "c.yaml").string() +
            ":10:45: time_control.main_time: must be a positive number of seconds, at most 1e9 "
            "(got 2147483648)");
  CHECK_THAT(error_with("time_control: {system: japanese, main_time: 1e300, period_time: 5, "
                        "periods: 3}\n"),
             Catch::Contains("time_control.main_time: must be a number of seconds, 0 or more, "
                             "at most 1e9 (got 1e300)"));
  CHECK_THAT(error_with("time_control: {system: canadian, main_time: 0, period_time: 1e10, "
                        "period_moves: 3}\n"),
             Catch::Contains("time_control.period_time: must be a positive number of seconds, "
                             "at most 1e9"));
  CHECK_THAT(error_with("time_control: {system: per_move, move_time: 4294967296}\n"),
             Catch::Contains("time_control.move_time: must be a positive number of seconds, at "
                             "most 1e9"));
  std::string odds = kHead;
  odds.replace(odds.find("'2']}"), 5, "'2'], time_control: {system: per_move, move_time: 3e9}}");
  CHECK_THAT(load_error(write(dir, "c.yaml", odds)),
             Catch::Contains("players.a.time_control.move_time: must be a positive number"));
  CHECK_THAT(error_with("adjudication: {arbiter: gnugoo}\n"),
             Catch::Contains("adjudication.arbiter: 'gnugoo' is neither 'internal' nor a player in "
                             "players (did you mean 'gnugo'?)"));
  CHECK_THAT(error_with("adjudication: {arbiter: internal, cleanup_moves: 5}\n"),
             Catch::Contains("adjudication.cleanup_moves: needs an engine arbiter"));
  CHECK_THAT(error_with("adjudication: {resign_moves: 5}\n"),
             Catch::Contains("adjudication.resign_moves: needs resign_score"));
  CHECK_THAT(error_with("handicap: 2\nopenings: {sgf: x.sgf}\n"),
             Catch::Contains("openings: cannot be combined with a handicap"));
}
