// The real `ringmaster` binary used the wrong way (issue 13): messages a new user can act on,
// `stop` that leaves nothing behind, `check` that creates nothing.
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using Dir = rm::test::TempDir;

rm::test::Finished run_binary(const Dir& dir, const std::string& binary,
                              const std::vector<std::string>& args) {
  std::vector<std::string> argv{std::string(RM_BIN_DIR) + "/" + binary};
  argv.insert(argv.end(), args.begin(), args.end());
  rm::test::ChildProcess child(argv, dir.file("capture"), "cli");
  auto f = child.wait();
  REQUIRE(f);
  return *f;
}

rm::test::Finished ringmaster(const Dir& dir, const std::vector<std::string>& args) {
  return run_binary(dir, "ringmaster", args);
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

const char* const kTuner =
    "competition_type: mc_tuner\n"
    "players:\n  opp:\n    command: [ringbot]\n"
    "board_size: 7\nkomi: 4.5\nnumber_of_games: 2\ncandidate_colour: w\n"
    "opponent: opp\nexploration_coefficient: 0.45\ninitial_visits: 2\n"
    "initial_wins: 1\nparameters:\n  - code: pl\n    scale: LOG(2, 40, integer)\n"
    "    split: 3\n"
    "candidate:\n  command: [ringbot, --playouts, '{pl}']\n"
    "  environ: {RINGBOT_FILES: '{files_dir}'}\n"
    "  files:\n    settings.txt: {template: settings.in}\n";

// Every file under `dir`, except the captured output of the binaries.
std::set<std::string> files_in(const Dir& dir) {
  std::set<std::string> names;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir.path())) {
    std::string name = std::filesystem::relative(e.path(), dir.path()).string();
    if (name.rfind("capture.", 0) != 0) names.insert(name);
  }
  return names;
}

}  // namespace

TEST_CASE("bad option values say what a good one is", "[cli][binary][hostile]") {
  Dir dir;
  auto word = ringmaster(dir, {"t.yaml", "-j", "abc"});
  CHECK(word.exit_status == 2);
  CHECK_THAT(
      word.err,
      Catch::EndsWith(
          "ringmaster: error: -j/--parallel: must be a whole number from 1 to 1023 (got 'abc')\n"));
  auto negative = ringmaster(dir, {"t.yaml", "-g", "-1"});
  CHECK(negative.exit_status == 2);
  CHECK_THAT(
      negative.err,
      Catch::EndsWith(
          "ringmaster: error: -g/--max-games: must be a whole number \u2265 0 (got '-1')\n"));
  CHECK(negative.err.size() < 200);  // no 300-digit range
  CHECK(ringmaster(dir, {"t.yaml", "--parallel", "0"}).exit_status == 2);
  CHECK(ringmaster(dir, {"t.yaml", "-g", "1.5"}).exit_status == 2);
}

TEST_CASE("--help shows the same usage line as a usage error", "[cli][binary][hostile]") {
  Dir dir;
  auto help = ringmaster(dir, {"--help"});
  auto error = ringmaster(dir, {});
  CHECK(help.exit_status == 0);
  CHECK(error.exit_status == 2);
  CHECK(first_line(help.out) == "usage: ringmaster [options] <control file> [command]");
  CHECK(first_line(error.err) == first_line(help.out));
}

