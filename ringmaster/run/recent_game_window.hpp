// The last games the HTML report plots, kept between reads of one competition so that a new
// read takes from the store only the games committed since the one before (`ringmaster
// serve`, which reads a running competition again after every game).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ringmaster/report/report_inputs.hpp"
#include "ringmaster/store/store.hpp"

namespace rm::run {

class RecentGameWindow {
 public:
  // At most `capacity` games: the last ones.
  explicit RecentGameWindow(int capacity);

  // Brings the window up to the store's last game: reads only the games after the last one
  // it holds, or the last `capacity` again when it cannot be sure those it holds are still
  // the stored ones (the first time, the database reset, the opponent changed, or a game
  // whose SGF record was waiting in its row, which a later run rewrites). `opponent`: the
  // tuner's opponent code, "" for a tournament (GameRecord's candidate).
  void update(rm::store::Store& store, const std::string& opponent);

  // The games, in commit order, moved out to a report without a copy; give_back() returns
  // them. A window whose games were not given back reads them all again next time.
  std::vector<rm::report::GameRecord> lend();
  void give_back(std::vector<rm::report::GameRecord> games);
  int size() const { return static_cast<int>(games_.size()); }

 private:
  bool still_valid(rm::store::Store& store, const std::string& opponent);

  int capacity_;
  std::vector<rm::report::GameRecord> games_;
  std::int64_t last_seq_ = 0;  // 0: nothing read yet (or lent and not given back)
  std::int64_t lent_seq_ = 0;
  std::string last_stamp_;  // the last game's game_stamp_at()
  std::string opponent_;
};

// A finished game as the HTML report reads it: for a tuner's game (`opponent` not ""), its
// candidate, parameters and values and whether it is a validation game.
rm::report::GameRecord game_record(rm::game::GameResult result, const std::string& opponent);

}  // namespace rm::run
