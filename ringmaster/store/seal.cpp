#include "ringmaster/store/seal.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <sstream>

namespace rm::store::detail {
namespace {

constexpr const char* kSealTag = "ringmaster-seal 1";

std::atomic<unsigned long> damage_errors{0};

// A WAL that holds frames makes the database more than its file. An empty or missing one does
// not (a clean close checkpoints it with TRUNCATE and the last connection removes it).
bool wal_is_empty(const std::string& db_path) {
  struct stat info {};
  if (::stat((db_path + "-wal").c_str(), &info) != 0) return errno == ENOENT;
  return info.st_size == 0;
}

}  // namespace

std::string make_seal(const std::string& db_path) {
  struct stat info {};
  if (::stat(db_path.c_str(), &info) != 0 || !wal_is_empty(db_path)) return "";
  std::ostringstream out;
  out << kSealTag << ' ' << info.st_dev << ' ' << info.st_ino << ' ' << info.st_size << ' '
      << info.st_mtim.tv_sec << ' ' << info.st_mtim.tv_nsec << ' ' << info.st_ctim.tv_sec << ' '
      << info.st_ctim.tv_nsec << '\n';
  return out.str();
}

bool seal_matches(const std::string& seal, const std::string& db_path) {
  if (seal.rfind(kSealTag, 0) != 0) return false;
  const std::string now = make_seal(db_path);
  return !now.empty() && now == seal;
}

std::string read_lock_file(const std::string& lock_path) {
  const int fd = ::open(lock_path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "";
  std::string text;
  char buffer[512];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > 4096) break;  // not a seal
  }
  ::close(fd);
  return text;
}

bool run_is_live(const std::string& lock_path) {
  const int fd = ::open(lock_path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;  // a run creates the file before it touches the database
  const bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);  // releases the shared lock, if taken
  return held;
}

void note_sqlite_error(int code) {
  const int primary = code & 0xff;
  if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB || primary == SQLITE_IOERR)
    damage_errors.fetch_add(1, std::memory_order_relaxed);
}

unsigned long damage_errors_seen() {
  return damage_errors.load(std::memory_order_relaxed);
}

}  // namespace rm::store::detail