TEST_CASE("the helper binaries print their help and exit 0", "[cli][binary][hostile]") {
  Dir dir;
  // Every bench too: --help must never start a run of several minutes.
  for (const char* binary :
       {"ringmaster-play", "scripted_engine", "ringbot", "bench_game_overhead", "bench_playouts",
        "bench_controller_scale", "bench_engine_reuse", "bench_tuner_cost", "make_games"}) {
    INFO(binary);
    auto help = run_binary(dir, binary, {"--help"});
    CHECK(help.exit_status == 0);
    CHECK_THAT(help.out, Catch::StartsWith(std::string("usage: ") + binary));
  }
  struct Script {
    const char *interpreter, *path, *usage;
  };
  int scripts = 0;
  for (const Script& s :
       {Script{"/bin/bash", "/bench/million_games/run.sh", "usage: run.sh"},
        Script{"/bin/bash", "/bench/tuner_evidence/run.sh", "usage: run.sh"},
        Script{"/bin/bash", "/bench/spsa_half/run.sh", "usage: run.sh"},
        Script{"/bin/bash", "/bench/tuner_evidence/unseen_1d.sh", "usage: unseen_1d.sh"},
        Script{"/usr/bin/python3", "/bench/tuner_evidence/unseen_1d.py", "usage: unseen_1d.py"},
        Script{"/bin/bash", "/bench/tuner_evidence/unseen_nd.sh", "usage: unseen_nd.sh"},
        Script{"/usr/bin/python3", "/bench/tuner_evidence/unseen_nd.py", "usage: unseen_nd.py"},
        Script{"/bin/bash", "/bench/tuner_evidence/start_nd.sh", "usage: start_nd.sh"},
        Script{"/usr/bin/python3", "/bench/tuner_evidence/start_nd.py", "usage: start_nd.py"},
        Script{"/usr/bin/python3", "/bench/tuner_evidence/paired.py", "usage: paired.py"}}) {
    INFO(s.path);
    rm::test::ChildProcess script({s.interpreter, std::string(RM_SOURCE_DIR) + s.path, "--help"},
                                  dir.file("script" + std::to_string(scripts++)), "cli");
    auto help = script.wait();
    REQUIRE(help);
    CHECK(help->exit_status == 0);
    CHECK_THAT(help->out, Catch::StartsWith(s.usage));
  }
}

