// `match`: writes the control file of a one-line match (or finds the same one from an
// earlier run) and runs it as `ringmaster <dir>/<code>.yaml run` would.
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/cli/match_control_file.hpp"
#include "ringmaster/run/competition_paths.hpp"

namespace rm::cli {
namespace {

std::string current_directory() {
  std::error_code ec;
  auto cwd = std::filesystem::current_path(ec);
  return ec ? std::string() : cwd.string();
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Writes `text` to `path` through a temporary file and a rename: never half a control file.
bool write_file(const std::string& path, const std::string& text, std::string& error) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
      error = "can't write " + temporary;
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    error = "can't write " + path + ": " + ec.message();
    std::filesystem::remove(temporary, ec);
    return false;
  }
  return true;
}

// A run that stored nothing (a mistyped engine, say) leaves no database; the control file
// written for it would then refuse the corrected command line, so it goes too, with the
// directory if this command created it and it is now empty.
void remove_if_nothing_played(const std::string& control_file, const std::string& new_directory) {
  const auto paths = rm::run::CompetitionPaths::for_control_file(control_file);
  std::error_code ec;
  if (std::filesystem::exists(paths.db, ec) || ec) return;
  std::filesystem::remove(control_file, ec);
  std::cerr << "removed " << control_file << " (no game was played)" << std::endl;
  if (!new_directory.empty() && std::filesystem::is_empty(new_directory, ec) && !ec)
    std::filesystem::remove(new_directory, ec);
}

// Whether `text` is a whole number above `n`.
bool number_above(const std::string& text, long long n) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && value > n;
}

}  // namespace

int match_command(const std::vector<std::string>& args) {
  const std::string cwd = current_directory();
  auto parsed = parse_match_command_line(args, cwd);
  if (auto* exit = std::get_if<ParseExit>(&parsed)) {
    std::fputs(exit->out.c_str(), stdout);
    std::fputs(exit->err.c_str(), stderr);
    return exit->status;
  }
  const MatchOptions& options = std::get<MatchOptions>(parsed);
  const std::string& path = options.run.control_file;
  const std::string text = match_control_file(options, cwd);
  std::error_code ec;
  const bool new_directory = !std::filesystem::exists(options.directory, ec);
  std::filesystem::create_directories(options.directory, ec);
  if (ec) {
    std::cerr << "ringmaster: can't create directory " << options.directory << ": " << ec.message()
              << std::endl;
    return kExitError;
  }
  bool wrote = false;
  if (std::filesystem::exists(path)) {
    // The same match again: resume it, with the new number of games if that is all that
    // changed. Anything else would silently mix two matches.
    const auto existing = read_file(path);
    const auto old_games = existing ? games_changed_only(*existing, text) : std::nullopt;
    if (existing != text && !old_games) {
      std::cerr << "ringmaster: " << path
                << " exists and is not this match's control file: run `ringmaster " << path
                << "` to continue it, or choose another --code or --dir" << std::endl;
      return kExitError;
    }
    // Fewer games than the match was started with would leave it "finished" with more games
    // played than asked for (28/20): a shorter match is a new match.
    if (old_games && number_above(*old_games, options.games)) {
      std::cerr << "ringmaster: " << path << " plays " << *old_games
                << " games per pair: --games can raise that, not lower it (choose another "
                   "--code or --dir for a shorter match)"
                << std::endl;
      return kExitError;
    }
    std::string error;
    if (old_games && !write_file(path, text, error)) {
      std::cerr << "ringmaster: " << error << std::endl;
      return kExitError;
    }
    std::cerr << "resuming the match in " << path;
    if (old_games)
      std::cerr << " (games per pair: " << *old_games << " -> " << options.games << ")";
    std::cerr << std::endl;
  } else {
    std::string error;
    if (!write_file(path, text, error)) {
      std::cerr << "ringmaster: " << error << std::endl;
      return kExitError;
    }
    std::cerr << "wrote " << path << std::endl;
    wrote = true;
  }
  const int status = dispatch(options.run);
  if (wrote) remove_if_nothing_played(path, new_directory ? options.directory : std::string());
  return status;
}

}  // namespace rm::cli
