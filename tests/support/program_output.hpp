// Runs a command line through the shell and returns its exit status and its output (standard
// error too if the command redirects it), for tests of the command-line programs.
#pragma once

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

namespace rm::test {

struct ProgramOutput {
  int status = -1;  // the exit status; -1 if the program did not exit normally
  std::string text;
};

inline ProgramOutput run_program(const std::string& command) {
  ProgramOutput out;
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.text.append(buffer, n);
  const int status = ::pclose(pipe);
  out.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

}  // namespace rm::test
