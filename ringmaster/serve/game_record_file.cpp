#include "ringmaster/serve/game_record_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string_view>

namespace rm::serve {
namespace {

constexpr std::string_view kSuffix = ".sgf";

bool id_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (c != '\0' && std::string_view("-!$%&*+,.:;<=>?^_~#").find(c) != std::string_view::npos);
}

// Closes a descriptor when it goes out of scope.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

GameRecordFile refused(int status, std::string why) {
  return {status, std::move(why)};
}

}  // namespace

bool is_game_record_name(const std::string& name) {
  if (name.size() <= kSuffix.size() || name.size() > 255 || name.front() == '.') return false;
  if (!name.ends_with(kSuffix) || name.find("..") != std::string::npos) return false;
  for (const char c : name)
    if (!id_char(c)) return false;
  return true;
}

GameRecordFile read_game_record(const std::string& directory, const std::string& name) {
  if (!is_game_record_name(name)) return refused(400, "not the name of a game record");
  // O_NOFOLLOW on the directory and on the file: a symlink in either is refused rather than
  // followed out of the competition.
  Fd dir{::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)};
  if (dir.fd < 0)
    return errno == ENOENT ? refused(404, "no such game record")
                           : refused(403, "the records' directory is not served");
  // O_NONBLOCK: a FIFO put there does not hold the request (and is refused below).
  Fd file{
      ::openat(dir.fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  if (file.fd < 0)
    return errno == ENOENT ? refused(404, "no such game record")
                           : refused(403, "not served (a symlink, or unreadable)");
  struct stat st {};
  if (::fstat(file.fd, &st) != 0 || !S_ISREG(st.st_mode))
    return refused(403, "not served (not a regular file)");
  if (static_cast<unsigned long long>(st.st_size) > kMaxGameRecordBytes)
    return refused(403, "not served (larger than 16 MB)");
  GameRecordFile out{200, {}};
  out.text.resize(static_cast<std::size_t>(st.st_size));
  std::size_t got = 0;
  while (got < out.text.size()) {
    const ssize_t n = ::read(file.fd, out.text.data() + got, out.text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return refused(403, "not served (cannot be read)");
    if (n == 0) break;  // shorter than when it was looked at: what there is
    got += static_cast<std::size_t>(n);
  }
  out.text.resize(got);
  return out;
}

}  // namespace rm::serve
