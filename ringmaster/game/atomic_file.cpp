#include "ringmaster/game/atomic_file.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace rm::game {

std::string write_file_atomically(const std::string& path, const std::string& content) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path target(path);
  if (target.has_parent_path()) {
    fs::create_directories(target.parent_path(), ec);
    if (ec) return "cannot create directory " + target.parent_path().string() + ": " + ec.message();
  }
  // The pid keeps concurrent writers (ringmaster-play processes) off each other's temp file;
  // the counter tells threads of one process apart.
  static std::atomic<unsigned long> counter{0};
  std::string tmp = path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(++counter);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot write " + tmp + ": " + std::strerror(errno);
    out << content;
    out.flush();
    if (!out) {
      fs::remove(tmp, ec);
      return "error writing " + tmp;
    }
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    return "cannot rename " + tmp + " to " + path + ": " + ec.message();
  }
  return "";
}

}  // namespace rm::game
