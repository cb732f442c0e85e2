#pragma once
// The engine side of GTP v2: reads commands, writes responses ("=id ...\n\n" / "?id ...\n\n").
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "engine/refbot/engine.hpp"

namespace rm::refbot {

// One command line after the spec's preprocessing (control characters removed, comments
// cut, tabs to spaces); empty if the line should be ignored.
std::string preprocess_gtp_line(std::string_view raw);

class GtpServer {
 public:
  explicit GtpServer(Engine& engine);

  // Handles one raw input line; returns the full response text (with the terminating blank
  // line) or "" for a line that is ignored.
  std::string handle_line(std::string_view raw);
  bool quit_requested() const { return quit_; }
  // Serves until quit or end of input.
  void run(std::istream& in, std::ostream& out);

  static const std::vector<std::string>& commands();

 private:
  struct Reply {
    bool ok;
    std::string text;
  };
  Reply dispatch(const std::string& name, const std::vector<std::string>& args);
  Reply genmove(const std::vector<std::string>& args);
  Reply play(const std::vector<std::string>& args);
  Reply showboard() const;

  Engine& engine_;
  bool quit_ = false;
};

}  // namespace rm::refbot
