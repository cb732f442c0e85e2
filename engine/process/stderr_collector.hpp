// Internal: drains a child's stderr continuously on its own thread so that an engine that
// floods stderr never blocks, keeping the last bytes in memory for error messages and
// sending the rest to a file, to our own stderr, or nowhere.
#pragma once

#include <cstddef>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "engine/process/process.hpp"

namespace rm::process::detail {

class StderrCollector {
 public:
  static constexpr std::size_t tail_capacity = 2048;

  // Takes ownership of read_fd (the parent's end of the stderr pipe) and of sink_fd
  // (-1 = discard; 2 = pass through, not closed; else a file opened O_APPEND, closed).
  StderrCollector(int read_fd, int sink_fd);
  ~StderrCollector();  // stop()
  StderrCollector(const StderrCollector&) = delete;
  StderrCollector& operator=(const StderrCollector&) = delete;

  // Reads whatever is still buffered in the pipe, then ends the thread even if some process
  // still holds the write end open.
  void stop();

  std::string tail() const;

  // Waits up to max_s for EOF on the pipe (every writer gone, everything read), so that an
  // error message about an exited engine quotes all it wrote. True if EOF was reached.
  bool wait_for_eof(double max_s);

 private:
  void run();
  void append(const char* data, std::size_t n);

  int read_fd_;
  int sink_fd_;
  int stop_pipe_[2] = {-1, -1};
  mutable std::mutex mutex_;
  std::string tail_;
  bool at_eof_ = false;
  std::condition_variable eof_cv_;
  std::thread thread_;
};

}  // namespace rm::process::detail
