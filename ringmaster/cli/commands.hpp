// One function per command; each returns the exit status. Errors the user can act on are
// thrown as rm::run::RingmasterError or rm::control::ConfigError and reported by dispatch().
#pragma once

#include "ringmaster/cli/command_line.hpp"

namespace rm::cli {

int run_command(const CommandLine& line);
int stop_command(const CommandLine& line);
int show_command(const CommandLine& line);
int report_command(const CommandLine& line);
int reset_command(const CommandLine& line);
int check_command(const CommandLine& line);
int candidates_command(const CommandLine& line);
int playoff_file_command(const CommandLine& line);
int cost_command(const CommandLine& line);
// `simulate`: the tuner on synthetic Elo surfaces (docs/simulation.md).
int simulate_command(const CommandLine& line);
// `ringmaster match ...` (`args`: what follows "match"): docs/match.md.
int match_command(const std::vector<std::string>& args);
// `ringmaster serve [DIR...] [--port N] [--bind ADDR]`: docs/reports.md (the live view).
int serve_command(const std::vector<std::string>& args);

// Checks the control file exists, runs the command, maps errors to exit statuses and
// "ringmaster: <message>" on stderr.
int dispatch(const CommandLine& line);

// For every command: parses `args` (argv without argv[0]) and dispatches. No exception
// escapes: an unexpected one is "ringmaster: internal error: ..." on one line, exit 4.
int ringmaster_main(const std::vector<std::string>& args);

// `text` with its line breaks turned into spaces (an error is one line of stderr).
std::string one_line(const std::string& text);

}  // namespace rm::cli
