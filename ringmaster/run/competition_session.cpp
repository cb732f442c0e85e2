#include "ringmaster/run/competition_session.hpp"

#include <filesystem>
#include <fstream>

#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::run {
std::unique_ptr<rm::comp::Competition> make_competition_for(
    const rm::control::ControlFile& control) {
  try {
    return rm::comp::make_competition(control);
  } catch (const std::invalid_argument& e) {
    throw RingmasterError(e.what());
  }
}

namespace {

// The statistics committed with the last game when they cover every stored game (one row);
// otherwise (a database from before they were kept, another format) rebuilt from every game,
// and stored again when the store is writable, so only the first open pays for it.
void restore_state(rm::comp::Competition& competition, rm::store::Store& store, bool writable) {
  auto state = store.load_state();
  if (!state) return;
  try {
    competition.restore_archive(store.archive_chunks());
    competition.restore(*state);
    const auto stored = store.load_statistics();
    if (stored && competition.restore_statistics(stored->statistics)) return;
    competition.restore_games(store.games());
    const nlohmann::json statistics = competition.statistics();
    if (writable && !statistics.is_null()) store.save_statistics(statistics);
  } catch (const rm::comp::IncompatibleState& e) {
    throw RingmasterError(e.what());
  }
}

}  // namespace

CompetitionSession open_for_run(const rm::control::ControlFile& control,
                                const CompetitionPaths& paths, NewFiles new_files) {
  CompetitionSession session;
  try {
    session.new_files = std::make_unique<NewFilesGuard>(rm::store::RunLock(paths.lock), paths);
    session.store = rm::store::Store::open_for_run(paths.db, session.new_files->lock());
  } catch (const rm::store::StoreLocked&) {
    throw RingmasterError("competition is already running");
  } catch (const rm::store::StoreError& e) {
    throw RingmasterError(e.what());
  }
  session.competition = make_competition_for(control);
  auto& store = *session.store;
  std::string stored_type = store.competition_type();
  if (!stored_type.empty() && stored_type != control.competition_type)
    throw RingmasterError("the competition was started as " + stored_type +
                          " and the control file now says " + control.competition_type +
                          " (use 'reset' to start again)");
  nlohmann::json definition = session.competition->definition();
  if (auto stored = store.load_definition()) {
    try {
      session.competition->check_stored_definition(*stored);
    } catch (const rm::comp::IncompatibleState& e) {
      throw RingmasterError(std::string(e.what()) + " (use 'reset' to start again)");
    }
  } else {
    store.save_competition_type(control.competition_type);
    store.save_definition(definition);
  }
  try {
    restore_state(*session.competition, store, true);
  } catch (const rm::store::StoreError& e) {
    throw RingmasterError(e.what());
  }
  if (new_files == NewFiles::Keep) session.new_files->keep();
  return session;
}

CompetitionSession open_read_only(const rm::control::ControlFile& control,
                                  const CompetitionPaths& paths) {
  if (!std::filesystem::exists(paths.db))
    throw RingmasterError("no status file (" + paths.db + " not found)");
  CompetitionSession session;
  try {
    session.store = rm::store::Store::open_read_only(paths.db, paths.lock);
  } catch (const rm::store::StoreError& e) {
    throw RingmasterError(e.what());
  }
  session.competition = make_competition_for(control);
  // A run may commit between reading the state and the archive it refers to.
  session.store->read_consistently(
      [&] { restore_state(*session.competition, *session.store, false); });
  return session;
}

std::string run_halt_note(rm::store::Store& store) {
  const auto halt = store.load_run_halt();
  if (!halt || !halt->error) return "";
  return "\nthe last run halted on errors: " + halt->reason + " (see the log file)\n";
}

nlohmann::json json_report_with_halt(const CompetitionSession& session) {
  nlohmann::json j = session.competition->json_report();
  const auto halt = session.store->load_run_halt();
  j["last_run_halt"] = halt ? nlohmann::json{{"reason", halt->reason}, {"error", halt->error}}
                            : nlohmann::json(nullptr);
  return j;
}

std::string write_report_file(const CompetitionSession& session, const CompetitionPaths& paths) {
  std::string text = session.competition->full_report() + run_halt_note(*session.store);
  std::string tmp = paths.report + ".new";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << text;
    out.close();
    if (!out) throw RingmasterError("can't write " + tmp);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, paths.report, ec);
  if (ec) throw RingmasterError("can't write " + paths.report + ": " + ec.message());
  return text;
}

}  // namespace rm::run
