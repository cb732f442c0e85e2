// The run loop against a real store and real files, with a small competition and a game
// player standing in for the referee (the e2e tests run the real engines).
#include "ringmaster/run/run_loop.hpp"

#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "ringmaster/run/interrupt_signals.hpp"
#include "ringmaster/run/stop_file.hpp"
#include "tests/support/temp_dir.hpp"

using rm::game::GameJob;
using rm::game::GameResult;
using namespace std::chrono_literals;

namespace {

// Games "0".."total-1" between players a (black) and b (white); halts after two voids in a
// row, like the mc_tuner.
class ListCompetition : public rm::comp::Competition {
 public:
  explicit ListCompetition(int total) : total_(total) {}
  std::optional<rm::comp::JobRequest> next_job() override {
    if (next_ >= total_) return std::nullopt;
    rm::comp::JobRequest r;
    r.job.game_id = std::to_string(next_++);
    r.job.black.code = "a";
    r.job.white.code = "b";
    r.description = "game " + r.job.game_id;
    return r;
  }
  rm::comp::ResultLines on_result(const GameResult& r) override {
    ++done_;
    voids_in_a_row_ = 0;
    if (r.winner == "b") ++black_wins_;
    return {"game " + r.game_id + ": " + r.describe(), r.game_id + " " + r.winner};
  }
  bool on_void(const GameResult&) override {
    ++done_;
    return ++voids_in_a_row_ < 2;
  }
  bool finished() const override { return done_ >= total_; }
  std::optional<int> games_remaining() const override { return total_ - done_; }
  nlohmann::json state() const override { return {{"done", done_}, {"black_wins", black_wins_}}; }
  void restore(const nlohmann::json& s) override { done_ = next_ = s.at("done"); }
  nlohmann::json definition() const override { return {{"total", total_}}; }
  std::string full_report() const override { return "full\n"; }
  std::string short_report() const override { return "short\n"; }
  std::string screen_report(const std::vector<std::string>&) const override { return "screen\n"; }
  std::vector<std::string> periodic_history_lines() const override { return {}; }
  nlohmann::json json_report() const override { return {}; }
  std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> players_to_check()
      const override {
    return {};
  }

