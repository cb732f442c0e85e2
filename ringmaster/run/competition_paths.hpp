// Where a competition's files live: all beside the control file, named after its stem
// (the competition code), as in gomill.
#pragma once

#include <cstddef>
#include <string>

namespace rm::run {

// The longest competition code (the control file's name without its extension), in bytes.
inline constexpr std::size_t kMaxCodeBytes = 200;

struct CompetitionPaths {
  std::string control_file;
  std::string directory;  // the control file's directory
  std::string code;       // the control file's name without its extension
  std::string db, lock, log, hist, report, cmd;
  std::string games_dir, void_dir, gtplogs_dir, candidates_dir;

  // Throws RingmasterError "forbidden control file extension: .log" for an extension that
  // would collide with a file Ringmaster writes.
  static CompetitionPaths for_control_file(const std::string& control_file);

  std::string gtp_log_for(const std::string& game_id) const;
};

}  // namespace rm::run
