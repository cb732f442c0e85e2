// The --log-gtp transcript of one game: both engines' commands and responses in gomill's
// format (">> b: boardsize 9", "<< b: = "), written to the job's gtp_log_path.
#pragma once

#include <fstream>
#include <memory>
#include <mutex>
#include <string>

#include "engine/gtp/controller.hpp"

namespace rm::game {

class GtpTranscript {
 public:
  // An empty path gives a transcript that records nothing.
  explicit GtpTranscript(const std::string& path);
  // "" if the file could be opened (or none was asked for), else why not.
  const std::string& open_error() const { return error_; }
  // The logger to hand to Controller::start (empty function if not recording).
  rm::gtp::GtpLog logger();

 private:
  std::shared_ptr<std::ofstream> out_;
  std::shared_ptr<std::mutex> mutex_ = std::make_shared<std::mutex>();
  std::string error_;
};

}  // namespace rm::game
