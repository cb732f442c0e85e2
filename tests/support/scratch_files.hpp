// Scratch directories that outlive one check (a test reads the files a game left behind) and
// reading a whole file: what the game, games and engine-reuse tests each had a copy of.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace rm::test {

// The scratch directories made by this test program, removed when it exits (a test reads them
// after the game that wrote them, so they cannot go at the end of a scope).
class ScratchDirs {
 public:
  ~ScratchDirs() {
    for (const auto& dir : dirs_) {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  }
  void add(const std::filesystem::path& dir) { dirs_.insert(dir); }

 private:
  std::set<std::filesystem::path> dirs_;
};

// <temp>/<prefix>_<pid>_<name>, emptied and created afresh (the pid keeps test executables
// that ctest runs in parallel apart; the name keeps the tests of one executable apart), and
// removed when the program exits.
inline std::filesystem::path scratch_dir(const std::string& prefix, const std::string& name) {
  static ScratchDirs made;
  auto dir = std::filesystem::temp_directory_path() /
             (prefix + "_" + std::to_string(::getpid()) + "_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  made.add(dir);
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
