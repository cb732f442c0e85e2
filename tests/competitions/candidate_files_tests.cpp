// Candidate files (a template's `files:`): written once per directory, whole, before any
// engine of the candidate starts, through the one rendering path every tuner, its validation
// rounds and its reports share; a reader never sees a partial file, even while the same
// directory is rendered again at the same time; a tuning candidate's files are there only
// while a game of it is in flight.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "ringmaster/competitions/candidate_renderer.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "tests/competitions/tuner_fixture.hpp"

using namespace rm::comp;
using namespace rm::comp::test;
using rm::scales::Value;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A big file (4 MB: long enough to write that a reader would catch a truncating write),
// whole when it ends with the line "end".
std::string big_template() {
  std::string text = "value {pl}\n";
  for (int line = 0; line < 80000; ++line)
    text += "filler " + std::to_string(line) + " .........................................\n";
  return text + "end\n";
}

rm::control::TemplateFile template_file(const std::string& name, const std::string& text) {
  return rm::control::TemplateFile{name, "/nonexistent/" + name + ".in", text};
}

bool whole(const std::string& text) {
  return text.size() > 4 && text.compare(text.size() - 5, 5, "\nend\n") == 0;
}

}  // namespace

TEST_CASE("candidate files: a directory rendered twice at once never shows a partial file",
          "[candidate_files]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  auto& candidate = mc(cf).candidate;
  candidate.files = {template_file("a.txt", big_template()),
                     template_file("b.txt", big_template())};
  const std::string files_dir = dir.path() + "/tune.candidates/v1";
  const std::vector<Value> values{Value(5LL)};
  std::atomic<bool> writing{true};
  std::atomic<int> partial{0}, missing{0}, reads{0};
  std::thread reader([&] {
    // Once the directory exists, both files are there and whole, whenever they are read.
    while (writing.load()) {
      if (!std::filesystem::exists(files_dir)) continue;
      for (const char* name : {"/a.txt", "/b.txt"}) {
        if (!std::filesystem::exists(files_dir + name)) {
          ++missing;
          continue;
        }
        if (!whole(read(files_dir + name))) ++partial;
        ++reads;
      }
    }
  });
  auto writer = [&] {
    for (int i = 0; i < 20; ++i) candidate.write_files(values, files_dir);
  };
  std::thread first(writer), second(writer);
  first.join();
  second.join();
  writing = false;
  reader.join();
  CHECK(partial == 0);
  CHECK(missing == 0);
  CHECK(reads > 0);
  CHECK(read(files_dir + "/a.txt").substr(0, 8) == "value 5\n");
  // Nothing is left beside the directory (no temporary file or directory).
  int entries = 0;
  for ([[maybe_unused]] const auto& e :
       std::filesystem::directory_iterator(dir.path() + "/tune.candidates"))
    ++entries;
  CHECK(entries == 1);
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(files_dir)) ++entries;
  CHECK(entries == 3);
}

TEST_CASE("candidate files: a validation round's directory is written once, not per game",
          "[candidate_files][validation]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  mc(cf).number_of_games = 4;
  mc(cf).validation = {0, 0, 6};
  auto& candidate = mc(cf).candidate;
  candidate.command = {"/bin/engine", "--patterns", "{files_dir}/p.txt"};
  candidate.files = {template_file("p.txt", "value {pl}\nend\n")};
  McTuner tuner(cf);
  std::vector<rm::game::GameJob> jobs;
  while (auto request = tuner.next_job()) {
    jobs.push_back(request->job);
    if (jobs.back().game_id[0] != 'v') tuner.on_result(result_for(jobs.back(), true));
    if (jobs.back().game_id == "v1#0") {
      // The first game's engine has its file; a later game must not write it again (an
      // engine starting meanwhile would read it half written).
      const std::string path = dir.path() + "/tune.candidates/v1/p.txt";
      REQUIRE(whole(read(path)));
      std::ofstream(path, std::ios::binary | std::ios::trunc) << "marker\nend\n";
    }
  }
  REQUIRE(jobs.size() == 4 + 6);
  CHECK(read(dir.path() + "/tune.candidates/v1/p.txt") == "marker\nend\n");
}

TEST_CASE("candidate files: the renderer writes a directory once, again only for new values",
          "[candidate_files]") {
  TempDir dir;
  auto cf = make_control(dir.path());
  auto& candidate = mc(cf).candidate;
  candidate.command = {"/bin/engine", "{files_dir}/p.txt"};
  candidate.files = {template_file("p.txt", "value {pl}\nend\n")};
  const CandidateRenderer renderer(candidate, dir.path(), "tune");
  CHECK(renderer.files_dir("#v1") == dir.path() + "/tune.candidates/v1");
  CHECK(renderer.files_dir("tuned") == dir.path() + "/tune.candidates/tuned");
  const std::string path = dir.path() + "/tune.candidates/tuned/p.txt";
  const auto spec = renderer.render({Value(3LL)}, "tuned");
  CHECK(spec.engine.process.argv[1] == path);
  CHECK(read(path) == "value 3\nend\n");
  std::ofstream(path, std::ios::binary | std::ios::trunc) << "marker\n";
  renderer.render({Value(3LL)}, "tuned");
  CHECK(read(path) == "marker\n");  // the same values: not written again
  renderer.render({Value(7LL)}, "tuned");
  CHECK(read(path) == "value 7\nend\n");  // new values (a report's tuned engine): rewritten
  // Another renderer (another run, or another process) replaces the files whole.
  const CandidateRenderer other(candidate, dir.path(), "tune");
  other.render({Value(9LL)}, "tuned");
  CHECK(read(path) == "value 9\nend\n");
  // A directory that cannot be made is an error naming it.
  std::ofstream(dir.path() + "/blocker") << "x";
  CHECK_THROWS_WITH(
      renderer.render({Value(3LL)}, "#1", dir.path() + "/blocker/sub"),
      Catch::Contains("cannot create candidate directory " + dir.path() + "/blocker/sub"));
  // Without files nothing is written, and no directory is needed without {files_dir}.
  candidate.files.clear();
  candidate.command = {"/bin/engine"};
  const CandidateRenderer plain(candidate, dir.path(), "tune");
  CHECK(plain.files_dir("#3").empty());
  CHECK(plain.render({Value(3LL)}, "#3").engine.process.argv ==
        std::vector<std::string>{"/bin/engine"});
}