TEST_CASE("stop refuses a bad control file and a competition that is not running",
          "[cli][binary][hostile]") {
  Dir dir;
  std::ofstream(dir.file("bad.yaml")) << "competition_type: mc_tuner\nboard_size: [\n";
  auto bad = ringmaster(dir, {dir.file("bad.yaml"), "stop"});
  CHECK(bad.exit_status == 1);
  CHECK_THAT(bad.err, Catch::Contains("bad.yaml:"));
  CHECK_FALSE(std::filesystem::exists(dir.file("bad.cmd")));

  std::ofstream(dir.file("t.yaml")) << kTuner;
  std::ofstream(dir.file("settings.in")) << "playouts {pl}\n";
  auto idle = ringmaster(dir, {dir.file("t.yaml"), "stop"});
  CHECK(idle.exit_status == 1);
  CHECK(idle.err == "ringmaster: nothing to stop: the competition is not running\n");
  CHECK_FALSE(std::filesystem::exists(dir.file("t.cmd")));

  // A run holds an exclusive lock on <code>.lock for as long as it runs; hold it here.
  int fd = ::open(dir.file("t.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  REQUIRE(fd >= 0);
  REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
  auto running = ringmaster(dir, {dir.file("t.yaml"), "stop"});
  ::close(fd);
  CHECK(running.exit_status == 0);
  CHECK(rm::test::slurp(dir.file("t.cmd")) == "stop\n");
}

TEST_CASE("check creates nothing beside the control file", "[cli][binary][hostile]") {
  Dir dir;
  std::ofstream(dir.file("t.yaml")) << kTuner;
  std::ofstream(dir.file("settings.in")) << "playouts {pl}\n";
  const auto before = files_in(dir);
  auto check = ringmaster(dir, {dir.file("t.yaml"), "check"});
  CHECK(check.exit_status == 0);
  CHECK_THAT(check.out, Catch::Contains("checking player candidate"));
  CHECK(files_in(dir) == before);
}

TEST_CASE("cost times real games of the event and writes nothing beside the control file",
          "[cli][binary][hostile]") {
  Dir dir;
  std::ofstream(dir.file("t.yaml")) << kTuner;
  std::ofstream(dir.file("settings.in")) << "playouts {pl}\n";
  const auto before = files_in(dir);
  auto cost = ringmaster(dir, {dir.file("t.yaml"), "cost", "-j", "2", "-g", "2"});
  INFO(cost.out << cost.err);
  CHECK(cost.exit_status == 0);
  CHECK_THAT(cost.out, Catch::StartsWith("cost of t (mc_tuner): 2 games\n"));
  CHECK_THAT(cost.out, Catch::Contains("timing 2 of its games at -j 2"));
  CHECK_THAT(cost.out, Catch::Contains("2 games in "));
  CHECK_THAT(cost.out, Catch::Contains("s of engine CPU per game"));
  CHECK_THAT(cost.out, Catch::Contains("estimate: about "));
  CHECK(files_in(dir) == before);
  // An engine that cannot start fails the startup checks, as in the run: exit 1.
  std::string broken = kTuner;
  broken.replace(broken.find("[ringbot]"), 9, "[/nonexistent/engine]");
  std::ofstream(dir.file("b.yaml")) << broken;
  auto failed = ringmaster(dir, {dir.file("b.yaml"), "cost", "-g", "1"});
  CHECK(failed.exit_status == 1);
  CHECK_THAT(failed.err, Catch::Contains("player opp failed startup check"));
  // Without the checks: every timed game is void, said, exit 1.
  std::ofstream(dir.file("s.yaml")) << broken << "skip_player_checks: true\n";
  auto unchecked = ringmaster(dir, {dir.file("s.yaml"), "cost", "-g", "1"});
  CHECK(unchecked.exit_status == 1);
  CHECK_THAT(unchecked.out, Catch::Contains("void: "));
  CHECK_THAT(unchecked.err, Catch::Contains("every timed game was void"));
}

TEST_CASE("cost says that it times on local threads when the control file runs elsewhere",
          "[cli][binary][hostile]") {
  Dir dir;
  std::ofstream(dir.file("settings.in")) << "playouts {pl}\n";
  std::ofstream(dir.file("local.yaml")) << kTuner;
  std::ofstream(dir.file("slurm.yaml"))
      << kTuner << "executor:\n  type: slurm\n  games_in_flight: 8\n";
  std::ofstream(dir.file("workers.yaml")) << kTuner << "executor:\n  type: workers\n";
  // No Slurm here: cost plays on its own threads whatever the executor, and contacts none.
  auto slurm = ringmaster(dir, {dir.file("slurm.yaml"), "cost", "-j", "1", "-g", "1"});
  INFO(slurm.out << slurm.err);
  CHECK(slurm.exit_status == 0);
  CHECK_THAT(slurm.out, Catch::Contains("timed on local threads: this control file runs on slurm, "
                                        "where a game's time may differ\n"));
  CHECK_THAT(slurm.out, Catch::Contains("estimate: about "));
  // And the estimate there: its games in flight side by side, at the speed timed here.
  CHECK_THAT(slurm.out, Catch::Contains("estimate on slurm, 8 games at once: about "));
  CHECK_THAT(slurm.out, Catch::Contains(" for 2 games, if its games take as long as these\n"));
  auto workers = ringmaster(dir, {dir.file("workers.yaml"), "cost", "-j", "1", "-g", "1"});
  CHECK(workers.exit_status == 0);
  CHECK_THAT(workers.out, Catch::Contains("timed on local threads: this control file runs on "
                                          "workers, where a game's time may differ\n"));
  CHECK_THAT(workers.out, Catch::Contains("estimate on workers, 4 games at once: about "));
  auto local = ringmaster(dir, {dir.file("local.yaml"), "cost", "-j", "1", "-g", "1"});
  CHECK(local.exit_status == 0);
  CHECK_THAT(local.out, !Catch::Contains("timed on local threads"));
  CHECK_THAT(local.out, !Catch::Contains("estimate on "));
  // --executor chooses as it does for run.
  auto chosen = ringmaster(
      dir, {dir.file("local.yaml"), "cost", "-j", "1", "-g", "1", "--executor", "slurm"});
  CHECK(chosen.exit_status == 0);
  CHECK_THAT(chosen.out, Catch::Contains("timed on local threads: with --executor slurm the run "
                                         "plays on slurm, where a game's time may differ\n"));
  CHECK_THAT(chosen.out, Catch::Contains("estimate on slurm, 4 games at once: about "));
}

TEST_CASE("cost starts a reused engine once per worker, as the run does, and says so",
          "[cli][binary][hostile]") {
  Dir dir;
  const std::string engine = std::string(RM_BIN_DIR) + "/scripted_engine";
  std::ofstream(dir.file("r.yaml"))
      << "competition_type: playoff\n"
         "players:\n"
         "  kept:\n"
         "    command: ['"
      << engine << "', '--count-starts', '" << dir.file("starts")
      << "', '--seed', '1', '--pass-after', '2']\n"
         "    reuse: true\n"
         "  fresh: {command: [ringbot, --playouts, '20', --seed, '1']}\n"
         "board_size: 9\nkomi: 7.5\nscorer: internal\n"
         "matchups:\n  - {player_1: kept, player_2: fresh, alternating: true, "
         "number_of_games: 40}\n";
  auto cost = ringmaster(dir, {dir.file("r.yaml"), "cost", "-j", "2", "-g", "6"});
  INFO(cost.out << cost.err);
  CHECK(cost.exit_status == 0);
  CHECK_THAT(cost.out, Catch::Contains("6 games in "));
  CHECK_THAT(cost.out, Catch::Contains("with reuse: a game takes "));
  CHECK_THAT(cost.out, Catch::Contains("startup checks: "));
  CHECK_THAT(cost.out, Catch::Contains("estimate: about "));
  // One start per worker, not one per game: the cost of the run, not of fresh engines.
  std::ifstream starts(dir.file("starts"));
  int lines = 0;
  for (std::string line; std::getline(starts, line);) ++lines;
  CHECK(lines == 2);
  // Too few games to tell the start from the games: said, with what to do.
  std::filesystem::remove(dir.file("starts"));
  auto short_run = ringmaster(dir, {dir.file("r.yaml"), "cost", "-j", "1", "-g", "1"});
  CHECK(short_run.exit_status == 0);
  CHECK_THAT(short_run.out, Catch::Contains("with reuse: time more games than -j (-g 2)"));
}

TEST_CASE("cost waits for a generation's games before timing the next one's",
          "[cli][binary][hostile]") {
  Dir dir;
  std::ofstream(dir.file("ce.yaml"))
      << "competition_type: ce_tuner\n"
         "players:\n  opp: {command: [ringbot, --playouts, '10', --seed, '1']}\n"
         "board_size: 7\nkomi: 9.5\nopponent: opp\ncandidate_colour: b\n"
         "samples_per_generation: 2\nbatch_size: 1\nnumber_of_generations: 4\n"
         "elite_proportion: 0.5\nstep_size: 0.6\nseed: 1\n"
         "parameters:\n  - {code: pl, initial_mean: 1.2, initial_variance: 0.04, "
         "transform: {expression: 'max(4, 10^x)', integer: true}, format: 'pl: %d'}\n"
         "candidate: {command: [ringbot, --playouts, '{pl}', --seed, '1']}\n";
  auto cost = ringmaster(dir, {dir.file("ce.yaml"), "cost", "-j", "2", "-g", "6"});
  INFO(cost.out << cost.err);
  CHECK(cost.exit_status == 0);
  CHECK_THAT(cost.out, Catch::Contains("6 games in "));
}

TEST_CASE("messages use the right article", "[cli][binary][hostile]") {
  Dir dir;
  std::ofstream(dir.file("a.yaml"))
      << "competition_type: allplayall\n"
         "players:\n  p: {command: [ringbot]}\n  q: {command: [ringbot]}\n"
         "board_size: 7\nkomi: 4.5\ncompetitors: [p, q]\n";
  auto f = ringmaster(dir, {dir.file("a.yaml"), "candidates"});
  CHECK(f.exit_status == 1);
  CHECK(f.err ==
        "ringmaster: the candidates command lists a tuner's candidates; an allplayall has "
        "none\n");
}

TEST_CASE("a control file that is a symlink loop is an unreadable control file",
          "[cli][binary][hostile]") {
  Dir dir;
  std::filesystem::create_symlink("loop.yaml", dir.file("loop.yaml"));
  for (const char* command : {"check", "show", "run", "reset"}) {
    auto r = ringmaster(dir, {dir.file("loop.yaml"), command});
    CHECK(r.exit_status == 1);
    CHECK(r.err == "ringmaster: " + dir.file("loop.yaml") +
                       ": cannot read control file: Too many levels of symbolic links\n");
  }
}

TEST_CASE("a control file yaml-cpp would loop on is refused by every command",
          "[cli][binary][hostile]") {
  Dir dir;
  // yaml-cpp 0.7 loops for ever, eating memory, on a ',' where a document starts.
  std::ofstream(dir.file("comma.yaml")) << ",\n";
  for (const char* command : {"check", "show", "run"}) {
    auto r = ringmaster(dir, {dir.file("comma.yaml"), command});
    CHECK(r.exit_status == 1);
    CHECK_THAT(r.err, Catch::StartsWith("ringmaster: " + dir.file("comma.yaml") + ":1:1: "));
  }
}

TEST_CASE("no exception escapes a command: a code too long for a file name",
          "[cli][binary][hostile]") {
  // `match --code` of 251+ characters once ended in an uncaught filesystem_error (SIGABRT).
  Dir dir("rm-hostile-code");
  const std::string ringbot = std::string(RM_BIN_DIR) + "/ringbot --playouts 2";
  for (std::size_t length : {std::size_t{201}, std::size_t{251}, std::size_t{300}}) {
    auto f = ringmaster(
        dir, {"match", "--engine", ringbot, "--engine", ringbot, "--games", "2", "--size", "5",
              "--code", std::string(length, 'c'), "--dir", dir.file("m"), "-q"});
    CAPTURE(length, f.err);
    CHECK(f.exit_status == 2);
    CHECK_THAT(f.err, Catch::Contains("--code: at most 200 characters"));
  }
  // The same through a control file's name: one line, exit 1, nothing written.
  const std::string name = std::string(240, 'x') + ".yaml";
  {
    std::ofstream out(dir.file(name));
    out << kTuner;
  }
  {
    std::ofstream out(dir.file("settings.in"));
    out << "pl {pl}\n";
  }
  const auto before = files_in(dir);
  for (const char* command : {"run", "show", "report", "check", "reset"}) {
    auto f = ringmaster(dir, {dir.file(name), command});
    CAPTURE(command, f.err);
    CHECK(f.exit_status == 1);
    CHECK_THAT(f.err, Catch::StartsWith("ringmaster: the competition code 'xxx"));
    CHECK_THAT(f.err, Catch::Contains("has 240 bytes: at most 200"));
    CHECK(std::count(f.err.begin(), f.err.end(), '\n') == 1);
  }
  CHECK(files_in(dir) == before);
}

TEST_CASE("players that cannot score get a warning with the fix", "[cli][binary][hostile]") {
  // Two engines without final_score, scored by the players: every game ending in passes
  // would have no winner, once silently.
  Dir dir;
  const std::string engine = std::string(RM_BIN_DIR) + "/scripted_engine";
  std::ofstream(dir.file("p.yaml"))
      << "competition_type: playoff\nplayers:\n  a: {command: [" << engine
      << ", --pass-after, '2']}\n  b: {command: [" << engine << "]}\n"
      << "board_size: 5\nkomi: 0.5\nmatchups: [[a, b]]\nnumber_of_games: 2\n";
  auto check = ringmaster(dir, {dir.file("p.yaml"), "check"});
  CHECK(check.exit_status == 0);
  CHECK_THAT(check.err, Catch::Contains("warning: players a, b do not answer final_score and no "
                                        "arbiter is set"));
  CHECK_THAT(check.err, Catch::Contains("set `scorer: internal`"));
  // One of them scoring is enough.
  std::ofstream(dir.file("q.yaml"))
      << "competition_type: playoff\nplayers:\n  a: {command: [" << engine
      << ", --final-score, B+1.5]}\n  b: {command: [" << engine << "]}\n"
      << "board_size: 5\nkomi: 0.5\nmatchups: [[a, b]]\nnumber_of_games: 2\n";
  auto scored = ringmaster(dir, {dir.file("q.yaml"), "check"});
  CHECK(scored.exit_status == 0);
  CHECK_THAT(scored.err, !Catch::Contains("final_score"));
}
