#include "ringmaster/run/executor/remote_job.hpp"

#include <fcntl.h>
#include <unistd.h>

namespace rm::run {

using rm::process::StderrMode;

rm::game::GameJob remote_job(const rm::game::GameJob& job, StderrHome* home) {
  rm::game::GameJob remote = job;
  remote.return_sgf = true;
  StderrHome found;
  for (rm::game::PlayerSpec* p : {&remote.black, &remote.white}) {
    auto& process = p->engine.process;
    if (process.stderr_mode == StderrMode::PassThrough) found.pass_through = true;
    if (process.stderr_mode != StderrMode::AppendToFile) continue;
    if (found.file.empty()) found.file = process.stderr_path;
    process.stderr_mode = StderrMode::PassThrough;
    process.stderr_path.clear();
  }
  if (home != nullptr) *home = found;
  return remote;
}

std::string result_mismatch(const rm::game::GameJob& job, const rm::game::GameResult& result) {
  if (result.game_id != job.game_id || result.black_code != job.black.code ||
      result.white_code != job.white.code)
    return "the result is for another game (" + result.game_id + ")";
  return {};
}

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t w = ::write(fd, text.data() + done, text.size() - done);
    if (w <= 0) break;
    done += static_cast<std::size_t>(w);
  }
}

void append_to_file(const std::string& path, const std::string& text) {
  if (path.empty() || text.empty()) return;
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return;
  write_all(fd, text);
  ::close(fd);
}

}  // namespace rm::run
