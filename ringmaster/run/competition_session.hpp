// A competition with its store, opened for a run (locked, definition checked, state
// restored) or read-only for show/report. Turns the lower layers' errors into
// RingmasterError messages for the command line.
#pragma once

#include <memory>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/store/store.hpp"

namespace rm::run {

struct CompetitionSession {
  std::unique_ptr<rm::comp::Competition> competition;
  std::unique_ptr<rm::store::Store> store;
};

// make_competition with an unknown type reported as a RingmasterError.
std::unique_ptr<rm::comp::Competition> make_competition_for(
    const rm::control::ControlFile& control);

// Takes the lock FIRST ("competition is already running"), then checks the stored
// competition type and definition against the control file, saves them on a first run and
// restores the state. Starts no engine.
CompetitionSession open_for_run(const rm::control::ControlFile& control,
                                const CompetitionPaths& paths);

// No lock; never writes. "no status file" (RingmasterError) if the competition was never run.
CompetitionSession open_read_only(const rm::control::ControlFile& control,
                                  const CompetitionPaths& paths);

// Writes the full report to <code>.report (atomically) and returns its text.
std::string write_report_file(const rm::comp::Competition& competition,
                              const CompetitionPaths& paths);

}  // namespace rm::run
