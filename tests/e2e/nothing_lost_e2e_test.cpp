// Nothing finished may be lost: a record directory that cannot be written, a full disk, a
// history file that missed the last game, a run that fails its startup checks. Real
// `ringmaster` runs with scripted engines (fast, deterministic games).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "tests/e2e/e2e_support.hpp"

using namespace std::chrono_literals;

namespace {

using rm::test::CompetitionDir;

const std::string kScripted = std::string(RM_BIN_DIR) + "/scripted_engine";

std::string playoff_yaml(int number_of_games, const std::string& extra_flags = "") {
  return "competition_type: playoff\n"
         "players:\n"
         "  a: {command: ['" +
         kScripted + "', --seed, '1'" + extra_flags +
         "]}\n"
         "  b: {command: ['" +
         kScripted +
         "', --seed, '2', --resign-after, '6']}\n"
         "board_size: 7\nkomi: 4.5\n"
         "matchups: [[a, b]]\nnumber_of_games: " +
         std::to_string(number_of_games) + "\n";
}

std::string without_last_line(const std::string& text) {
  auto end = text.rfind('\n', text.size() - 2);
  return end == std::string::npos ? "" : text.substr(0, end + 1);
}

}  // namespace

TEST_CASE(
    "run: an SGF record that cannot be written halts the run, the game and its record "
    "are kept",
    "[e2e][nothing-lost]") {
  CompetitionDir c("sgffail", playoff_yaml(6));
  // A file where the records directory should be: no record can be written (as with a
  // read-only directory, which root could still write to).
  std::ofstream(c.file(".games")) << "not a directory\n";
  auto f = c.run({"run", "-q"});
  INFO(f.err);
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err, Catch::Contains("ringmaster: run halted: cannot write SGF records"));
  CHECK_THAT(f.err, Catch::Contains("its record is kept in the database"));
  const auto games = c.games();
  REQUIRE(games.size() == 1);  // the game that failed counts; no later game was played
  CHECK(games[0].sgf_path.empty());
  CHECK_THAT(games[0].sgf_write_error, Catch::Contains("cannot write SGF record"));
  CHECK_THAT(games[0].unwritten_sgf, Catch::StartsWith("(;FF[4]"));
  CHECK_THAT(games[0].unwritten_sgf, Catch::Contains("GN[sgffail 0_0]"));
  CHECK_THAT(c.run({"show"}).out,
             Catch::Contains("the last run halted on errors: cannot write SGF records"));
  // Once records can be written again the run carries on, and first writes out the record
  // that waited in the database.
  std::filesystem::remove(c.file(".games"));
  f = c.run({"run", "-q"});
  CHECK(f.exit_status == 0);
  REQUIRE(c.games().size() == 6);
  const auto first = c.games()[0];
  CHECK(first.sgf_path == c.file(".games") + "/0_0.sgf");
  CHECK(first.sgf_write_error.empty());
  CHECK(first.unwritten_sgf.empty());
  CHECK_THAT(rm::test::slurp(first.sgf_path), Catch::Contains("GN[sgffail 0_0]"));
  CHECK_THAT(rm::test::slurp(c.file(".log")),
             Catch::Contains("game 0_0: SGF record written to " + first.sgf_path));
  CHECK(c.run({"show", "--json"}).out.find("\"error\": false") != std::string::npos);
  CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
}

