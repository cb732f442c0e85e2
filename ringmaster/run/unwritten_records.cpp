#include "ringmaster/run/unwritten_records.hpp"

#include <filesystem>

#include "ringmaster/game/atomic_file.hpp"

namespace rm::run {

std::vector<std::string> write_unwritten_records(rm::store::Store& store,
                                                 const CompetitionPaths& paths) {
  std::vector<std::string> log;
  auto waiting = store.games_with_unwritten_records();
  if (waiting.empty()) return log;
  std::error_code ignored;
  std::filesystem::create_directories(paths.games_dir, ignored);
  bool all_written = true;
  for (auto& r : waiting) {
    const std::string path = paths.games_dir + "/" + r.game_id + ".sgf";
    const std::string error = rm::game::write_file_atomically(path, r.unwritten_sgf);
    if (!error.empty()) {
      all_written = false;
      log.push_back("game " + r.game_id + ": its SGF record still cannot be written (" + error +
                    "); it stays in the database");
      continue;
    }
    r.sgf_path = path;
    r.sgf_write_error.clear();
    r.unwritten_sgf.clear();
    store.record_written(r);
    log.push_back("game " + r.game_id + ": SGF record written to " + path +
                  " (it could not be written when the game was played)");
  }
  if (all_written) store.forget_unwritten_records();
  return log;
}

}  // namespace rm::run
