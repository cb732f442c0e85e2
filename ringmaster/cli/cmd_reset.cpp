// `reset`: delete everything a run wrote, refusing while a run holds the lock.
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::cli {

int reset_command(const CommandLine& line) {
  namespace fs = std::filesystem;
  auto paths = rm::run::CompetitionPaths::for_control_file(line.control_file);
  // The same flock the store takes for a run: if we can't get it, a run is going on.
  int lock_fd = ::open(paths.lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd >= 0 && ::flock(lock_fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(lock_fd);
    throw rm::run::RingmasterError("competition is running; stop it before resetting");
  }
  int status = kExitOk;
  for (const auto& file : {paths.db, paths.db + "-wal", paths.db + "-shm", paths.log, paths.hist,
                           paths.report, paths.report + ".html", paths.cmd, paths.lock}) {
    std::error_code ec;
    fs::remove(file, ec);
    if (ec) {
      std::cerr << "ringmaster: can't remove " << file << ": " << ec.message() << std::endl;
      status = kExitError;
    }
  }
  for (const auto& dir :
       {paths.games_dir, paths.void_dir, paths.gtplogs_dir, paths.candidates_dir}) {
    std::error_code ec;
    fs::remove_all(dir, ec);
    if (ec) {
      std::cerr << "ringmaster: can't remove " << dir << ": " << ec.message() << std::endl;
      status = kExitError;
    }
  }
  if (lock_fd >= 0) ::close(lock_fd);
  return status;
}

}  // namespace rm::cli
