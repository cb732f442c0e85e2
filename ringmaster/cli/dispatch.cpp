#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/control/config_error.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/ringmaster_error.hpp"
#include "ringmaster/store/store.hpp"

namespace rm::cli {

namespace {

// The status and one line of stderr for the exception being handled.
int exit_for_exception() {
  try {
    throw;
  } catch (const std::filesystem::filesystem_error& e) {
    // A file the environment refused (a name too long, a directory gone): not a bug.
    std::cerr << "ringmaster: " << one_line(e.what()) << std::endl;
    return kExitError;
  } catch (const std::exception& e) {
    std::cerr << "ringmaster: internal error: " << one_line(e.what()) << std::endl;
    return kExitInternal;
  } catch (...) {
    std::cerr << "ringmaster: internal error: an unknown exception" << std::endl;
    return kExitInternal;
  }
}

}  // namespace

int dispatch(const CommandLine& line) {
  try {
    // The same order as gomill: a missing file first, then a forbidden extension.
    // With an error code: a symlink loop (ELOOP) is an unreadable control file, not a bug.
    std::error_code ec;
    const bool exists = std::filesystem::exists(line.control_file, ec);
    if (ec)
      throw rm::control::ConfigError(line.control_file +
                                     ": cannot read control file: " + ec.message());
    if (!exists) throw rm::run::RingmasterError("control file " + line.control_file + " not found");
    (void)rm::run::CompetitionPaths::for_control_file(line.control_file);
    if (line.command == "run") return run_command(line);
    if (line.command == "stop") return stop_command(line);
    if (line.command == "show") return show_command(line);
    if (line.command == "report") return report_command(line);
    if (line.command == "reset") return reset_command(line);
    if (line.command == "check") return check_command(line);
    if (line.command == "candidates") return candidates_command(line);
    if (line.command == "playoff-file") return playoff_file_command(line);
    if (line.command == "cost") return cost_command(line);
    if (line.command == "simulate") return simulate_command(line);
    throw rm::run::RingmasterError("no such command: " + line.command);
  } catch (const rm::run::RingmasterError& e) {
    std::cerr << "ringmaster: " << e.what() << std::endl;
    return kExitError;
  } catch (const rm::control::ConfigError& e) {
    std::cerr << "ringmaster: " << e.what() << std::endl;
    return kExitError;
  } catch (const rm::store::StoreError& e) {
    // The database could not be read or written (disk full, permissions, I/O error): an
    // error of the environment, not a bug. SQLite leaves the database as it was.
    std::cerr << "ringmaster: " << e.what() << std::endl;
    return kExitError;
  } catch (...) {
    return exit_for_exception();
  }
}

namespace {

int checked_main(const std::vector<std::string>& args) {
  // `ringmaster match ...` has no control file: it writes one (./match is a control file).
  if (!args.empty() && args.front() == "match")
    return match_command({args.begin() + 1, args.end()});
  if (!args.empty() && args.front() == "serve")
    return serve_command({args.begin() + 1, args.end()});
  auto parsed = parse_command_line(args);
  if (auto* exit = std::get_if<ParseExit>(&parsed)) {
    std::fputs(exit->out.c_str(), stdout);
    std::fputs(exit->err.c_str(), stderr);
    return exit->status;
  }
  return dispatch(std::get<CommandLine>(parsed));
}

}  // namespace

std::string one_line(const std::string& text) {
  std::string out = text;
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  return out;
}

int ringmaster_main(const std::vector<std::string>& args) {
  // Writing to an engine that has died must give EPIPE, not kill Ringmaster.
  std::signal(SIGPIPE, SIG_IGN);
  // No exception leaves a command: each ends with its documented status and one line.
  try {
    return checked_main(args);
  } catch (...) {
    return exit_for_exception();
  }
}

}  // namespace rm::cli