TEST_CASE(
    "run: a full disk is an error of the environment (status 1), the database stays "
    "intact and the run resumes once there is room",
    "[e2e][nothing-lost]") {
  CompetitionDir c("diskfull", playoff_yaml(40));
  // The file-size limit stands in for a full disk: the database's write-ahead log cannot grow
  // past it (SIGXFSZ ignored, so the write fails as on a full disk instead of killing us).
  rm::test::ChildProcess limited(
      {"/bin/bash", "-c", "trap '' XFSZ; ulimit -f 96; exec \"$0\" \"$1\" run -q",
       rm::test::kRingmaster, c.control()},
      c.file("limited"), c.tag());
  auto f = limited.wait();
  REQUIRE(f);
  INFO(f->err);
  CHECK(f->exit_status == 1);
  CHECK_THAT(f->err, Catch::Contains("ringmaster: cannot record game "));
  CHECK_THAT(f->err, Catch::Contains("run again"));
  CHECK(f->err.find("internal error") == std::string::npos);
  const int before = c.committed_games();
  CHECK(before > 0);
  CHECK(before < 40);
  // The game the database refused is still to be played: the total is still 40.
  CHECK_THAT(f->out, Catch::Contains(", " + std::to_string(before) + "/40 in total; stopped: "));
  CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());

  auto again = c.run({"run", "-q"});
  INFO(again.err);
  CHECK(again.exit_status == 0);
  const auto games = c.games();
  CHECK(games.size() == 40);
  std::set<std::string> ids;
  for (const auto& g : games) CHECK(ids.insert(g.game_id).second);
}

TEST_CASE("run: history lines missing after a kill are restored from the database",
          "[e2e][nothing-lost]") {
  CompetitionDir c("histfix", playoff_yaml(4));
  REQUIRE(c.run({"run", "-q"}).exit_status == 0);
  const std::string full = rm::test::slurp(c.file(".hist"));
  REQUIRE(std::count(full.begin(), full.end(), '\n') == 4);
  // A SIGKILL between the commit and the history line loses the line of the last game.
  std::ofstream(c.file(".hist"), std::ios::trunc) << without_last_line(full);
  auto f = c.run({"run", "-q"});
  INFO(f.err);
  CHECK(f.exit_status == 0);
  CHECK(rm::test::slurp(c.file(".hist")) == full);
  CHECK_THAT(
      rm::test::slurp(c.file(".log")),
      Catch::Contains("history file: 1 lines of committed games restored from the database"));
  // A lost file is rebuilt whole; a complete one is left as it is.
  std::filesystem::remove(c.file(".hist"));
  REQUIRE(c.run({"run", "-q"}).exit_status == 0);
  CHECK(rm::test::slurp(c.file(".hist")) == full);
  REQUIRE(c.run({"run", "-q"}).exit_status == 0);
  CHECK(rm::test::slurp(c.file(".hist")) == full);
}

TEST_CASE("run: a run that fails its startup checks creates no file", "[e2e][nothing-lost]") {
  CompetitionDir c("nocheck",
                   "competition_type: playoff\n"
                   "players:\n"
                   "  a: {command: ['" +
                       kScripted +
                       "']}\n"
                       "  b: {command: ['" +
                       kScripted +
                       "', --crash-at-start]}\n"
                       "board_size: 7\nkomi: 4.5\n"
                       "matchups: [[a, b]]\nnumber_of_games: 2\n");
  auto f = c.run({"run", "-q"});
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err, Catch::Contains("player b failed startup check"));
  for (const char* suffix : {".db", ".db-wal", ".db-shm", ".lock", ".log", ".hist", ".games"})
    CHECK_FALSE(std::filesystem::exists(c.file(suffix)));
  // A competition that has run keeps its files when a later run fails its checks.
  c.write(
      "competition_type: playoff\n"
      "players:\n"
      "  a: {command: ['" +
      kScripted +
      "']}\n"
      "  b: {command: ['" +
      kScripted +
      "']}\n"
      "board_size: 7\nkomi: 4.5\n"
      "matchups: [[a, b]]\nnumber_of_games: 2\n");
  REQUIRE(c.run({"run", "-q"}).exit_status == 0);
  c.write(
      "competition_type: playoff\n"
      "players:\n"
      "  a: {command: ['" +
      kScripted +
      "']}\n"
      "  b: {command: ['" +
      kScripted +
      "', --crash-at-start]}\n"
      "board_size: 7\nkomi: 4.5\n"
      "matchups: [[a, b]]\nnumber_of_games: 2\n");
  CHECK(c.run({"run", "-q"}).exit_status == 1);
  CHECK(std::filesystem::exists(c.file(".db")));
  CHECK(c.committed_games() == 2);
}

