// Shared pieces of the end-to-end tests: a competition directory with a small ringbot tuning
// event, the `ringmaster` binary, and read-only looks at the store.
#pragma once

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ringmaster/store/store.hpp"
#include "tests/e2e/child_process.hpp"

namespace rm::test {

inline const std::string kRingmaster = std::string(RM_BIN_DIR) + "/ringmaster";

// A temp directory holding <code>.yaml: a tuning event of ringbot's playouts against a
// fixed ringbot on 7x7, with so few playouts that a game takes milliseconds.
class EventDir {
 public:
  EventDir(const std::string& code, int number_of_games, int opponent_playouts = 8) {
    std::random_device rd;
    tag_ = code + "-" + std::to_string(rd());
    dir_ = std::filesystem::temp_directory_path() / ("rm-e2e-" + tag_);
    std::filesystem::create_directories(dir_);
    control_ = (dir_ / (code + ".yaml")).string();
    std::ofstream(control_) << "competition_type: mc_tuner\n"
                               "description: e2e test event\n"
                               "players:\n"
                               "  opp:\n"
                               "    command: [ringbot, --playouts, '" << opponent_playouts << "', --seed, '3']\n"
                               "board_size: 7\n"
                               "komi: 4.5\n"
                               "move_limit: 200\n"
                               "number_of_games: " << number_of_games << "\n"
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
    code_ = code;
  }
  ~EventDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  EventDir(const EventDir&) = delete;
  EventDir& operator=(const EventDir&) = delete;

  const std::string& control() const { return control_; }
  const std::string& tag() const { return tag_; }
  std::string file(const std::string& suffix) const { return (dir_ / (code_ + suffix)).string(); }

  // Starts `ringmaster <control> args...`, its output captured beside the control file.
  std::unique_ptr<ChildProcess> start(const std::vector<std::string>& args) {
    std::vector<std::string> argv{kRingmaster, control_};
    argv.insert(argv.end(), args.begin(), args.end());
    return std::make_unique<ChildProcess>(argv, (dir_ / ("out" + std::to_string(runs_++))).string(), tag_);
  }
  Finished run(const std::vector<std::string>& args) {
    auto child = start(args);
    auto f = child->wait();
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
  // Waits (polling) until at least n games are committed; false after the safety limit.
  bool wait_for_games(int n, std::chrono::seconds limit = std::chrono::seconds(60)) const {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (committed_games() < n)
      if (std::chrono::steady_clock::now() > deadline) return false;
      else std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return true;
  }

 private:
  std::filesystem::path dir_;
  std::string control_, code_, tag_;
  int runs_ = 0;
};

}  // namespace rm::test
