#include "ringmaster/serve/live_server.hpp"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>

#include <chrono>
#include <ctime>
#include <functional>
#include <optional>
#include <thread>

#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/serve/competition_finder.hpp"
#include "ringmaster/serve/game_record_file.hpp"
#include "ringmaster/serve/live_script.hpp"
#include "ringmaster/serve/pages.hpp"
#include "ringmaster/serve/request_check.hpp"
#include "ringmaster/serve/snapshot.hpp"

namespace rm::serve {
namespace {

constexpr const char* kHtml = "text/html; charset=utf-8";
constexpr const char* kJson = "application/json; charset=utf-8";

// Only this server's own script; the report's inline styles and SVG; nothing else.
const httplib::Headers kHeaders{
    {"Content-Security-Policy",
     "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; "
     "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
    {"X-Content-Type-Options", "nosniff"},
    {"Referrer-Policy", "no-referrer"},
    {"Cache-Control", "no-store"}};

class LiveSite {
 public:
  explicit LiveSite(std::vector<std::string> dirs) : finder_(std::move(dirs)) {}

  Snapshots all() {
    Snapshots out;
    for (const auto& found : finder_.competitions()) out.push_back(cache_.get(found));
    return out;
  }

  std::optional<FoundCompetition> find(const std::string& id) {
    for (const auto& found : finder_.competitions())
      if (found.id == id) return found;
    return std::nullopt;
  }

  std::shared_ptr<const Snapshot> one(const std::string& id) {
    const auto found = find(id);
    return found ? cache_.get(*found) : nullptr;
  }

  const std::vector<std::string>& dirs() const { return finder_.dirs(); }
  std::vector<FoundCompetition> found() { return finder_.competitions(); }
  void warm(const FoundCompetition& f) { (void)cache_.get(f); }

 private:
  CompetitionFinder finder_;
  SnapshotCache cache_;
};

// The live parts are fetched every 2 s: an unchanged one is answered 304 with no body (the
// script sends back the ETag it was given).
bool not_modified(const httplib::Request& req, httplib::Response& res, const std::string& etag) {
  res.set_header("ETag", etag);
  if (req.get_header_value("If-None-Match") != etag) return false;
  res.status = 304;
  return true;
}

std::string etag_of(const Snapshots& snapshots) {
  std::string text;
  for (const auto& s : snapshots) text += s->found.id + ":" + std::to_string(s->version) + ";";
  return "\"" + std::to_string(std::hash<std::string>{}(text)) + "\"";
}

void not_found(httplib::Response& res, const std::string& what) {
  res.status = 404;
  res.set_content(error_page(404, what), kHtml);
}

std::string status_text(int status) {
  switch (status) {
    case 400:
      return "bad request";
    case 404:
      return "not found";
    case 405:
      return "method not allowed";
    case 413:
      return "payload too large";
    case 414:
      return "request target too long";
    case 431:
      return "request header fields too large";
    default:
      return "error";
  }
}

std::string request_text(const std::string& address) {
  return address.find(':') != std::string::npos ? "[" + address + "]" : address;
}

}  // namespace

bool is_loopback(const std::string& address) {
  return address == "localhost" || address == "::1" || address.rfind("127.", 0) == 0;
}

int serve(const ServeOptions& options, std::ostream& out, std::ostream& err,
          const std::atomic<bool>* stop) {
  // SIGINT and SIGTERM go to the thread below, not to the server's threads (which inherit
  // this mask): it stops the server, and the server's threads finish their requests.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigset_t old_mask;
  pthread_sigmask(SIG_BLOCK, &signals, &old_mask);

  LiveSite site(options.dirs);
  httplib::Server server;
  server.new_task_queue = [] { return new httplib::ThreadPool(4); };
  server.set_default_headers(kHeaders);
  // cpp-httplib's default adds SO_REUSEPORT, with which a second serve on the same port would
  // share it silently instead of being refused.
  server.set_socket_options([](int sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server.set_payload_max_length(1024);
  // One request per connection: cpp-httplib gives a kept-alive connection one of the pool's
  // threads until it has been idle for 5 s, so browsers polling every 2 s would each hold one
  // for good and the fifth would wait (bench/serve/watched_event.sh saw requests wait 19 s).
  // A poll's new connection costs a handshake on this host or through an ssh tunnel.
  server.set_keep_alive_max_count(1);
  server.set_read_timeout(5, 0);
  server.set_write_timeout(10, 0);

  server.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
    std::size_t header_bytes = 0;
    for (const auto& [name, value] : req.headers) header_bytes += name.size() + value.size() + 4;
    const Refusal refusal = check_request(req.method, req.target, header_bytes);
    if (refusal.status == 0 && check_request("GET", req.path, 0).status == 0)
      return httplib::Server::HandlerResponse::Unhandled;
    res.status = refusal.status == 0 ? 400 : refusal.status;
    if (res.status == 405) res.set_header("Allow", "GET, HEAD");
    res.set_content(std::to_string(res.status) + ": " +
                        (refusal.reason.empty() ? "bad request target" : refusal.reason) + "\n",
                    "text/plain; charset=utf-8");
    return httplib::Server::HandlerResponse::Handled;
  });
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty())
      res.set_content(std::to_string(res.status) + ": " + status_text(res.status) + "\n",
                      "text/plain; charset=utf-8");
  });
  server.set_exception_handler(
      [&err](const httplib::Request& req, httplib::Response& res, std::exception_ptr ep) {
        std::string what = "unknown error";
        try {
          if (ep) std::rethrow_exception(ep);
        } catch (const std::exception& e) {
          what = e.what();
        } catch (...) {
        }
        err << "ringmaster serve: error answering " << req.path << ": " << what << std::endl;
        res.status = 500;
        res.set_content("500: internal error\n", "text/plain; charset=utf-8");
      });

  server.Get("/", [&site](const httplib::Request&, httplib::Response& res) {
    res.set_content(index_page(site.all(), site.dirs()), kHtml);
  });
  server.Get("/fragment/index.html", [&site](const httplib::Request& req, httplib::Response& res) {
    const auto all = site.all();
    if (!not_modified(req, res, etag_of(all)))
      res.set_content(index_fragment(all, site.dirs()), kHtml);
  });
  server.Get("/live.js", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(kLiveScript, "text/javascript; charset=utf-8");
  });
  server.Get("/api/competitions", [&site](const httplib::Request&, httplib::Response& res) {
    res.set_content(competitions_json(site.all()).dump(2) + "\n", kJson);
  });
  server.Get(R"(/api/competition/([A-Za-z0-9_-]+)\.json)",
             [&site](const httplib::Request& req, httplib::Response& res) {
               const auto s = site.one(req.matches[1]);
               if (!s) return not_found(res, "no such competition");
               if (s->status == "error") {
                 res.status = 500;
                 res.set_content(nlohmann::json{{"error", s->error}}.dump(2) + "\n", kJson);
                 return;
               }
               res.set_content(s->report.dump(2) + "\n", kJson);
             });
  server.Get(R"(/competition/([A-Za-z0-9_-]+))",
             [&site](const httplib::Request& req, httplib::Response& res) {
               const auto s = site.one(req.matches[1]);
               if (!s) return not_found(res, "no such competition");
               res.set_content(competition_page(*s), kHtml);
             });
  server.Get(R"(/competition/([A-Za-z0-9_-]+)/fragment\.html)",
             [&site](const httplib::Request& req, httplib::Response& res) {
               const auto s = site.one(req.matches[1]);
               if (!s) return not_found(res, "no such competition");
               if (!not_modified(req, res, etag_of({s})))
                 res.set_content(competition_fragment(*s), kHtml);
             });
  // A game's SGF record, as the competition page links it (game_record_file.hpp).
  server.Get(R"(/competition/([A-Za-z0-9_-]+)/(games|void)/([^/]+))",
             [&site](const httplib::Request& req, httplib::Response& res) {
               const auto found = site.find(req.matches[1]);
               if (!found) return not_found(res, "no such competition");
               const auto paths = rm::run::CompetitionPaths::for_control_file(found->control_file);
               const auto record = read_game_record(
                   req.matches[2] == "games" ? paths.games_dir : paths.void_dir, req.matches[3]);
               if (record.status != 200) {
                 res.status = record.status;
                 res.set_content(error_page(record.status, record.text), kHtml);
                 return;
               }
               res.set_content(record.text, "application/x-go-sgf");
             });

  int port = options.port;
  bool bound = false;
  if (port == 0) {
    port = server.bind_to_any_port(options.bind);
    bound = port > 0;
  } else {
    bound = server.bind_to_port(options.bind, port);
  }
  if (!bound) {
    err << "ringmaster: serve: cannot listen on " << request_text(options.bind) << ":"
        << options.port << " (the port is taken, or the address is not this host's)" << std::endl;
    pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
    return 1;
  }

  const auto found = find_competitions(options.dirs);
  std::string where;
  for (const auto& d : options.dirs) where += (where.empty() ? "" : " ") + d;
  out << "ringmaster serve: " << found.size() << " competition" << (found.size() == 1 ? "" : "s")
      << " under " << where << " (read-only; Ctrl-C stops it)\n";
  const bool loopback = is_loopback(options.bind);
  const std::string host = loopback ? "localhost" : request_text(options.bind);
  out << "open http://" << host << ":" << port << "/\n";
  if (loopback)
    out << "from a laptop, to a cluster's login node: ssh -L " << port << ":localhost:" << port
        << " login-node, then open http://localhost:" << port << "/ on the laptop\n";
  out.flush();
  if (!loopback)
    err << "ringmaster serve: warning: listening on " << request_text(options.bind)
        << ", not only this host (127.0.0.1): anyone who can reach it sees the competitions "
           "(no password); prefer the default and ssh -L"
        << std::endl;

  std::atomic<bool> done{false};
  int caught = 0;
  std::thread waiter([&] {
    const timespec tick{0, 200'000'000};
    bool requested = false;
    while (!done) {
      if (!requested) {
        const int sig = sigtimedwait(&signals, nullptr, &tick);
        if (sig > 0) caught = sig;
        requested = sig > 0 || (stop != nullptr && *stop);
      } else {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
      // stop() only acts on a server that is listening: a signal that came before it did
      // waits for it.
      if (requested && server.is_running()) {
        server.stop();
        return;
      }
    }
  });
  // Every competition is read once now, in the background, so that the first page asked for
  // does not wait for its read (seconds at a million games); a request for one being read
  // waits for that read rather than making another.
  std::thread warmer([&site, &done] {
    for (const auto& f : site.found())
      if (!done) site.warm(f);
  });
  server.listen_after_bind();
  done = true;
  waiter.join();
  warmer.join();
  pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  out << "ringmaster serve: stopped"
      << (caught == SIGINT    ? " (SIGINT)"
          : caught == SIGTERM ? " (SIGTERM)"
                              : "")
      << std::endl;
  return 0;
}

}  // namespace rm::serve
