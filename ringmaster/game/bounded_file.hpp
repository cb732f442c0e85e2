// Reading a whole small input file safely: a control file, a template, a job or a command
// file might be a FIFO, a device (/dev/zero) or huge, and must then be refused with a clear
// message rather than block Ringmaster or eat its memory.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <variant>

namespace rm::game {

// The largest input file Ringmaster reads whole (control files, templates, job files).
inline constexpr std::size_t kMaxInputFileBytes = 1024 * 1024;

struct FileProblem {
  std::string message;  // "is not a regular file", "is larger than 1 MiB", "No such file ..."
};

// The whole content of the regular file at `path`, or what is wrong with it: not a regular
// file (checked without blocking: a FIFO is opened non-blocking), unreadable, or larger
// than max_bytes. The message does not repeat the path.
std::variant<std::string, FileProblem> read_bounded_file(
    const std::string& path, std::size_t max_bytes = kMaxInputFileBytes);

// At most max_bytes of a stream (stdin); a FileProblem if there is more.
std::variant<std::string, FileProblem> read_bounded_stream(
    std::istream& in, std::size_t max_bytes = kMaxInputFileBytes);

// "1 MiB" / "4096 bytes": for messages.
std::string describe_size(std::size_t bytes);

}  // namespace rm::game
