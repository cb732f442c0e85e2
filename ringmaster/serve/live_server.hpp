// `ringmaster serve`: an HTTP server (cpp-httplib) of the live view, read-only. URLs:
//   /                                   the competitions under the directories
//   /fragment/index.html                its live part
//   /competition/<id>                   one competition: the HTML report's sections, live
//   /competition/<id>/fragment.html     its live part
//   /competition/<id>/games/<file>.sgf  a game's SGF record (void/<file>.sgf: a void game's)
//   /api/competitions                   the list as JSON
//   /api/competition/<id>.json          the competition's `show --json`
//   /live.js                            the pages' script
// Only GET and HEAD; bounded requests (request_check.hpp); stops on SIGINT or SIGTERM.
#pragma once

#include <atomic>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace rm::serve {

struct ServeOptions {
  std::vector<std::string> dirs{"."};
  int port = 8080;  // 0: any free port (the one taken is printed)
  std::string bind = "127.0.0.1";
};

// Serves until SIGINT or SIGTERM (or `stop` becomes true, checked a few times a second);
// prints where to point a browser on `out` and warnings on `err`. Returns the exit status:
// 0 after a signal, 1 when it cannot listen (`err` says why).
int serve(const ServeOptions& options, std::ostream& out, std::ostream& err,
          const std::atomic<bool>* stop = nullptr);

// True for 127.0.0.1, ::1, localhost and the rest of 127.0.0.0/8.
bool is_loopback(const std::string& address);

}  // namespace rm::serve
