#include "bench/playouts/gtp_engine_process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <stdexcept>

namespace rm::bench {

GtpEngineProcess::GtpEngineProcess(const std::vector<std::string>& argv) {
  if (argv.empty()) throw std::runtime_error("empty engine command");
  std::signal(SIGPIPE, SIG_IGN);
  int to_child[2];
  int from_child[2];
  if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe failed");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(to_child[0], 0);
    dup2(from_child[1], 1);
    close(to_child[0]);
    close(to_child[1]);
    close(from_child[0]);
    close(from_child[1]);
    std::vector<std::string> copy = argv;
    std::vector<char*> args;
    for (auto& a : copy) args.push_back(a.data());
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  close(to_child[0]);
  close(from_child[1]);
  in_ = fdopen(to_child[1], "w");
  out_ = fdopen(from_child[0], "r");
}

GtpEngineProcess::~GtpEngineProcess() {
  if (in_) {
    std::fputs("quit\n", in_);
    std::fclose(in_);
  }
  if (out_) std::fclose(out_);
  int status = 0;
  for (int i = 0; i < 300; ++i) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) return;
    usleep(10000);
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, &status, 0);
}

bool GtpEngineProcess::command(const std::string& line, std::string& text) {
  if (std::fputs((line + "\n").c_str(), in_) < 0 || std::fflush(in_) != 0)
    throw std::runtime_error("engine input closed");
  std::vector<std::string> lines;
  for (;;) {
    std::string l;
    int ch;
    while ((ch = std::fgetc(out_)) != EOF && ch != '\n') l += static_cast<char>(ch);
    if (ch == EOF) throw std::runtime_error("engine closed its output after: " + line);
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (l.empty()) {
      if (lines.empty()) continue;
      break;
    }
    lines.push_back(l);
  }
  std::size_t i = 1;
  while (i < lines[0].size() && lines[0][i] >= '0' && lines[0][i] <= '9') ++i;
  text = lines[0].substr(i);
  if (!text.empty() && text[0] == ' ') text.erase(0, 1);
  for (std::size_t l = 1; l < lines.size(); ++l) text += "\n" + lines[l];
  return lines[0][0] == '=';
}

}  // namespace rm::bench
