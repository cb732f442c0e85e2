#include "ringmaster/game/gtp_transcript.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace rm::game {

GtpTranscript::GtpTranscript(const std::string& path) {
  if (path.empty()) return;
  std::error_code ec;
  std::filesystem::path p(path);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
  // Truncated per game, as gomill does.
  auto out = std::make_shared<std::ofstream>(path, std::ios::trunc);
  if (!*out) {
    error_ = "cannot open GTP log " + path + ": " + std::strerror(errno);
    return;
  }
  out_ = std::move(out);
}

rm::gtp::GtpLog GtpTranscript::logger() {
  if (!out_) return {};
  // The controllers outlive nothing here, but holding the stream by shared_ptr keeps the
  // logger safe even if a controller is destroyed after the transcript.
  // Both engines are closed on threads of their own: their lines must not interleave.
  auto out = out_;
  auto mutex = mutex_;
  return [out, mutex](const std::string& line) {
    std::lock_guard lock(*mutex);
    *out << line << '\n';
    out->flush();  // a transcript is most useful when the game hangs or crashes
  };
}

}  // namespace rm::game
