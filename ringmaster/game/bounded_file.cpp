#include "ringmaster/game/bounded_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace rm::game {

std::string describe_size(std::size_t bytes) {
  if (bytes % (1024 * 1024) == 0) return std::to_string(bytes / (1024 * 1024)) + " MiB";
  return std::to_string(bytes) + " bytes";
}

namespace {

FileProblem too_large(std::size_t max_bytes) {
  return FileProblem{"is larger than " + describe_size(max_bytes) +
                     " (the limit for an input file)"};
}

}  // namespace

std::variant<std::string, FileProblem> read_bounded_file(const std::string& path,
                                                         std::size_t max_bytes) {
  if (path.find('\0') != std::string::npos) return FileProblem{"file name contains a NUL byte"};
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return FileProblem{std::strerror(errno)};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return FileProblem{"is not a regular file"};
  }
  if (static_cast<unsigned long long>(st.st_size) > max_bytes) {
    ::close(fd);
    return too_large(max_bytes);
  }
  // Read to the end anyway (the file may grow between fstat and read), but never past the cap.
  std::string text;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int saved = errno;
      ::close(fd);
      return FileProblem{std::strerror(saved)};
    }
    if (n == 0) break;
    text.append(buf, static_cast<std::size_t>(n));
    if (text.size() > max_bytes) {
      ::close(fd);
      return too_large(max_bytes);
    }
  }
  ::close(fd);
  return text;
}

std::variant<std::string, FileProblem> read_bounded_stream(std::istream& in,
                                                           std::size_t max_bytes) {
  std::string text;
  char buf[65536];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_bytes) return too_large(max_bytes);
  }
  return text;
}

}  // namespace rm::game