TEST_CASE(
    "run: an engine killed after quit in a startup check is reported, not passed over "
    "in silence",
    "[e2e][nothing-lost]") {
  CompetitionDir c("slowquit",
                   "competition_type: playoff\n"
                   "players:\n"
                   "  a: {command: ['" +
                       kScripted +
                       "', --ignore-quit], timeouts: {quit: 0.2}}\n"
                       "  b: {command: ['" +
                       kScripted +
                       "', --resign-after, '1']}\n"
                       "board_size: 7\nkomi: 4.5\n"
                       "matchups: [[a, b]]\nnumber_of_games: 1\n");
  auto f = c.run({"run", "-q"});
  INFO(f.err);
  CHECK(f.exit_status == 0);
  // Once for the startup check (stderr), once for the game (the log and stderr with -q).
  const std::string late =
      "error closing player a:\nengine did not exit within 0.2s of 'quit'; "
      "killed (SIGKILL)";
  std::size_t count = 0;
  for (auto at = f.err.find(late); at != std::string::npos; at = f.err.find(late, at + 1)) ++count;
  CHECK(count == 2);
  CHECK_THAT(rm::test::slurp(c.file(".log")), Catch::Contains("error closing player a:\n"));
  CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
}

TEST_CASE("run: skip_player_checks says how many checks it skips", "[e2e][nothing-lost]") {
  CompetitionDir c("skipchk", "skip_player_checks: true\n" + playoff_yaml(1));
  auto f = c.run({"run"});
  CHECK(f.exit_status == 0);
  CHECK_THAT(f.out, Catch::StartsWith("skipping 2 Player checks\n"));
}

TEST_CASE("run, show and report refuse a database damaged in the middle, naming it",
          "[e2e][nothing-lost]") {
  CompetitionDir c("damaged", playoff_yaml(60));
  REQUIRE(c.run({"run", "-q"}).exit_status == 0);
  const std::string db = c.file(".db");
  const auto size = std::filesystem::file_size(db);
  REQUIRE(size > 8 * 4096);
  {
    std::string junk(4096, '\0');
    unsigned x = 29;
    for (auto& ch : junk) ch = static_cast<char>((x = x * 1103515245u + 12345u) >> 16);
    std::fstream file(db, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(static_cast<std::streamoff>(size / 2 / 4096 * 4096));
    file.write(junk.data(), static_cast<std::streamsize>(junk.size()));
    REQUIRE(file.good());
  }
  c.write(playoff_yaml(80));  // more games to play: a run would write
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"run", "-q"}, {"show"}, {"report"}}) {
    auto f = c.run(command);
    INFO(command[0] << ": " << f.err);
    CHECK(f.exit_status == 1);
    CHECK_THAT(f.err, Catch::StartsWith("ringmaster: database " + db + " is damaged ("));
    CHECK_THAT(f.err, Catch::Contains("restore it from a backup"));
  }
  CHECK(std::filesystem::file_size(db) == size);
}

TEST_CASE("run: when neither records nor the report can be written, the halt reason is said last",
          "[e2e][nothing-lost]") {
  CompetitionDir c("nowrite", playoff_yaml(4));
  // As in a read-only directory: no record, and no report (its temporary file is taken).
  std::ofstream(c.file(".games")) << "not a directory\n";
  std::filesystem::create_directory(c.file(".report.new"));
  auto f = c.run({"run", "-q"});
  INFO(f.err);
  CHECK(f.exit_status == 1);
  CHECK_THAT(f.err, Catch::Contains("ringmaster: warning: no report: "));
  CHECK_THAT(f.err, Catch::EndsWith("ringmaster: run halted: cannot write SGF records (see " +
                                    c.file(".log") + ")\n"));
}
