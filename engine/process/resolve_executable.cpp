// Where an engine's argv[0] is found: a path is used as given; a bare name is looked up on
// PATH, then beside the running executable (so `ringbot` and the test engines in build/bin
// work without PATH changes), then in /usr/games (where Debian puts gnugo).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>

#include "engine/process/process.hpp"

namespace rm::process {

namespace {
bool is_executable_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  return ::access(path.c_str(), X_OK) == 0;
}

std::string own_directory() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return exe.parent_path().string();
}
}  // namespace

std::optional<std::string> resolve_executable(const std::string& argv0) {
  if (argv0.empty()) return std::nullopt;
  if (argv0.find('/') != std::string::npos) {
    if (is_executable_file(argv0)) return argv0;
    return std::nullopt;
  }
  std::vector<std::string> dirs;
  if (const char* path = std::getenv("PATH")) {
    std::string p = path;
    std::size_t start = 0;
    while (true) {
      const std::size_t colon = p.find(':', start);
      std::string dir =
          p.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
      // An empty PATH entry means the current directory, as in execvp.
      dirs.push_back(dir.empty() ? "." : dir);
      if (colon == std::string::npos) break;
      start = colon + 1;
    }
  }
  if (auto own = own_directory(); !own.empty()) dirs.push_back(own);
  dirs.push_back("/usr/games");
  for (const auto& dir : dirs) {
    std::string candidate = dir + "/" + argv0;
    if (is_executable_file(candidate)) return candidate;
  }
  return std::nullopt;
}

}  // namespace rm::process