 private:
  int total_, next_ = 0, done_ = 0, black_wins_ = 0, voids_in_a_row_ = 0;
};

GameResult black_wins(const GameJob& job) {
  GameResult r;
  r.game_id = job.game_id;
  r.black_code = job.black.code;
  r.white_code = job.white.code;
  r.winner = "b";
  r.sgf_result = "B+R";
  return r;
}

GameResult void_result(const GameJob& job, const std::string& reason) {
  GameResult r = black_wins(job);
  r.winner.clear();
  r.is_void = true;
  r.sgf_result = "Void";
  r.void_reason = reason;
  return r;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Fixture {
  rm::test::TempDir dir;
  rm::run::CompetitionPaths paths = rm::run::CompetitionPaths::for_control_file(dir.file("t.yaml"));
  std::unique_ptr<rm::store::Store> store = rm::store::Store::open_for_run(paths.db, paths.lock);
  std::FILE* out = std::tmpfile();
  rm::report::LiveDisplay display{out, out, rm::report::LiveDisplay::Mode::Delimited, 0ms};
  ~Fixture() { std::fclose(out); }
};

}  // namespace

TEST_CASE("a run plays and commits every game with log and history", "[runloop]") {
  Fixture f;
  ListCompetition comp(7);
  rm::run::RunOptions options;
  options.parallel = 3;
  auto summary = rm::run::run_games(
      comp, *f.store, f.paths, options, f.display,
      [](const GameJob& j, int, const std::atomic<bool>*) { return black_wins(j); });
  CHECK(summary.outcome == rm::run::RunOutcome::Completed);
  CHECK(summary.halt_reason == "competition finished");
  CHECK(summary.games_committed == 7);
  CHECK(f.store->game_count() == 7);
  CHECK(f.store->load_state()->at("black_wins") == 7);
  std::string log = read_file(f.paths.log);
  CHECK_THAT(log, Catch::StartsWith("run started at "));
  CHECK_THAT(log, Catch::Contains("with max_games None\nusing 3 worker threads\n"));
  CHECK_THAT(log, Catch::Contains("starting game 0: a (b) vs b (w)\n"));
  CHECK_THAT(log, Catch::Contains("response from game 6\n"));
  CHECK_THAT(log, Catch::Contains("halting competition: competition finished\n"));
  CHECK_THAT(log, Catch::Contains("run finished at "));
  std::string hist = read_file(f.paths.hist);
  for (int i = 0; i < 7; ++i) CHECK_THAT(hist, Catch::Contains(std::to_string(i) + " b\n"));
}

TEST_CASE("a stop request halts before the next game and max-games limits the run", "[runloop]") {
  Fixture f;
  ListCompetition comp(10);
  rm::run::RunOptions options;
  options.max_games = 3;
  auto play = [](const GameJob& j, int, const std::atomic<bool>*) { return black_wins(j); };
  auto summary = rm::run::run_games(comp, *f.store, f.paths, options, f.display, play);
  CHECK(summary.halt_reason == "max-games reached for this run");
  CHECK(f.store->game_count() == 3);

  rm::run::request_stop(f.paths.cmd);
  options.max_games.reset();
  summary = rm::run::run_games(comp, *f.store, f.paths, options, f.display, play);
  CHECK(summary.halt_reason == "stop command received");
  CHECK(summary.games_committed == 0);
  CHECK_FALSE(std::filesystem::exists(f.paths.cmd));
  CHECK_THAT(read_file(f.paths.log), Catch::Contains("halting competition: stop command received"));
}

TEST_CASE("two void games in a row halt the run and are stored as void", "[runloop]") {
  Fixture f;
  ListCompetition comp(10);
  rm::run::RunOptions options;
  auto summary = rm::run::run_games(comp, *f.store, f.paths, options, f.display,
                                    [](const GameJob& j, int, const std::atomic<bool>*) {
                                      if (j.game_id == "2" || j.game_id == "3")
                                        return void_result(j, "engine exited");
                                      return black_wins(j);
                                    });
  CHECK(summary.halt_reason == "too many void games");
  CHECK(summary.void_games == 2);
  CHECK(f.store->game_count() == 2);
  CHECK(f.store->void_game_count() == 2);
  std::string log = read_file(f.paths.log);
  CHECK_THAT(log, Catch::Contains("game 3 -- aborting game due to error:\nengine exited\n"));
  CHECK_THAT(log, Catch::Contains("halting run due to void games\n"));
}

TEST_CASE("SIGINT aborts games in progress and keeps finished ones", "[runloop]") {
  Fixture f;
  ListCompetition comp(50);
  rm::run::RunOptions options;
  options.parallel = 2;
  rm::run::install_interrupt_handlers();
  auto summary = rm::run::run_games(comp, *f.store, f.paths, options, f.display,
                                    [](const GameJob& j, int, const std::atomic<bool>* abort) {
                                      if (std::stoi(j.game_id) < 4) return black_wins(j);
                                      if (j.game_id == "5") std::raise(SIGINT);
                                      while (!abort->load()) std::this_thread::sleep_for(1ms);
                                      return void_result(j, "aborted");
                                    });
  rm::run::clear_interrupted();
  CHECK(summary.outcome == rm::run::RunOutcome::Interrupted);
  CHECK_FALSE(summary.workers_stuck);
  CHECK(f.store->game_count() == 4);
  CHECK(f.store->void_game_count() == 0);  // aborted games are not committed
  std::string log = read_file(f.paths.log);
  CHECK_THAT(log, Catch::Contains("run interrupted at "));
  CHECK_THAT(log, Catch::Contains("games in progress were: "));
  CHECK_THAT(log, !Catch::Contains("run finished at "));
}