namespace {

// A head-to-head spsa_tuner of `games` games whose candidates load p.txt from their directory.
rm::control::ControlFile spsa_with_files(const TempDir& dir, int games) {
  dir.write("p.txt.in", "value {a}\nend\n");
  return rm::comp::load_control_file(
      dir.write("tune.yaml",
                "competition_type: spsa_tuner\n"
                "board_size: 9\n"
                "komi: 7.5\n"
                "number_of_games: " +
                    std::to_string(games) +
                    "\n"
                    "precision: 2\n"
                    "seed: 5\n"
                    "parameters:\n"
                    "  - {code: a, lower: 0, upper: 100, integer: true, elo: 5}\n"
                    "candidate:\n"
                    "  command: [engine, '{files_dir}/p.txt']\n"
                    "  files:\n"
                    "    p.txt: {template: p.txt.in}\n"));
}

// The pair game `job` won by black.
rm::game::GameResult black_wins(const rm::game::GameJob& job) {
  rm::game::GameResult r = rm::game::result_for(job);
  r.winner = "b";
  r.sgf_result = "B+R";
  return r;
}

std::vector<std::string> entries(const std::string& path) {
  std::vector<std::string> names;
  if (!std::filesystem::exists(path)) return names;
  for (const auto& e : std::filesystem::directory_iterator(path))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("candidate files: a tuning candidate's directory lives while a game of it is in flight",
          "[candidate_files][spsa_tuner]") {
  TempDir dir;
  auto tuner = rm::comp::make_competition(spsa_with_files(dir, 40));
  const std::string candidates = dir.path() + "/tune.candidates";
  // Restored with pair 0's first game in flight, as a resumed run is, the tuner issues it
  // again: counted once, and its files stay.
  auto a = tuner->next_job();
  REQUIRE(a);
  REQUIRE(a->job.game_id == "0a");
  const std::string plus_file = candidates + "/0+/p.txt";
  const std::string plus_text = read(plus_file);
  CHECK(plus_text.substr(0, 6) == "value ");
  tuner->restore(nlohmann::json::parse(tuner->state().dump()));
  a = tuner->next_job();
  REQUIRE(a);
  REQUIRE(a->job.game_id == "0a");
  CHECK(read(plus_file) == plus_text);
  // Pair 0's two games in flight at once (-j 2): both use #0+ and #0-.
  auto b = tuner->next_job();
  REQUIRE(b);
  REQUIRE(b->job.game_id == "0b");
  CHECK(entries(candidates) == std::vector<std::string>{"0+", "0-"});
  // An engine's own file in its directory is the user's: kept, and the directory with it.
  std::ofstream(candidates + "/0-/engine.log") << "log\n";
  tuner->on_result(black_wins(a->job));
  CHECK(read(plus_file) == plus_text);  // 0b still plays: nothing removed
  tuner->on_result(black_wins(b->job));
  CHECK(entries(candidates) == std::vector<std::string>{"0-"});
  CHECK(entries(candidates + "/0-") == std::vector<std::string>{"engine.log"});

  // One game at a time (-j 1): the pair's second game writes the directory again.
  auto c = tuner->next_job();
  REQUIRE(c);
  REQUIRE(c->job.game_id == "1a");
  tuner->on_result(black_wins(c->job));
  CHECK(entries(candidates) == std::vector<std::string>{"0-"});
  auto d = tuner->next_job();
  REQUIRE(d);
  REQUIRE(d->job.game_id == "1b");
  CHECK(entries(candidates + "/1+") == std::vector<std::string>{"p.txt"});
  CHECK(read(candidates + "/1+/p.txt").substr(0, 6) == "value ");
  // A void game drops its pair: its directories go, and the pair played in its place has its
  // own.
  CHECK(tuner->on_void(rm::game::void_result_for(d->job, "engine exited")));
  CHECK(entries(candidates) == std::vector<std::string>{"0-"});

  // A whole tune leaves no directory of a game, and the report's engines keep theirs.
  while (auto job = tuner->next_job()) tuner->on_result(black_wins(job->job));
  REQUIRE(tuner->finished());
  tuner->full_report();
  CHECK(entries(candidates) == std::vector<std::string>{"0-", "start", "tuned"});
  CHECK(entries(candidates + "/tuned") == std::vector<std::string>{"p.txt"});
}
