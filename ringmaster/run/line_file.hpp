// An append-only text file written one line at a time and flushed at once, so that a
// SIGKILL loses nothing already written: the event log (<code>.log) and the history
// (<code>.hist).
#pragma once

#include <cstdio>
#include <string>

namespace rm::run {

class LineFile {
 public:
  LineFile() = default;
  // Opens for appending (created if missing). Throws RingmasterError if it cannot.
  explicit LineFile(const std::string& path);
  ~LineFile();
  LineFile(const LineFile&) = delete;
  LineFile& operator=(const LineFile&) = delete;

  // Writes `text` and a newline (multi-line text is written as it is). No-op if not open.
  void line(const std::string& text);

 private:
  std::FILE* file_ = nullptr;
};

// Local time as "YYYY-MM-DD HH:MM", as in gomill's "run started at ..." lines.
std::string local_time_text();

}  // namespace rm::run
