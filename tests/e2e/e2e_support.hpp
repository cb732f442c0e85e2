// Shared pieces of the end-to-end tests: a competition directory with its control file, the
// `ringmaster` binary run in it, read-only looks at the store, a small ringbot tuning event,
// and the SIGKILL-at-random-moments loop.
#pragma once

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ringmaster/store/store.hpp"
#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/time_scale.hpp"

namespace rm::test {

inline const std::string kRingmaster = std::string(RM_BIN_DIR) + "/ringmaster";

// A temp directory holding <code>.yaml. Every process started from it carries a tag of its
// own, so that a test can check that none is left behind.
class CompetitionDir {
 public:
  CompetitionDir(const std::string& code, const std::string& yaml)
      : dir_("rm-e2e-" + code),
        code_(code),
        tag_(code + "-" + std::to_string(std::random_device{}())),
        control_(dir_.write(code + ".yaml", yaml)) {}

  void write(const std::string& yaml) const { dir_.write(code_ + ".yaml", yaml); }
  const std::string& control() const { return control_; }
  const std::string& tag() const { return tag_; }
  std::string file(const std::string& suffix) const { return dir_.file(code_ + suffix); }

  // Starts `ringmaster <control> args...`, its output captured beside the control file (with
  // a `terminal`: that pseudo-terminal is its controlling terminal and its input, and with
  // `output_to_terminal` its standard output). `extra_env`: NAME=VALUE entries to add.
  std::unique_ptr<ChildProcess> start(const std::vector<std::string>& args,
                                      const std::string& terminal = "",
                                      bool output_to_terminal = false,
                                      const std::vector<std::string>& extra_env = {}) {
    return start_under({}, args, terminal, output_to_terminal, extra_env);
  }
  // The same, ringmaster run under a command prefix (salloc ...).
  std::unique_ptr<ChildProcess> start_under(const std::vector<std::string>& prefix,
                                            const std::vector<std::string>& args,
                                            const std::string& terminal = "",
                                            bool output_to_terminal = false,
                                            const std::vector<std::string>& extra_env = {}) {
    std::vector<std::string> argv = prefix;
    argv.push_back(kRingmaster);
    argv.push_back(control_);
    argv.insert(argv.end(), args.begin(), args.end());
    return std::make_unique<ChildProcess>(argv, dir_.file("out" + std::to_string(runs_++)), tag_,
                                          terminal, output_to_terminal, extra_env);
  }
  Finished run(const std::vector<std::string>& args,
               std::chrono::seconds limit = std::chrono::seconds(120)) {
    auto f = start(args)->wait(limit);
    if (!f) throw std::runtime_error("ringmaster did not finish within the safety limit");
    return *f;
  }

  // Finished games in the store (0 if there is no database yet).
  int committed_games() const {
    try {
      if (!std::filesystem::exists(file(".db"))) return 0;
      return rm::store::Store::open_read_only(file(".db"))->game_count();
    } catch (const std::exception&) {
      return 0;
    }
  }
  std::vector<rm::game::GameResult> games() const {
    return rm::store::Store::open_read_only(file(".db"))->games();
  }
  // Waits (polling) until at least n games are committed; false after the safety limit.
  bool wait_for_games(int n, std::chrono::seconds limit = std::chrono::seconds(60)) const {
    auto deadline = std::chrono::steady_clock::now() + rm::test::scaled(limit);
    while (committed_games() < n)
      if (std::chrono::steady_clock::now() > deadline)
        return false;
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return true;
  }

