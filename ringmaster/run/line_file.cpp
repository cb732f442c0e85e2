#include "ringmaster/run/line_file.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>

#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::run {

LineFile::LineFile(const std::string& path) {
  file_ = std::fopen(path.c_str(), "a");  // O_APPEND: engines' stderr may share the log
  if (file_ == nullptr) throw RingmasterError("can't open " + path + ": " + std::strerror(errno));
}

LineFile::~LineFile() {
  if (file_ != nullptr) std::fclose(file_);
}

void LineFile::line(const std::string& text) {
  if (file_ == nullptr) return;
  std::fputs(text.c_str(), file_);
  std::fputc('\n', file_);
  std::fflush(file_);
}

std::string local_time_text() {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &local);
  return buf;
}

}  // namespace rm::run
