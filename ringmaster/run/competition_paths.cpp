#include "ringmaster/run/competition_paths.hpp"

#include <array>
#include <filesystem>

#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::run {

CompetitionPaths CompetitionPaths::for_control_file(const std::string& control_file) {
  namespace fs = std::filesystem;
  fs::path path(control_file);
  // gomill's list plus the files only Ringmaster writes (database, lock, candidate files).
  static const std::array<const char*, 13> forbidden = {
      ".log",     ".status", ".cmd",  ".hist",       ".report", ".games", ".void",
      ".gtplogs", ".db",     ".lock", ".candidates", ".db-wal", ".db-shm"};
  std::string extension = path.extension().string();
  for (const char* f : forbidden)
    if (extension == f) throw RingmasterError("forbidden control file extension: " + extension);

  CompetitionPaths p;
  p.control_file = control_file;
  fs::path dir = path.parent_path();
  p.directory = dir.empty() ? std::string(".") : dir.string();
  p.code = path.stem().string();
  // The code names files with suffixes of up to about 30 bytes (<code>.report.html.tmp...),
  // and a file name has at most 255 bytes on the usual file systems.
  if (p.code.size() > kMaxCodeBytes)
    throw RingmasterError("the competition code '" + p.code.substr(0, 40) + "...' has " +
                          std::to_string(p.code.size()) + " bytes: at most " +
                          std::to_string(kMaxCodeBytes) +
                          " (it names files such as <code>.report.html)");
  auto beside = [&](const char* ext) { return (dir / (p.code + ext)).string(); };
  p.db = beside(".db");
  p.lock = beside(".lock");
  p.log = beside(".log");
  p.hist = beside(".hist");
  p.report = beside(".report");
  p.cmd = beside(".cmd");
  p.games_dir = beside(".games");
  p.void_dir = beside(".void");
  p.gtplogs_dir = beside(".gtplogs");
  p.candidates_dir = beside(".candidates");
  return p;
}

std::string CompetitionPaths::gtp_log_for(const std::string& game_id) const {
  return (std::filesystem::path(gtplogs_dir) / (game_id + ".log")).string();
}

}  // namespace rm::run
