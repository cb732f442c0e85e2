// `match`: writes the control file of a one-line match (or finds the same one from an
// earlier run) and runs it as `ringmaster <dir>/<code>.yaml run` would.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/cli/match_control_file.hpp"

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

}  // namespace

int match_command(const std::vector<std::string>& args) {
  auto parsed = parse_match_command_line(args);
  if (auto* exit = std::get_if<ParseExit>(&parsed)) {
    std::fputs(exit->out.c_str(), stdout);
    std::fputs(exit->err.c_str(), stderr);
    return exit->status;
  }
  const MatchOptions& options = std::get<MatchOptions>(parsed);
  const std::string& path = options.run.control_file;
  const std::string text = match_control_file(options, current_directory());
  std::error_code ec;
  std::filesystem::create_directories(options.directory, ec);
  if (ec) {
    std::cerr << "ringmaster: can't create directory " << options.directory << ": " << ec.message()
              << std::endl;
    return kExitError;
  }
  if (std::filesystem::exists(path)) {
    // The same match again: resume it. Anything else would silently mix two matches.
    if (read_file(path) != text) {
      std::cerr << "ringmaster: " << path
                << " exists and is not this match's control file: run `ringmaster " << path
                << "` to continue it, or choose another --code or --dir" << std::endl;
      return kExitError;
    }
    std::cerr << "resuming the match in " << path << std::endl;
  } else {
    std::string error;
    if (!write_file(path, text, error)) {
      std::cerr << "ringmaster: " << error << std::endl;
      return kExitError;
    }
    std::cerr << "wrote " << path << std::endl;
  }
  return dispatch(options.run);
}

}  // namespace rm::cli
