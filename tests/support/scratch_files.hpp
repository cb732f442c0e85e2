// Scratch directories that outlive one check (a test reads the files a game left behind) and
// reading a whole file: what the game, games and engine-reuse tests each had a copy of.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace rm::test {

// <temp>/<prefix>_<pid>_<name>, emptied and created afresh (the pid keeps test executables
// that ctest runs in parallel apart; the name keeps the tests of one executable apart).
inline std::filesystem::path scratch_dir(const std::string& prefix, const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   (prefix + "_" + std::to_string(::getpid()) + "_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// The bytes of a file ("" if it cannot be read).
inline std::string read_whole_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace rm::test
