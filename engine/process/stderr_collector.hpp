// Internal: drains a child's stderr continuously so that an engine that floods stderr never
// blocks, keeping the last bytes in memory for error messages and sending the rest to a
// file, to our own stderr, or nowhere. The draining is done by one thread shared by every
// collector of the process (stderr_drainer.cpp): a thread per engine cost as much CPU as
// the rest of an engine's start.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>

namespace rm::process::detail {

// The state shared between a collector and the draining thread.
struct StderrStream {
  static constexpr std::size_t tail_capacity = 2048;

  std::mutex io_mutex;         // serialises reading and closing `fd`
  int fd = -1;                 // the parent's end of the stderr pipe (non-blocking); -1 once closed
  int sink_fd = -1;            // -1 = discard; 2 = pass through (not closed); else a file (closed)
  std::size_t sink_limit = 0;  // bytes the sink may receive (0: no limit)
  std::size_t sink_written = 0, dropped = 0;
  std::string name;  // names the engine in the note about dropped bytes

  mutable std::mutex tail_mutex;
  std::string tail;
  bool at_eof = false;
  std::condition_variable eof_cv;

  // Sends data to the sink and keeps its end in the tail (caller holds io_mutex).
  void append(const char* data, std::size_t n);
  // Reads once (caller holds io_mutex, fd >= 0): the number of bytes read, 0 if none are
  // available now, -1 at EOF or on an error.
  long read_some(char* buf, std::size_t size);
  // Closes fd, writes the note about dropped bytes (if any) and wakes wait_for_eof (caller
  // holds io_mutex).
  void close_at_eof();
};

class StderrCollector {
 public:
  // Takes ownership of read_fd (the parent's end of the stderr pipe) and of sink_fd
  // (-1 = discard; 2 = pass through, not closed; else a file opened O_APPEND, closed).
  // At most sink_limit bytes go to the sink (0: no limit); `name` names the engine in the
  // line that says how many were dropped.
  StderrCollector(int read_fd, int sink_fd, std::size_t sink_limit = 0, std::string name = "");
  ~StderrCollector();  // stop()
  StderrCollector(const StderrCollector&) = delete;
  StderrCollector& operator=(const StderrCollector&) = delete;

  // Reads whatever is still buffered in the pipe (at most 1 MiB), then stops draining even
  // if some process still holds the write end open.
  void stop();

  std::string tail() const;

  // Waits up to max_s for EOF on the pipe (every writer gone, everything read), so that an
  // error message about an exited engine quotes all it wrote. True if EOF was reached.
  bool wait_for_eof(double max_s);

 private:
  std::shared_ptr<StderrStream> stream_;
};

// The shared draining thread (started on first use).
void drainer_add(const std::shared_ptr<StderrStream>& stream);
// Stops watching the stream (caller holds its io_mutex); the thread no longer reads it.
void drainer_remove(StderrStream& stream);

}  // namespace rm::process::detail