 private:
  TempDir dir_;
  std::string code_, tag_, control_;
  int runs_ = 0;
};

// The opponent and game settings of the small e2e events: a fixed ringbot on 7x7, with so
// few playouts that a game takes milliseconds.
inline std::string small_event_game_settings_yaml(int opponent_playouts) {
  return "players:\n"
         "  opp:\n"
         "    command: [ringbot, --playouts, '" +
         std::to_string(opponent_playouts) +
         "', --seed, '3']\n"
         "board_size: 7\n"
         "komi: 4.5\n"
         "move_limit: 200\n";
}

// A tuning event of ringbot's playouts against that opponent.
inline std::string small_tuning_event_yaml(int number_of_games, int opponent_playouts = 8) {
  return "competition_type: mc_tuner\n"
         "description: e2e test event\n" +
         small_event_game_settings_yaml(opponent_playouts) +
         "number_of_games: " + std::to_string(number_of_games) +
         "\n"
         "candidate_colour: w\n"
         "opponent: opp\n"
         "exploration_coefficient: 0.45\n"
         "initial_visits: 2\n"
         "initial_wins: 1\n"
         "seed: 42\n"
         "parameters:\n"
         "  - code: pl\n"
         "    scale: LOG(2, 40, integer)\n"
         "    split: 3\n"
         "    format: 'pl: %d'\n"
         "candidate:\n"
         "  command: [ringbot, --playouts, '{pl}', --seed, '5']\n";
}

// A ce_tuner event of ringbot's playouts (log10) against that opponent; `extra` holds more
// top-level settings (a description, validation).
inline std::string small_ce_event_yaml(int samples, int batch, int generations,
                                       int opponent_playouts, const std::string& extra = "") {
  return "competition_type: ce_tuner\n" + extra +
         small_event_game_settings_yaml(opponent_playouts) +
         "candidate_colour: random\n"
         "opponent: opp\n"
         "samples_per_generation: " +
         std::to_string(samples) + "\nbatch_size: " + std::to_string(batch) +
         "\nnumber_of_generations: " + std::to_string(generations) +
         "\n"
         "elite_proportion: 0.3\n"
         "step_size: 0.6\n"
         "seed: 7\n"
         "parameters:\n"
         "  - code: pl\n"
         "    initial_mean: 1.3\n"
         "    initial_variance: 0.1\n"
         "    transform: {expression: 'max(2, 10^x)', integer: true}\n"
         "    format: 'pl: %d'\n"
         "candidate:\n"
         "  command: [ringbot, --playouts, '{pl}', --seed, '5']\n";
}

// A model_tuner event of ringbot's playouts (an integer on a LOG scale, 2 to `upper`) against
// that opponent; `extra` holds more top-level settings (validation). ringbot's results depend
// only on its seed and the game id, so two runs of the same event that issue the same
// candidates agree game for game.
inline std::string small_model_event_yaml(int number_of_games, int upper = 40,
                                          const std::string& extra = "") {
  return "competition_type: model_tuner\n"
         "description: e2e model event\n" +
         extra + small_event_game_settings_yaml(8) +
         "number_of_games: " + std::to_string(number_of_games) +
         "\n"
         "candidate_colour: random\n"
         "opponent: opp\n"
         "seed: 9\n"
         "parameters:\n"
         "  - {code: pl, lower: 2, upper: " +
         std::to_string(upper) +
         ", scale: LOG, integer: true, format: 'pl: %d'}\n"
         "candidate:\n"
         "  command: [ringbot, --playouts, '{pl}', --seed, '5']\n";
}

// An spsa_tuner event, head to head unless `extra` says otherwise, of two ringbot parameters on
// 7x7 with few playouts, so that a game takes milliseconds; `extra` holds more top-level
// settings (a mode, validation). ringbot's results depend only on its seed and the game, so
// two runs of the same event that issue the same candidates agree game for game.
inline std::string small_spsa_event_yaml(int number_of_games, const std::string& extra = "") {
  return "competition_type: spsa_tuner\n" + extra + small_event_game_settings_yaml(8) +
         "number_of_games: " + std::to_string(number_of_games) +
         "\n"
         "precision: 5\n"
         "seed: 9\n"
         "parameters:\n"
         "  - {code: c, lower: 0.1, upper: 2.0, start: 1.6, elo: 20, format: 'c: %.3f'}\n"
         "  - {code: pl, lower: 4, upper: 32, scale: LOG, integer: true, start: 6, elo: 20}\n"
         "candidate:\n"
         "  command: [ringbot, --uct_c, '{c:%.4f}', --playouts, '{pl}', --seed, '5']\n";
}

class EventDir : public CompetitionDir {
 public:
  EventDir(const std::string& code, int number_of_games, int opponent_playouts = 8)
      : CompetitionDir(code, small_tuning_event_yaml(number_of_games, opponent_playouts)) {}
};

// Starts `ringmaster run -j 2 -q` `kills` times and SIGKILLs it after a random delay in
// [min_delay_ms, max_delay_ms] (fixed seed: the same moments every run of the test), checking
// each time that no engine outlives it. Returns how many kills landed before the run ended.
inline int kill_at_random_moments(CompetitionDir& dir, int kills, unsigned seed, int min_delay_ms,
                                  int max_delay_ms, int games_at_once = 2) {
  using namespace std::chrono_literals;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> delay_ms(min_delay_ms, max_delay_ms);
  int kills_before_the_end = 0;
  for (int kill = 0; kill < kills; ++kill) {
    auto running = dir.start({"run", "-j", std::to_string(games_at_once), "-q"});
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms(rng)));
    running->send(SIGKILL);
    auto f = running->wait(10s);
    REQUIRE(f);
    if (f->signal == SIGKILL) ++kills_before_the_end;
    // The engines die with Ringmaster (PDEATHSIG).
    CHECK(tagged_processes_after(dir.tag(), 5s).empty());
    INFO("after kill " << kill << ": " << dir.committed_games() << " games committed");
  }
  return kills_before_the_end;
}

}  // namespace rm::test
