#pragma once
// A GTP engine child process on pipes (fork/exec of an argument vector, no shell), for the
// match tool.
#include <sys/types.h>

#include <cstdio>
#include <string>
#include <vector>

namespace rm::bench {

class GtpEngineProcess {
 public:
  explicit GtpEngineProcess(const std::vector<std::string>& argv);
  GtpEngineProcess(const GtpEngineProcess&) = delete;
  GtpEngineProcess& operator=(const GtpEngineProcess&) = delete;
  ~GtpEngineProcess();

  // Sends a command; returns true on success ('=') with the response text in `text`.
  // Throws std::runtime_error if the engine dies.
  bool command(const std::string& line, std::string& text);

 private:
  pid_t pid_ = -1;
  std::FILE* in_ = nullptr;
  std::FILE* out_ = nullptr;
};

}  // namespace rm::bench
