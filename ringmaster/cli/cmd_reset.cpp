// `reset`: delete everything a run wrote, refusing while a run holds the lock.
#include <cerrno>
#include <filesystem>
#include <iostream>
#include <memory>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/ringmaster_error.hpp"
#include "ringmaster/store/run_lock.hpp"
#include "ringmaster/store/store.hpp"

namespace rm::cli {

int reset_command(const CommandLine& line) {
  namespace fs = std::filesystem;
  auto paths = rm::run::CompetitionPaths::for_control_file(line.control_file);
  // The lock a run takes: if we can't get it, a run is going on. If the file can't even be
  // opened (a read-only directory without one), no run can take it either.
  std::unique_ptr<rm::store::RunLock> lock;
  try {
    lock = std::make_unique<rm::store::RunLock>(paths.lock);
  } catch (const rm::store::StoreLocked&) {
    throw rm::run::RingmasterError("competition is running; stop it before resetting");
  } catch (const rm::store::StoreError&) {
  }
  int status = kExitOk;
  for (const auto& file : {paths.db, paths.db + "-wal", paths.db + "-shm", paths.log, paths.hist,
                           paths.report, paths.report + ".html", paths.cmd}) {
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
  // The lock file last, removed while it is held (see run_lock.hpp).
  std::error_code ec;
  if (lock) {
    if (const int error = lock->remove_file_and_release(); error != 0 && error != ENOENT)
      ec = std::error_code(error, std::generic_category());
  } else {
    fs::remove(paths.lock, ec);
  }
  if (ec) {
    std::cerr << "ringmaster: can't remove " << paths.lock << ": " << ec.message() << std::endl;
    status = kExitError;
  }
  return status;
}

}  // namespace rm::cli
