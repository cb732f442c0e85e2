// A competition with its store, opened for a run (locked, definition checked, state
// restored) or read-only for show/report. Turns the lower layers' errors into
// RingmasterError messages for the command line.
#pragma once

#include <memory>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/new_files_guard.hpp"
#include "ringmaster/store/store.hpp"

namespace rm::run {

struct CompetitionSession {
  // For a run: the lock, and the files the run would remove if it gives up before it starts
  // (new_files->keep() once it starts). Null when read-only. Declared first, so destroyed
  // last: the store is closed before the files go and the lock is released.
  std::unique_ptr<NewFilesGuard> new_files;
  std::unique_ptr<rm::comp::Competition> competition;
  std::unique_ptr<rm::store::Store> store;
};

// make_competition with an unknown type reported as a RingmasterError.
std::unique_ptr<rm::comp::Competition> make_competition_for(
    const rm::control::ControlFile& control);

// Takes the lock FIRST ("competition is already running"), then checks the stored
// competition type and definition against the control file, saves them on a first run and
// restores the state. Starts no engine.
// A database and lock file the opening creates are removed if it fails; with
// NewFiles::Provisional also when the session ends before new_files->keep() is called (a run
// whose startup checks fail).
enum class NewFiles { Keep, Provisional };
CompetitionSession open_for_run(const rm::control::ControlFile& control,
                                const CompetitionPaths& paths, NewFiles new_files = NewFiles::Keep);

// No lock; never writes. "no status file" (RingmasterError) if the competition was never run.
CompetitionSession open_read_only(const rm::control::ControlFile& control,
                                  const CompetitionPaths& paths);

// Why the last run stopped, when it stopped on errors: "\nthe last run halted on errors: too
// many void games (see the log file)\n", appended to the text reports; "" otherwise.
std::string run_halt_note(rm::store::Store& store);
// The competition's JSON report with "last_run_halt": {"reason", "error"} (null when no run
// has halted yet, or one is going on).
nlohmann::json json_report_with_halt(const CompetitionSession& session);

// Writes the full report (and run_halt_note) to <code>.report (atomically); returns its text.
std::string write_report_file(const CompetitionSession& session, const CompetitionPaths& paths);

}  // namespace rm::run
